// The buyer's orders: tabs, lines, after-sale states, summaries, detail, address change.
import { type Static, Type } from 'typebox';
import { PagedQuery } from '../envelope.ts';
import { OrderAddress } from './checkout.ts';
import { Id, OrderNo } from './fields.ts';

export const ORDER_TABS = [
  'all',
  'unpaid',
  'unshipped',
  'unreceived',
  'unevaluated',
  'aftersale',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const OrderListQuery = PagedQuery({
  status: Type.Optional(
    Type.Union(
      ORDER_TABS.map((s) => Type.Literal(s)),
      { default: 'all', errorId: 'INVALID_PARAM' },
    ),
  ),
});
export type OrderListQuery = Static<typeof OrderListQuery>;

export const ORDER_STATUS_TEXT = {
  unpaid: '待付款',
  unshipped: '待发货',
  unreceived: '待收货',
  unevaluated: '待评价',
  finished: '已完成',
  cancelled: '已取消',
} as const;

export const OrderLine = Type.Object({
  skuId: Type.Integer(),
  productId: Type.Integer(),
  title: Type.String(),
  skuName: Type.String(),
  image: Type.String(),
  price: Type.Integer(),
  quantity: Type.Integer(),
  /** Order detail only: the line's id (evaluations name it) and whether it was evaluated. */
  itemId: Type.Optional(Type.Integer()),
  evaluated: Type.Optional(Type.Boolean()),
});
/**
 * An order's after-sales state as the order lists show it: 退款中 while any of its requests is
 * open, else 已退款 when money came back, 已拒绝 when the merchant turned it down, 已撤销 when the
 * buyer withdrew every request. `refundNo` is the request that decided (the newest of that kind).
 */
export const ORDER_AFTERSALE_STATES = ['refunding', 'refunded', 'rejected', 'cancelled'] as const;
export type OrderAftersaleState = (typeof ORDER_AFTERSALE_STATES)[number];
export const ORDER_AFTERSALE_TEXT: Record<OrderAftersaleState, string> = {
  refunding: '退款中',
  refunded: '已退款',
  rejected: '已拒绝',
  cancelled: '已撤销',
};
export const OrderAftersale = Type.Object({
  state: Type.Union([
    Type.Literal('refunding'),
    Type.Literal('refunded'),
    Type.Literal('rejected'),
    Type.Literal('cancelled'),
  ]),
  text: Type.String(),
  refundNo: Type.String(),
});
export type OrderAftersale = Static<typeof OrderAftersale>;

export const OrderSummary = Type.Object({
  orderNo: Type.String(),
  payNo: Type.String(),
  status: Type.String(),
  statusText: Type.String(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  items: Type.Array(OrderLine),
  goodsAmount: Type.Integer(),
  shippingFee: Type.Integer(),
  /** Coupons and red packet taken off: payAmount = goods − both + shipping. */
  discountAmount: Type.Integer(),
  redPacketAmount: Type.Integer(),
  /** What points took off (fen), and the points spent. */
  pointsAmount: Type.Optional(Type.Integer()),
  pointsUsed: Type.Optional(Type.Integer()),
  payAmount: Type.Integer(),
  createdAt: Type.String(),
  /** Only while unpaid: when it cancels itself (the countdown). */
  expiresAt: Type.Union([Type.String(), Type.Null()]),
  /** The after-sales state, when any request was ever made for this order. */
  aftersale: Type.Union([OrderAftersale, Type.Null()]),
});
export type OrderSummary = Static<typeof OrderSummary>;

/**
 * The badges of 我的's order shortcuts: orders waiting for payment, shipping, receipt and an
 * evaluation, and orders with an after-sales request still open.
 */
export const OrderCountData = Type.Object({
  unpaid: Type.Integer(),
  unshipped: Type.Integer(),
  unreceived: Type.Integer(),
  unevaluated: Type.Integer(),
  aftersale: Type.Integer(),
});
export type OrderCountData = Static<typeof OrderCountData>;
export const OrderPage = Type.Object({
  list: Type.Array(OrderSummary),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});

export const OrderDetail = Type.Intersect([
  OrderSummary,
  Type.Object({
    address: OrderAddress,
    note: Type.String(),
    payMethod: Type.Union([Type.String(), Type.Null()]),
    carrier: Type.Union([Type.String(), Type.Null()]),
    trackingNo: Type.Union([Type.String(), Type.Null()]),
    timeline: Type.Array(
      Type.Object({ status: Type.String(), text: Type.String(), time: Type.String() }),
    ),
  }),
]);
export type OrderDetail = Static<typeof OrderDetail>;

export const ChangeAddressBody = Type.Object({
  orderNo: OrderNo,
  addressId: Id('ADDRESS_REQUIRED'),
});
export type ChangeAddressBody = Static<typeof ChangeAddressBody>;
