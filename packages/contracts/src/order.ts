// Request and response schemas of the order, payment and merchant routes. Money is integer fen.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { COUPON_CHOICE_MAX, CouponChoice } from './coupon.ts';
import { PagedQuery } from './envelope.ts';

/** Shipping rule (writeOrder/rule): per store, free from ¥99 of goods, else ¥8. */
export const FREE_SHIPPING_THRESHOLD = 9900;
export const SHIPPING_FEE_PER_STORE = 800;
/** Unpaid orders cancel themselves (and release their stock) after this long. */
export const ORDER_PAY_MINUTES = 30;
export const ORDER_NOTE_MAX = 200;
export const ORDER_LINES_MAX = 50;
export const ORDER_QUANTITY_MAX = 999;
export const RECHARGE_MIN = 100;
export const RECHARGE_MAX = 500_000;
export const CLIENT_KEY_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

const Id = (errorId: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, errorId });
const OrderNo = Type.String({ minLength: 1, maxLength: 40, errorId: 'ORDER_NOT_FOUND' });

export const OrderLineInput = Type.Object({
  skuId: Id('SKU_NOT_FOUND'),
  quantity: Type.Integer({ minimum: 1, maximum: ORDER_QUANTITY_MAX, errorId: 'QUANTITY_INVALID' }),
});
export type OrderLineInput = Static<typeof OrderLineInput>;
export const OrderLinesInput = Type.Array(OrderLineInput, {
  minItems: 1,
  maxItems: ORDER_LINES_MAX,
  errorId: 'ORDER_ITEMS_INVALID',
});
/**
 * JSON bodies send an array of OrderLineInput; form bodies (the app's helper) send the same array
 * as JSON text. Left untyped here (ajv's type coercion mangles a string-or-array union); the
 * server parses and checks it against OrderLinesInput.
 */
const LinesField = Type.Unknown({ description: 'OrderLineInput[] or its JSON text' });

export const OrderAddress = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  phone: Type.String(),
  province: Type.String(),
  city: Type.String(),
  district: Type.String(),
  detail: Type.String(),
  fullAddress: Type.String(),
});
export type OrderAddress = Static<typeof OrderAddress>;

/** The coupons a checkout uses: at most one per store plus one platform coupon. */
const CouponIdsField = Type.Optional(
  Type.Array(Id('COUPON_NOT_FOUND'), {
    maxItems: COUPON_CHOICE_MAX,
    uniqueItems: true,
    errorId: 'COUPON_CONFLICT',
  }),
);
const UseRedPacketField = Type.Optional(Type.Boolean({ errorId: 'INVALID_PARAM' }));

export const OrderPreviewBody = Type.Object({
  items: LinesField,
  addressId: Type.Optional(Id('ADDRESS_REQUIRED')),
  /** The coupons chosen in the sheet; absent: the best combination is chosen for the user. */
  couponIds: CouponIdsField,
  /** Deduct from the red-packet balance (absent: yes, when there is any). */
  useRedPacket: UseRedPacketField,
  /** Deduct with points (absent: no). */
  usePoints: UseRedPacketField,
  /** Also list every coupon of the wallet with its fit (the coupon sheet asks; checkout does not). */
  listCoupons: Type.Optional(Type.Boolean({ errorId: 'INVALID_PARAM' })),
});
export type OrderPreviewBody = Static<typeof OrderPreviewBody>;

export const PricedLineSchema = Type.Object({
  skuId: Type.Integer(),
  productId: Type.Integer(),
  title: Type.String(),
  skuName: Type.String(),
  image: Type.String(),
  price: Type.Integer(),
  quantity: Type.Integer(),
  subtotal: Type.Integer(),
  /** The line's share of the coupons (to the fen; the last line takes the remainder). */
  discount: Type.Integer(),
  /** The line's share of the red-packet deduction. */
  redPacket: Type.Integer(),
  /** The line's share of the points deduction (fen). */
  pointsDeduct: Type.Optional(Type.Integer()),
});
export const StorePart = Type.Object({
  storeId: Type.Integer(),
  storeName: Type.String(),
  items: Type.Array(PricedLineSchema),
  goodsAmount: Type.Integer(),
  shippingFee: Type.Integer(),
  /** Coupons and red packet taken off this store's order. */
  discountAmount: Type.Integer(),
  /** The platform coupon's part of discountAmount (the rest is the store's own coupon). */
  platformDiscount: Type.Integer(),
  redPacketAmount: Type.Integer(),
  /** What points took off this store's order (fen). */
  pointsAmount: Type.Optional(Type.Integer()),
  /** goods − discount − red packet − points + shipping. */
  payAmount: Type.Integer(),
});
export const OrderPreviewData = Type.Object({
  address: Type.Union([OrderAddress, Type.Null()]),
  stores: Type.Array(StorePart),
  goodsAmount: Type.Integer(),
  shippingFee: Type.Integer(),
  totalAmount: Type.Integer(),
  /** The wallet balance, and how much of it could pay this order (never above the total). */
  balance: Type.Integer(),
  balanceDeductible: Type.Integer(),
  freeShippingThreshold: Type.Integer(),
  shippingFeePerStore: Type.Integer(),
  /**
   * With listCoupons: every coupon of the user's wallet, usable ones first, with the reason when
   * not; otherwise empty (checkout shows the counts; the sheet asks for the list when opened).
   */
  coupons: Type.Array(CouponChoice),
  couponCounts: Type.Object({ usable: Type.Integer(), unusable: Type.Integer() }),
  /** The coupons applied (the best combination unless the request named them). */
  couponIds: Type.Array(Type.Integer()),
  discountAmount: Type.Integer(),
  /** The part of discountAmount the platform's coupon gives. */
  platformDiscount: Type.Integer(),
  redPacketBalance: Type.Integer(),
  /** Deducted from the red-packet balance (at most redPacketMaxSharePercent of goods). */
  redPacketDeduction: Type.Integer(),
  /** What the red packet could deduct here if chosen. */
  redPacketDeductible: Type.Integer(),
  useRedPacket: Type.Boolean(),
  redPacketMaxSharePercent: Type.Integer(),
  /** The points balance; fen the points take off (spending pointsUsed) and could take off. */
  pointsBalance: Type.Integer(),
  pointsDeduction: Type.Integer(),
  pointsUsed: Type.Integer(),
  pointsDeductible: Type.Integer(),
  usePoints: Type.Boolean(),
  /** The rule: this many points are worth ¥1, paying at most this percent of the goods. */
  pointsPerYuan: Type.Integer(),
  pointsMaxSharePercent: Type.Integer(),
  /** What membership takes off these goods (member prices are already in the lines' prices). */
  memberSaving: Type.Optional(Type.Integer()),
});
export type OrderPreviewData = Static<typeof OrderPreviewData>;

export const NewOrderBody = Type.Object({
  clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  addressId: Id('ADDRESS_REQUIRED'),
  items: LinesField,
  fromCart: Type.Optional(Type.Boolean({ errorId: 'INVALID_PARAM' })),
  note: Type.Optional(Type.String({ maxLength: ORDER_NOTE_MAX, errorId: 'ORDER_NOTE_TOO_LONG' })),
  /** The live room the order was placed from (its products must be on the room's shelf). */
  liveRoomId: Type.Optional(Id('LIVE_ROOM_NOT_FOUND')),
  /** Held by the new orders until paid (absent: none). */
  couponIds: CouponIdsField,
  /** Deduct from the red-packet balance (absent: no). */
  useRedPacket: UseRedPacketField,
  /** Deduct with points (absent: no). */
  usePoints: UseRedPacketField,
});
export type NewOrderBody = Static<typeof NewOrderBody>;
export const NewOrderData = Type.Object({
  /** Pays every order of this submit at once (any orderNo field also takes it). */
  payNo: Type.String(),
  orderNos: Type.Array(Type.String()),
  payAmount: Type.Integer(),
  expiresAt: Type.String(),
});
export type NewOrderData = Static<typeof NewOrderData>;

export const PAY_TYPES = ['balance', 'sandbox'] as const;
export const PayTypeData = Type.Object({
  list: Type.Array(
    Type.Object({
      type: Type.Union([Type.Literal('balance'), Type.Literal('sandbox')]),
      name: Type.String(),
    }),
  ),
  balance: Type.Integer(),
});
export type PayTypeData = Static<typeof PayTypeData>;
export const BalanceData = Type.Object({ balance: Type.Integer() });
export type BalanceData = Static<typeof BalanceData>;

export const BalancePayBody = Type.Object({
  orderNo: OrderNo,
  payPassword: Type.String({ pattern: '^\\d{6}$', errorId: 'PAY_PASSWORD_FORMAT' }),
});
export type BalancePayBody = Static<typeof BalancePayBody>;
export const PayResultData = Type.Object({
  orderNos: Type.Array(Type.String()),
  payAmount: Type.Integer(),
  balance: Type.Integer(),
});
export type PayResultData = Static<typeof PayResultData>;

export const OrderNoBody = Type.Object({ orderNo: OrderNo });
export type OrderNoBody = Static<typeof OrderNoBody>;
export const OrderNoQuery = OrderNoBody;

export const GatewayPayData = Type.Object({
  paymentNo: Type.String(),
  amount: Type.Integer(),
  /** The sandbox cashier page (stands in for the payment app). */
  cashierUrl: Type.String(),
});
export type GatewayPayData = Static<typeof GatewayPayData>;

export const RechargeBody = Type.Object({
  amount: Type.Integer({
    minimum: RECHARGE_MIN,
    maximum: RECHARGE_MAX,
    errorId: 'RECHARGE_AMOUNT_INVALID',
  }),
});
export type RechargeBody = Static<typeof RechargeBody>;

/** account/rechargeStatus: the state of one of the user's top-ups (paymentNo from recharge). */
export const RechargeStatusQuery = Type.Object({
  paymentNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'PAYMENT_NOT_FOUND' }),
});
export type RechargeStatusQuery = Static<typeof RechargeStatusQuery>;
export const RechargeStatusData = Type.Object({
  paymentNo: Type.String(),
  amount: Type.Integer(),
  /** pending until the gateway's notify; succeeded once the money is in the wallet. */
  status: Type.Union([
    Type.Literal('pending'),
    Type.Literal('succeeded'),
    Type.Literal('cancelled'),
    Type.Literal('refunded'),
  ]),
  /** The wallet balance now. */
  balance: Type.Integer(),
});
export type RechargeStatusData = Static<typeof RechargeStatusData>;

/** What the gateway posts to pay/notify; `sign` is an HMAC of the other fields. */
export const PayNotifyBody = Type.Object({
  paymentNo: Type.String({ minLength: 1, maxLength: 40 }),
  amount: Type.Integer({ minimum: 0 }),
  result: Type.Union([Type.Literal('paid'), Type.Literal('cancelled')]),
  nonce: Type.String({ minLength: 1, maxLength: 64 }),
  sign: Type.String({ minLength: 1, maxLength: 128, errorId: 'PAY_SIGNATURE_INVALID' }),
});
export type PayNotifyBody = Static<typeof PayNotifyBody>;
export const PayNotifyData = Type.Object({ result: Type.String() });

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

// Merchant (role admin)

const Text = (max: number, errorId = 'PRODUCT_INVALID') =>
  Type.String({ minLength: 1, maxLength: max, errorId });
const Fen = Type.Integer({ minimum: 0, maximum: 100_000_000, errorId: 'PRODUCT_INVALID' });
const Stock = Type.Integer({ minimum: 0, maximum: 10_000_000, errorId: 'PRODUCT_INVALID' });

export const SkuInput = Type.Object({
  id: Type.Optional(Id('SKU_NOT_FOUND')),
  name: Text(120),
  specs: Type.Optional(Type.Record(Type.String(), Type.String())),
  price: Fen,
  originPrice: Fen,
  stock: Stock,
  image: Text(512),
});
export const ProductSaveBody = Type.Object({
  id: Type.Optional(Id('NOT_FOUND')),
  storeId: Id('STORE_NOT_FOUND'),
  categoryId: Id('CATEGORY_NOT_FOUND'),
  title: Text(120),
  subtitle: Type.Optional(Type.String({ maxLength: 200, errorId: 'PRODUCT_INVALID' })),
  mainImage: Text(512),
  images: Type.Optional(Type.Array(Text(512), { maxItems: 20, errorId: 'PRODUCT_INVALID' })),
  originPrice: Fen,
  detail: Type.Optional(Type.String({ maxLength: 20_000, errorId: 'PRODUCT_INVALID' })),
  skus: Type.Array(SkuInput, { minItems: 1, maxItems: 100, errorId: 'PRODUCT_INVALID' }),
});
export type ProductSaveBody = Static<typeof ProductSaveBody>;
export const ProductSaveData = Type.Object({
  id: Type.Integer(),
  skuIds: Type.Array(Type.Integer()),
});
export const ShelfBody = Type.Object({
  id: Id('NOT_FOUND'),
  on: Type.Boolean({ errorId: 'INVALID_PARAM' }),
});
export type ShelfBody = Static<typeof ShelfBody>;
export const SkuStockBody = Type.Object({ skuId: Id('SKU_NOT_FOUND'), stock: Stock });
export type SkuStockBody = Static<typeof SkuStockBody>;
export const ShipBody = Type.Object({
  orderNo: OrderNo,
  carrier: Text(40, 'SHIPPING_INFO_INVALID'),
  trackingNo: Type.String({
    pattern: '^[A-Za-z0-9-]{4,40}$',
    errorId: 'SHIPPING_INFO_INVALID',
  }),
});
export type ShipBody = Static<typeof ShipBody>;

export const BuyAgainData = Type.Object({
  /** SKUs put back into the cart, and those skipped (sold out, off shelf…) with the reason. */
  added: Type.Array(Type.Integer()),
  skipped: Type.Array(Type.Object({ skuId: Type.Integer(), error: Type.String() })),
});
export type BuyAgainData = Static<typeof BuyAgainData>;

/** dealShipping: what a ¥0 prize order of this SKU will be charged for shipping (0: 免运费). */
export const DealShippingQuery = Type.Object({ skuId: Id('SKU_NOT_FOUND') });
export type DealShippingQuery = Static<typeof DealShippingQuery>;
export const DealShippingData = Type.Object({ shippingFee: Type.Integer() });
export type DealShippingData = Static<typeof DealShippingData>;
