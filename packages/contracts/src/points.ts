// Points (积分): the daily sign-in with streak bonuses and the points bill. Points are whole
// numbers in their own ledger accounts (never mixed with fen in one posting).
import { type Static, Type } from 'typebox';
import { PagedQuery } from './envelope.ts';

/** Operator defaults (env POINTS_*). */
export const POINTS_DEFAULTS = {
  /** Points of one sign-in, and the bonus on the 7th and the 30th day of a streak. */
  SIGN_IN: 10,
  STREAK_7_BONUS: 50,
  STREAK_30_BONUS: 200,
  /** The first paid order of a day earns these points once. */
  FIRST_ORDER: 20,
  /** Tasks: a review with photos (once per review), a share (once a day), a friend invited (once per friend). */
  REVIEW_PHOTO: 10,
  SHARE: 5,
  INVITE: 50,
  /** Checkout deduction: this many points are worth ¥1, and pay at most this share of the goods. */
  PER_YUAN: 100,
  MAX_SHARE_PERCENT: 20,
  /** Points expire at the end of the Nth year after the one they were earned in (0: never). */
  EXPIRY_YEARS: 1,
  /** The notice of points about to expire comes this many days before. */
  EXPIRY_NOTICE_DAYS: 30,
} as const;

export const SignInDay = Type.Object({
  /** YYYY-MM-DD (Asia/Shanghai). */
  day: Type.String(),
  points: Type.Integer(),
  streak: Type.Integer(),
});
export type SignInDay = Static<typeof SignInDay>;

/** integral: the calendar of this month, today, the streak and the balance. */
export const PointsHomeData = Type.Object({
  balance: Type.Integer(),
  /** Points a refunded order's first-order bonus took back beyond the balance: later earnings pay it first. */
  debt: Type.Optional(Type.Integer()),
  today: Type.String(),
  signedToday: Type.Boolean(),
  /** The streak including today when signed, else the one a sign-in today continues. */
  streak: Type.Integer(),
  /** What a sign-in today gives (base + bonus). */
  nextPoints: Type.Integer(),
  month: Type.Array(SignInDay),
  /** Today's share task is done. */
  sharedToday: Type.Optional(Type.Boolean()),
  rules: Type.Object({
    signIn: Type.Integer(),
    streak7Bonus: Type.Integer(),
    streak30Bonus: Type.Integer(),
    firstOrder: Type.Integer(),
    /** Tasks: a review with photos, the day's share, each friend invited. */
    reviewPhoto: Type.Optional(Type.Integer()),
    share: Type.Optional(Type.Integer()),
    invite: Type.Optional(Type.Integer()),
    /** Checkout: points worth ¥1 and the share of the goods they may pay. */
    perYuan: Type.Optional(Type.Integer()),
    maxSharePercent: Type.Optional(Type.Integer()),
    /** Points expire at the end of the Nth year after the one they were earned in (0: never). */
    expiryYears: Type.Optional(Type.Integer()),
    expiryNoticeDays: Type.Optional(Type.Integer()),
  }),
});
export type PointsHomeData = Static<typeof PointsHomeData>;

export const SignInData = Type.Object({
  /** False when today was signed before (a second tap answers the first sign-in). */
  fresh: Type.Boolean(),
  points: Type.Integer(),
  streak: Type.Integer(),
  balance: Type.Integer(),
});
export type SignInData = Static<typeof SignInData>;

/** The share task: points once a China-time day (a second share answers fresh: false). */
export const PointsShareData = Type.Object({
  fresh: Type.Boolean(),
  points: Type.Integer(),
  balance: Type.Integer(),
});
export type PointsShareData = Static<typeof PointsShareData>;

export const POINTS_KINDS = ['signin', 'first_order'] as const;
export const POINTS_KIND_TEXT: Record<string, string> = {
  signin: '每日签到',
  first_order: '每日首单奖励',
  first_order_refund: '订单退款扣回',
  review_photo: '晒图评价奖励',
  share: '分享奖励',
  invite: '邀请好友奖励',
  points_use: '下单抵扣',
  points_release: '订单取消退回',
  points_refund: '售后退款退回',
  points_expire: '积分过期',
  cards: '集卡奖励',
  exchange: '积分兑换',
  exchange_back: '积分兑换退回',
  redeem: '兑换码',
  game_entry: '竞猜报名',
  game_refund: '竞猜返还',
  draw: '幸运抽奖奖励',
  draw_spin: '幸运抽奖',
};
export const PointsBillQuery = PagedQuery({
  /** YYYY-MM (Asia/Shanghai). */
  month: Type.Optional(
    Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', errorId: 'BILL_MONTH_INVALID' }),
  ),
});
export type PointsBillQuery = Static<typeof PointsBillQuery>;
export const PointsBillRow = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  /** Signed: earned positive, spent negative. */
  amount: Type.Integer(),
  /** The order it came from, when one. */
  orderNo: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type PointsBillRow = Static<typeof PointsBillRow>;
export const PointsBillPage = Type.Object({
  list: Type.Array(PointsBillRow),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
  /** The month's (or all) earned and spent totals. */
  earned: Type.Integer(),
  spent: Type.Integer(),
  balance: Type.Integer(),
});
export type PointsBillPage = Static<typeof PointsBillPage>;
