// The console's order pages: list and export filters, rows, detail, shipping (one and a CSV),
// address and remark. Money is integer fen (the export writes yuan).
import { type Static, type TSchema, Type } from 'typebox';
import { ADDRESS_DETAIL_MAX, ADDRESS_DETAIL_MIN, CONSIGNEE_MAX } from '../address.ts';
import { AdminRefundRow } from '../aftersale.ts';
import { MAX_ID, PHONE_PATTERN } from '../constants.ts';
import { Page, PagedQuery } from '../envelope.ts';
import { LogisticsData } from '../logistics.ts';

export const ORDER_STATUSES = [
  'unpaid',
  'unshipped',
  'unreceived',
  'unevaluated',
  'finished',
  'cancelled',
] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** How the console sorts orders: 下单时间 (creation order), 支付时间, 实付金额. */
export const ORDER_SORTS = ['createdAt', 'paidAt', 'payAmount'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const PAY_METHOD_TEXT: Record<string, string> = {
  balance: '余额支付',
  sandbox: '在线支付（沙箱）',
  wechat: '微信支付',
  alipay: '支付宝',
};

/** Most rows one 批量发货 file may hold (header excluded). */
export const SHIP_IMPORT_MAX_ROWS = 5000;
export const ORDER_REMARK_MAX = 200;

const Time = Type.String({ format: 'date-time', errorId: 'ORDER_RANGE_INVALID' });
const StoreId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STORE_NOT_FOUND' });
const OrderId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'ORDER_NOT_FOUND' });
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The filters the list and the export share. Times are instants (ISO 8601), `to` exclusive. */
const OrderFilter = {
  /** An order number, a buyer or receiver phone, a receiver name, or words of a line's title. */
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
  status: Type.Optional(
    Type.Union(
      ORDER_STATUSES.map((s) => Type.Literal(s)),
      { errorId: 'INVALID_PARAM' },
    ),
  ),
  storeId: Type.Optional(StoreId),
  orderNo: Type.Optional(Type.String({ minLength: 1, maxLength: 40, errorId: 'INVALID_PARAM' })),
  buyerPhone: Type.Optional(Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' })),
  payMethod: Type.Optional(Type.String({ pattern: '^[a-z_]{1,20}$', errorId: 'INVALID_PARAM' })),
  liveRoomId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' }),
  ),
  createdFrom: Type.Optional(Time),
  createdTo: Type.Optional(Time),
  paidFrom: Type.Optional(Time),
  paidTo: Type.Optional(Time),
  sort: Type.Optional(
    Type.Union(
      ORDER_SORTS.map((s) => Type.Literal(s)),
      { errorId: 'INVALID_PARAM' },
    ),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { errorId: 'INVALID_PARAM' }),
  ),
};
export const AdminOrderListQuery = PagedQuery(OrderFilter);
export type AdminOrderListQuery = Static<typeof AdminOrderListQuery>;
export const AdminOrderExportQuery = Type.Object(OrderFilter);
export type AdminOrderExportQuery = Static<typeof AdminOrderExportQuery>;

export const AdminOrderRow = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  buyerId: Type.Integer(),
  buyerNickname: Type.String(),
  /** Masked (138****0000). */
  buyerPhone: Type.String(),
  /** The lines in one phrase (首件标题 等N件), their pieces and the first line's picture. */
  itemsSummary: Type.String(),
  itemCount: Type.Integer(),
  image: Type.String(),
  goodsAmount: Type.Integer(),
  shippingFee: Type.Integer(),
  discountAmount: Type.Integer(),
  redpacketAmount: Type.Integer(),
  pointsAmount: Type.Integer(),
  payAmount: Type.Integer(),
  status: Type.String(),
  statusText: Type.String(),
  payMethod: Nullable(Type.String()),
  payMethodText: Type.String(),
  liveRoomId: Nullable(Type.Integer()),
  receiverName: Type.String(),
  carrier: Nullable(Type.String()),
  trackingNo: Nullable(Type.String()),
  merchantRemark: Type.String(),
  createdAt: Type.String(),
  paidAt: Nullable(Type.String()),
  shippedAt: Nullable(Type.String()),
});
export type AdminOrderRow = Static<typeof AdminOrderRow>;
export const AdminOrderPage = Page(AdminOrderRow);

export const AdminOrderIdQuery = Type.Object({ id: OrderId });
export type AdminOrderIdQuery = Static<typeof AdminOrderIdQuery>;

const Line = Type.Object({
  itemId: Type.Integer(),
  skuId: Type.Integer(),
  productId: Type.Integer(),
  title: Type.String(),
  skuName: Type.String(),
  image: Type.String(),
  price: Type.Integer(),
  quantity: Type.Integer(),
  /** price × quantity, and the line's shares of what was taken off it. */
  amount: Type.Integer(),
  couponDiscount: Type.Integer(),
  platformDiscount: Type.Integer(),
  redPacket: Type.Integer(),
  points: Type.Integer(),
  pointsDeduct: Type.Integer(),
  memberSaving: Type.Integer(),
  evaluated: Type.Boolean(),
});

const Posting = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  kindText: Type.String(),
  ref: Type.String(),
  memo: Type.String(),
  createdAt: Type.String(),
  /** Points entries are in points, every other in fen. */
  entries: Type.Array(
    Type.Object({ account: Type.String(), accountKind: Type.String(), amount: Type.Integer() }),
  ),
});

export const AdminOrderDetail = Type.Object({
  ...AdminOrderRow.properties,
  groupNo: Type.String(),
  paymentNo: Nullable(Type.String()),
  /** The buyer's note at checkout. */
  note: Type.String(),
  cancelReason: Nullable(Type.String()),
  expiresAt: Type.String(),
  receivedAt: Nullable(Type.String()),
  cancelledAt: Nullable(Type.String()),
  address: Type.Object({
    name: Type.String(),
    phone: Type.String(),
    province: Type.String(),
    city: Type.String(),
    district: Type.String(),
    detail: Type.String(),
    fullAddress: Type.String(),
  }),
  lines: Type.Array(Line),
  discounts: Type.Object({
    coupon: Type.Integer(),
    platformCoupon: Type.Integer(),
    redPacket: Type.Integer(),
    pointsUsed: Type.Integer(),
    pointsAmount: Type.Integer(),
    memberSaving: Type.Integer(),
  }),
  payments: Type.Array(
    Type.Object({
      paymentNo: Type.String(),
      channel: Type.String(),
      channelText: Type.String(),
      amount: Type.Integer(),
      status: Type.String(),
      createdAt: Type.String(),
      finishedAt: Nullable(Type.String()),
    }),
  ),
  postings: Type.Array(Posting),
  logistics: Type.Union([LogisticsData, Type.Null()]),
  refunds: Type.Array(AdminRefundRow),
  messages: Type.Array(
    Type.Object({
      kind: Type.String(),
      title: Type.String(),
      content: Type.String(),
      createdAt: Type.String(),
      read: Type.Boolean(),
    }),
  ),
  timeline: Type.Array(
    Type.Object({ status: Type.String(), text: Type.String(), time: Type.String() }),
  ),
  canShip: Type.Boolean(),
  canChangeAddress: Type.Boolean(),
});
export type AdminOrderDetail = Static<typeof AdminOrderDetail>;

/** `admin/order/address`: the receiver before shipping (region codes as the address picker). */
const RegionCode = Type.String({ pattern: '^\\d{6}$', errorId: 'REGION_INVALID' });
export const AdminOrderAddressBody = Type.Object({
  id: OrderId,
  name: Type.String({ minLength: 1, maxLength: CONSIGNEE_MAX, errorId: 'CONSIGNEE_INVALID' }),
  phone: Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' }),
  provinceCode: RegionCode,
  cityCode: RegionCode,
  districtCode: RegionCode,
  detail: Type.String({
    minLength: ADDRESS_DETAIL_MIN,
    maxLength: ADDRESS_DETAIL_MAX,
    errorId: 'ADDRESS_DETAIL_INVALID',
  }),
});
export type AdminOrderAddressBody = Static<typeof AdminOrderAddressBody>;

export const AdminOrderRemarkBody = Type.Object({
  id: OrderId,
  /** Empty clears it. */
  remark: Type.String({ maxLength: ORDER_REMARK_MAX, errorId: 'ORDER_REMARK_INVALID' }),
});
export type AdminOrderRemarkBody = Static<typeof AdminOrderRemarkBody>;

/** `admin/order/shipImport` as JSON or a form: the CSV's text (else a text/csv body or a file). */
export const ShipImportBody = Type.Object({
  csv: Type.String({ minLength: 1, maxLength: 1_000_000, errorId: 'SHIP_IMPORT_INVALID' }),
});
export type ShipImportBody = Static<typeof ShipImportBody>;

export const ShipImportData = Type.Object({
  /** Rows shipped now. */
  shipped: Type.Integer(),
  /** Rows already shipped with the same carrier and number (an import sent twice): no change. */
  unchanged: Type.Integer(),
  /** Rows refused, each with its 1-based line in the file; nothing of them was applied. */
  failed: Type.Array(
    Type.Object({
      line: Type.Integer(),
      orderNo: Type.String(),
      error: Type.String(),
      msg: Type.String(),
    }),
  ),
});
export type ShipImportData = Static<typeof ShipImportData>;

/** The carriers the ship dialog offers. */
export const CarrierList = Type.Array(
  Type.Object({ code: Type.String(), name: Type.String(), aliases: Type.Array(Type.String()) }),
);
