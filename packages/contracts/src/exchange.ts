// The points mall (积分商城): coupons, red packets and products bought with points (a product
// with points, or points + cash, as a one-unit order through the normal order path), stock exact
// under concurrency, a per-user limit, each purchase once per client key.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { PagedQuery } from './envelope.ts';
import { CLIENT_KEY_PATTERN, NewOrderData, ORDER_NOTE_MAX } from './order/index.ts';

export const EXCHANGE_KINDS = ['coupon', 'redpacket', 'product'] as const;
export type ExchangeKind = (typeof EXCHANGE_KINDS)[number];
export const EXCHANGE_KIND_TEXT: Record<ExchangeKind, string> = {
  coupon: '优惠券',
  redpacket: '红包',
  product: '商品',
};

const KindSchema = Type.Union([
  Type.Literal('coupon'),
  Type.Literal('redpacket'),
  Type.Literal('product'),
]);
const Invalid = { errorId: 'EXCHANGE_ITEM_INVALID' };

export const ExchangeItemBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 40, ...Invalid }),
  kind: Type.Union(
    [Type.Literal('coupon'), Type.Literal('redpacket'), Type.Literal('product')],
    Invalid,
  ),
  couponTemplateId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, ...Invalid })),
  /** A red packet's amount (fen). */
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, ...Invalid })),
  /** A product item's SKU (one unit per purchase, from the SKU's stock like any order). */
  skuId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, ...Invalid })),
  /** A product item's cash part (fen) on top of the points; 0 or absent: points only. */
  cash: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000, ...Invalid })),
  image: Type.Optional(Type.String({ maxLength: 500, ...Invalid })),
  points: Type.Integer({ minimum: 1, maximum: 100_000_000, ...Invalid }),
  stock: Type.Integer({ minimum: 1, maximum: 1_000_000, ...Invalid }),
  perUserLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, ...Invalid })),
});
export type ExchangeItemBody = Static<typeof ExchangeItemBody>;

export const ExchangeItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  kind: KindSchema,
  couponTemplateId: Type.Union([Type.Null(), Type.Integer()]),
  amount: Type.Union([Type.Null(), Type.Integer()]),
  image: Type.String(),
  points: Type.Integer(),
  /** The cash part (fen) paid at the cashier with the order (0: points only). */
  cash: Type.Integer(),
  stock: Type.Integer(),
  sold: Type.Integer(),
  perUserLimit: Type.Integer(),
  /** Units the caller has bought (0 when logged out). */
  mine: Type.Integer(),
  /** A product item's goods (null for coupons and red packets). */
  product: Type.Union([
    Type.Null(),
    Type.Object({
      skuId: Type.Integer(),
      productId: Type.Integer(),
      skuName: Type.String(),
      /** The SKU's own price. */
      originalPrice: Type.Integer(),
      /** The store's shipping fee for the order (cash part only counts toward free shipping). */
      shippingFee: Type.Integer(),
      inStock: Type.Boolean(),
    }),
  ]),
});
export type ExchangeItem = Static<typeof ExchangeItem>;

export const ExchangeItemsQuery = Type.Object({
  kind: Type.Optional(
    Type.Union(
      [Type.Literal('coupon'), Type.Literal('redpacket'), Type.Literal('product')],
      Invalid,
    ),
  ),
});
export type ExchangeItemsQuery = Static<typeof ExchangeItemsQuery>;

export const ExchangeHomeData = Type.Object({
  /** The caller's points (0 when logged out). */
  balance: Type.Integer(),
  list: Type.Array(ExchangeItem),
});
export type ExchangeHomeData = Static<typeof ExchangeHomeData>;

export const ExchangeBuyBody = Type.Object({
  itemId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'EXCHANGE_ITEM_NOT_FOUND' }),
  clientKey: Type.String({ pattern: CLIENT_KEY_PATTERN, errorId: 'CLIENT_KEY_INVALID' }),
  /** A product item's delivery address (required for products, ignored otherwise). */
  addressId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'ADDRESS_REQUIRED' }),
  ),
  note: Type.Optional(Type.String({ maxLength: ORDER_NOTE_MAX, errorId: 'ORDER_NOTE_TOO_LONG' })),
});
export type ExchangeBuyBody = Static<typeof ExchangeBuyBody>;

export const ExchangePurchase = Type.Object({
  id: Type.Integer(),
  itemId: Type.Integer(),
  kind: KindSchema,
  title: Type.String(),
  points: Type.Integer(),
  cash: Type.Integer(),
  /** A product purchase's order, else null. */
  orderNo: Type.Union([Type.Null(), Type.String()]),
  /** The product's order was cancelled unpaid and the points have come back. */
  returned: Type.Boolean(),
  /** The in-app page that uses what was bought (a product: its order). */
  link: Type.String(),
  createdAt: Type.String(),
});
export type ExchangePurchase = Static<typeof ExchangePurchase>;

export const ExchangeBuyData = Type.Object({
  purchase: ExchangePurchase,
  /** False when the client key named an earlier purchase (nothing was spent again). */
  fresh: Type.Boolean(),
  balance: Type.Integer(),
  /** A product purchase's order to pay (cash part + shipping) at the cashier; else null. */
  order: Type.Union([Type.Null(), NewOrderData]),
});
export type ExchangeBuyData = Static<typeof ExchangeBuyData>;

export const ExchangeMineQuery = PagedQuery({});
export type ExchangeMineQuery = Static<typeof ExchangeMineQuery>;

export const ExchangeItemCreated = Type.Object({ id: Type.Integer() });
export type ExchangeItemCreated = Static<typeof ExchangeItemCreated>;
