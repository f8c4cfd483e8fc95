// Request and response schemas of the order, payment and merchant routes. Money is integer fen.
import { type Static, Type } from 'typebox';
import { COUPON_CHOICE_MAX, CouponChoice } from '../coupon.ts';
import { Id } from './fields.ts';

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
