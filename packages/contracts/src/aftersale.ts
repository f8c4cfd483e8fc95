// Schemas of refunds and returns (after-sales), shared by server and web. Money is integer fen.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery, PageQuery } from './envelope.ts';

/** Days after receipt during which after-sales may be requested (server config AFTERSALE_DAYS). */
export const AFTERSALE_DAYS_DEFAULT = 7;
export const REFUND_DESC_MAX = 200;
export const REFUND_IMAGES_MAX = 6;

export const REFUND_TYPES = ['refund', 'return'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];
export const REFUND_TYPE_TEXT: Record<RefundType, string> = {
  refund: '仅退款',
  return: '退货退款',
};

export const REFUND_REASONS = [
  '不想要了',
  '拍错了/多拍了',
  '商品质量问题',
  '商品与描述不符',
  '收到商品破损',
  '少件/漏发',
  '发货太慢',
  '其他',
] as const;

export const REFUND_STATUSES = [
  'pending',
  'approved',
  'returning',
  'refunding',
  'refunded',
  'rejected',
  'cancelled',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Statuses in which a request is still open (at most one open request per order line). */
export const REFUND_OPEN_STATUSES: readonly RefundStatus[] = [
  'pending',
  'approved',
  'returning',
  'refunding',
];
export const REFUND_STATUS_TEXT: Record<RefundStatus, string> = {
  pending: '待商家处理',
  approved: '待买家退货',
  returning: '待商家收货',
  refunding: '退款中',
  refunded: '退款成功',
  rejected: '商家已驳回',
  cancelled: '已撤销',
};

/** Where the money goes back to: the wallet for balance payments, else the payment channel. */
export const REFUND_TO_TEXT: Record<string, string> = {
  balance: '原路退回至账户余额',
  sandbox: '原路退回至支付账户（沙箱）',
};

const OrderNo = Type.String({ minLength: 1, maxLength: 40, errorId: 'ORDER_NOT_FOUND' });
const RefundNo = Type.String({ minLength: 1, maxLength: 40, errorId: 'REFUND_NOT_FOUND' });
const SkuId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'REFUND_ITEM_NOT_FOUND' });
const TypeField = Type.Union([Type.Literal('refund'), Type.Literal('return')], {
  errorId: 'REFUND_TYPE_INVALID',
});
const Fen = Type.Integer();
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const RefundMoneyQuery = Type.Object({ orderNo: OrderNo, skuId: SkuId });
export type RefundMoneyQuery = Static<typeof RefundMoneyQuery>;

export const RefundLine = Type.Object({
  orderNo: Type.String(),
  skuId: Type.Integer(),
  title: Type.String(),
  skuName: Type.String(),
  image: Type.String(),
  price: Fen,
  quantity: Type.Integer(),
});

/** queryRefundMoney: what may be refunded for one order line now. */
export const RefundMoneyData = Type.Intersect([
  RefundLine,
  Type.Object({
    itemAmount: Fen,
    refunded: Fen,
    /** Most that may be asked for now (includes `shippingIncluded` when it is the last line before shipping). */
    maxAmount: Fen,
    shippingIncluded: Fen,
    /** Before shipping a line is refunded whole: the amount is fixed to maxAmount. */
    fullRequired: Type.Boolean(),
    types: Type.Array(TypeField),
    refundTo: Type.String(),
    refundToText: Type.String(),
    /** When the after-sales window closes (null before receipt). */
    windowEndsAt: Nullable(Type.String()),
    reasons: Type.Array(Type.String()),
  }),
]);
export type RefundMoneyData = Static<typeof RefundMoneyData>;

export const RefundApplyBody = Type.Object({
  orderNo: OrderNo,
  skuId: SkuId,
  type: TypeField,
  reason: Type.String({ minLength: 1, maxLength: 20, errorId: 'REFUND_REASON_INVALID' }),
  description: Type.Optional(
    Type.String({ maxLength: REFUND_DESC_MAX, errorId: 'REFUND_DESC_TOO_LONG' }),
  ),
  /** Uploaded image URLs: an array (JSON bodies) or its JSON text (form bodies). */
  images: Type.Optional(Type.Unknown({ description: 'string[] or its JSON text' })),
  amount: Type.Integer({ minimum: 1, maximum: 100_000_000, errorId: 'REFUND_AMOUNT_INVALID' }),
});
export type RefundApplyBody = Static<typeof RefundApplyBody>;
export const RefundNoData = Type.Object({ refundNo: Type.String() });
export type RefundNoData = Static<typeof RefundNoData>;

export const RefundNoBody = Type.Object({ refundNo: RefundNo });
export type RefundNoBody = Static<typeof RefundNoBody>;

export const ReturnOrderBody = Type.Object({
  refundNo: RefundNo,
  carrier: Type.String({ minLength: 1, maxLength: 40, errorId: 'RETURN_INFO_INVALID' }),
  trackingNo: Type.String({ pattern: '^[A-Za-z0-9-]{4,40}$', errorId: 'RETURN_INFO_INVALID' }),
});
export type ReturnOrderBody = Static<typeof ReturnOrderBody>;

export const RefundRejectBody = Type.Object({
  refundNo: RefundNo,
  reason: Type.String({ minLength: 1, maxLength: 60, errorId: 'REFUND_REJECT_REASON_INVALID' }),
});
export type RefundRejectBody = Static<typeof RefundRejectBody>;

export const RefundSummary = Type.Intersect([
  RefundLine,
  Type.Object({
    refundNo: Type.String(),
    type: TypeField,
    typeText: Type.String(),
    status: Type.String(),
    statusText: Type.String(),
    amount: Fen,
    createdAt: Type.String(),
  }),
]);
export type RefundSummary = Static<typeof RefundSummary>;

export const RefundDetail = Type.Intersect([
  RefundSummary,
  Type.Object({
    reason: Type.String(),
    description: Type.String(),
    images: Type.Array(Type.String()),
    rejectReason: Nullable(Type.String()),
    returnCarrier: Nullable(Type.String()),
    returnTrackingNo: Nullable(Type.String()),
    refundTo: Type.String(),
    refundToText: Type.String(),
    canCancel: Type.Boolean(),
    canReturn: Type.Boolean(),
    timeline: Type.Array(
      Type.Object({ status: Type.String(), text: Type.String(), time: Type.String() }),
    ),
  }),
]);
export type RefundDetail = Static<typeof RefundDetail>;

export const RefundListQuery = Type.Intersect([
  PageQuery,
  Type.Object({ orderNo: Type.Optional(OrderNo) }),
]);
export type RefundListQuery = Static<typeof RefundListQuery>;
export const RefundPage = Type.Object({
  list: Type.Array(RefundSummary),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});

/** `admin/refund/list`: the console's 售后 queue, newest first, narrowed by state, store, order. */
export const AdminRefundListQuery = PagedQuery({
  status: Type.Optional(
    Type.Union(
      REFUND_STATUSES.map((s) => Type.Literal(s)),
      { errorId: 'INVALID_PARAM' },
    ),
  ),
  type: Type.Optional(TypeField),
  storeId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STORE_NOT_FOUND' })),
  /** A refund or order number (exact). */
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
});
export type AdminRefundListQuery = Static<typeof AdminRefundListQuery>;

/** A request as the console's queue shows it: the buyer's reasons and photos beside the line. */
export const AdminRefundRow = Type.Intersect([
  RefundSummary,
  Type.Object({
    storeId: Type.Integer(),
    storeName: Type.String(),
    buyerId: Type.Integer(),
    buyerNickname: Type.String(),
    /** Masked (138****0000). */
    buyerPhone: Type.String(),
    reason: Type.String(),
    description: Type.String(),
    images: Type.Array(Type.String()),
    rejectReason: Nullable(Type.String()),
    returnCarrier: Nullable(Type.String()),
    returnTrackingNo: Nullable(Type.String()),
    refundTo: Type.String(),
    refundToText: Type.String(),
    refundedAt: Nullable(Type.String()),
    updatedAt: Type.String(),
    /** What the console may do now: 同意 / 驳回 (pending or returning) / 确认收货 (returning). */
    canApprove: Type.Boolean(),
    canReject: Type.Boolean(),
    canReceive: Type.Boolean(),
  }),
]);
export type AdminRefundRow = Static<typeof AdminRefundRow>;
export const AdminRefundPage = Type.Object({
  list: Type.Array(AdminRefundRow),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
export const AdminRefundDetail = Type.Intersect([
  AdminRefundRow,
  Type.Object({
    timeline: Type.Array(
      Type.Object({ status: Type.String(), text: Type.String(), time: Type.String() }),
    ),
  }),
]);
export type AdminRefundDetail = Static<typeof AdminRefundDetail>;

/** What the gateway posts to pay/refundNotify; `sign` is an HMAC of the other fields. */
export const RefundNotifyBody = Type.Object({
  refundNo: Type.String({ minLength: 1, maxLength: 40 }),
  amount: Type.Integer({ minimum: 0 }),
  nonce: Type.String({ minLength: 1, maxLength: 64 }),
  sign: Type.String({ minLength: 1, maxLength: 128, errorId: 'PAY_SIGNATURE_INVALID' }),
});
export type RefundNotifyBody = Static<typeof RefundNotifyBody>;
export const RefundNotifyData = Type.Object({ result: Type.String() });
