// Red packets (红包), the wallet's assets (我的资产), its bill (明细) and the rules pages.
// Money is integer fen; times are ISO strings.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';

/** Operator defaults (env REDPACKET_*). Red-packet balance pays at most this share of goods. */
export const RED_PACKET_MAX_SHARE_PERCENT = 20;
/** An unopened packet is kept this many days unless its issuer says otherwise. */
export const RED_PACKET_VALID_DAYS = 7;
/** The 新人红包 given with the new-user coupon pack: a random amount in this range (fen). */
export const RED_PACKET_NEW_USER_MIN = 100;
export const RED_PACKET_NEW_USER_MAX = 1000;

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });

export const RED_PACKET_SOURCES = ['activity', 'invitation', 'newUser', 'operator'] as const;
export type RedPacketSource = (typeof RED_PACKET_SOURCES)[number];
export const RED_PACKET_SOURCE_TEXT: Record<RedPacketSource, string> = {
  activity: '活动红包',
  invitation: '邀请奖励',
  newUser: '新人红包',
  operator: '平台赠送',
};

/**
 * A red packet: unopened (a range: 最高¥X), opened (its amount, fixed when opened, joined the
 * red-packet balance) or expired (not opened in time; 一键删除 removes these).
 */
export const RedPacket = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  source: Type.Union([
    Type.Literal('activity'),
    Type.Literal('invitation'),
    Type.Literal('newUser'),
    Type.Literal('operator'),
  ]),
  sourceText: Type.String(),
  state: Type.Union([Type.Literal('unopened'), Type.Literal('opened'), Type.Literal('expired')]),
  minAmount: Type.Integer(),
  maxAmount: Type.Integer(),
  /** Set when opened. */
  amount: Type.Union([Type.Integer(), Type.Null()]),
  expiresAt: Type.String(),
  openedAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type RedPacket = Static<typeof RedPacket>;

export const RED_PACKET_TABS = ['all', 'unopened', 'opened', 'expired'] as const;
export const RedPacketListQuery = PagedQuery({
  status: Type.Optional(
    Type.Enum([...RED_PACKET_TABS], { default: 'all', errorId: 'INVALID_PARAM' }),
  ),
});
export type RedPacketListQuery = Static<typeof RedPacketListQuery>;
export const RedPacketPage = Type.Object({
  list: Type.Array(RedPacket),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** The red-packet balance (opened packets not yet spent). */
  balance: Type.Integer(),
  unopened: Type.Integer(),
});
export type RedPacketPage = Static<typeof RedPacketPage>;
export const RedPacketIdBody = Type.Object({ id: Id('RED_PACKET_NOT_FOUND') });
export type RedPacketIdBody = Static<typeof RedPacketIdBody>;
export const RedPacketIdQuery = RedPacketIdBody;
export type RedPacketIdQuery = RedPacketIdBody;
export const RedPacketOpened = Type.Object({ packet: RedPacket, balance: Type.Integer() });
export type RedPacketOpened = Static<typeof RedPacketOpened>;
export const DeletedCount = Type.Object({ deleted: Type.Integer() });
export type DeletedCount = Static<typeof DeletedCount>;

/** Operator: gives packets (an activity, an invitation reward, a make-good). */
export const RedPacketIssueBody = Type.Object({
  userIds: Type.Array(Id('USER_NOT_FOUND'), {
    minItems: 1,
    maxItems: 1000,
    errorId: 'IDS_INVALID',
  }),
  title: Type.String({ minLength: 1, maxLength: 30, errorId: 'RED_PACKET_INVALID' }),
  source: Type.Enum([...RED_PACKET_SOURCES], { errorId: 'RED_PACKET_INVALID' }),
  minAmount: Type.Integer({ minimum: 1, maximum: 1_000_000, errorId: 'RED_PACKET_INVALID' }),
  maxAmount: Type.Integer({ minimum: 1, maximum: 1_000_000, errorId: 'RED_PACKET_INVALID' }),
  validDays: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 365, errorId: 'RED_PACKET_INVALID' }),
  ),
});
export type RedPacketIssueBody = Static<typeof RedPacketIssueBody>;
export const RedPacketIssued = Type.Object({ issued: Type.Integer() });
export type RedPacketIssued = Static<typeof RedPacketIssued>;

/** 我的资产. points: the points balance; commission: the commission account (negative: a debt). */
export const AssetsData = Type.Object({
  balance: Type.Integer(),
  redPacketBalance: Type.Integer(),
  unopenedRedPackets: Type.Integer(),
  couponCount: Type.Integer(),
  expiringCoupons: Type.Integer(),
  points: Type.Union([Type.Integer(), Type.Null()]),
  commission: Type.Union([Type.Integer(), Type.Null()]),
});
export type AssetsData = Static<typeof AssetsData>;

/** Which account a bill row moved: 余额 or 红包. */
export const BILL_ACCOUNTS = ['all', 'balance', 'redPacket'] as const;
export type BillAccount = (typeof BILL_ACCOUNTS)[number];
/** Kinds of movement, as the bill's filter offers them. */
export const BILL_KINDS = [
  'all',
  'recharge',
  'pay',
  'refund',
  'redPacket',
  'gift',
  'other',
] as const;
export type BillKind = (typeof BILL_KINDS)[number];
export const BILL_KIND_TEXT: Record<BillKind, string> = {
  all: '全部',
  recharge: '充值',
  pay: '消费',
  refund: '退款',
  redPacket: '红包',
  gift: '打赏',
  other: '其他',
};
export const BillQuery = PagedQuery({
  account: Type.Optional(
    Type.Enum([...BILL_ACCOUNTS], { default: 'all', errorId: 'INVALID_PARAM' }),
  ),
  kind: Type.Optional(Type.Enum([...BILL_KINDS], { default: 'all', errorId: 'INVALID_PARAM' })),
  /** YYYY-MM (Asia/Shanghai). */
  month: Type.Optional(
    Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', errorId: 'BILL_MONTH_INVALID' }),
  ),
});
export type BillQuery = Static<typeof BillQuery>;
export const BillRow = Type.Object({
  id: Type.Integer(),
  account: Type.Union([Type.Literal('balance'), Type.Literal('redPacket')]),
  kind: Type.Union([
    Type.Literal('recharge'),
    Type.Literal('pay'),
    Type.Literal('refund'),
    Type.Literal('redPacket'),
    Type.Literal('gift'),
    Type.Literal('other'),
  ]),
  /** 余额支付订单 / 售后退款 / 拆红包 … */
  title: Type.String(),
  /** Signed fen: + in, − out. */
  amount: Type.Integer(),
  /** The order it belongs to, when it belongs to one. */
  orderNo: Type.Union([Type.String(), Type.Null()]),
  ref: Type.String(),
  createdAt: Type.String(),
});
export type BillRow = Static<typeof BillRow>;
export const BillPage = Type.Object({
  list: Type.Array(BillRow),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** Totals of the filtered rows: money in and out. */
  income: Type.Integer(),
  expense: Type.Integer(),
});
export type BillPage = Static<typeof BillPage>;

/** The numbers the rules pages (befoUse, withdrawRule, writeOrder/rule) state, as configured. */
export const WalletRulesData = Type.Object({
  redPacketMaxSharePercent: Type.Integer(),
  redPacketValidDays: Type.Integer(),
  couponExpiringDays: Type.Integer(),
  freeShippingThreshold: Type.Integer(),
  shippingFeePerStore: Type.Integer(),
  orderPayMinutes: Type.Integer(),
  /** Points at checkout: this many are worth ¥1, paying at most this percent of the goods. */
  pointsPerYuan: Type.Optional(Type.Integer()),
  pointsMaxSharePercent: Type.Optional(Type.Integer()),
});
export type WalletRulesData = Static<typeof WalletRulesData>;
