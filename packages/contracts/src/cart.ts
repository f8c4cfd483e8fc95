// Request and response schemas of the cart routes.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';

/** The most of one SKU in one cart line, and the most distinct lines in a cart. */
export const CART_QUANTITY_MAX = 999;
export const CART_LINES_MAX = 120;

const SkuId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' });
const LineId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' });
const Quantity = Type.Integer({
  minimum: 1,
  maximum: CART_QUANTITY_MAX,
  errorId: 'QUANTITY_INVALID',
});
const Selected = Type.Boolean({ errorId: 'INVALID_PARAM' });
/** Line ids as `1,2,3` (a form body) or as an array (JSON, or a repeated form field). */
const LineIds = Type.Union(
  [
    Type.String({ pattern: '^\\s*\\d{1,10}(\\s*,\\s*\\d{1,10})*\\s*$', maxLength: 1500 }),
    Type.Array(LineId, { minItems: 1, maxItems: CART_LINES_MAX }),
  ],
  { errorId: 'IDS_INVALID' },
);

export const CartAddBody = Type.Object({ skuId: SkuId, quantity: Quantity });
export type CartAddBody = Static<typeof CartAddBody>;
export const CartAddData = Type.Object({
  /** The cart line, new or merged into. */
  id: Type.Integer(),
  /** The line's quantity after the add. */
  quantity: Type.Integer(),
  /** The tab badge: total quantity of valid lines. */
  count: Type.Integer(),
});
export type CartAddData = Static<typeof CartAddData>;

export const CartEditBody = Type.Object({
  id: LineId,
  quantity: Type.Optional(Quantity),
  selected: Type.Optional(Selected),
});
export type CartEditBody = Static<typeof CartEditBody>;

/** Exactly one of ids, storeId or all says which lines. */
export const CartSelectBody = Type.Object({
  selected: Selected,
  ids: Type.Optional(LineIds),
  storeId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' })),
  all: Type.Optional(Type.Boolean({ errorId: 'INVALID_PARAM' })),
});
export type CartSelectBody = Static<typeof CartSelectBody>;

export const CartDeleteBody = Type.Object({ ids: LineIds });
export type CartDeleteBody = Static<typeof CartDeleteBody>;

/** A line that can be bought; price and stock are the SKU's live values, in fen. */
export const CartItem = Type.Object({
  id: Type.Integer(),
  skuId: Type.Integer(),
  productId: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  skuName: Type.String(),
  price: Type.Integer(),
  quantity: Type.Integer(),
  stock: Type.Integer(),
  selected: Type.Boolean(),
});
export type CartItem = Static<typeof CartItem>;

export const CartStoreGroup = Type.Object({
  storeId: Type.Integer(),
  storeName: Type.String(),
  items: Type.Array(CartItem),
});
export type CartStoreGroup = Static<typeof CartStoreGroup>;

export const CART_INVALID_REASONS = ['offShelf', 'soldOut', 'gone'] as const;
export type CartInvalidReason = (typeof CART_INVALID_REASONS)[number];

/** A line that cannot be bought now; shown greyed out, only deletable. */
export const CartInvalidItem = Type.Object({
  id: Type.Integer(),
  skuId: Type.Integer(),
  /** 0 when the SKU no longer exists. */
  productId: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  skuName: Type.String(),
  quantity: Type.Integer(),
  reason: Type.Union([Type.Literal('offShelf'), Type.Literal('soldOut'), Type.Literal('gone')]),
});
export type CartInvalidItem = Static<typeof CartInvalidItem>;

export const CartTotals = Type.Object({
  /** Total quantity of the selected valid lines. */
  selectedCount: Type.Integer(),
  /** Sum of live price × quantity of the selected valid lines, in fen. */
  totalPrice: Type.Integer(),
  /** True when there is at least one valid line and every valid line is selected. */
  allSelected: Type.Boolean(),
});
export type CartTotals = Static<typeof CartTotals>;

export const CartView = Type.Object({
  stores: Type.Array(CartStoreGroup),
  invalid: Type.Array(CartInvalidItem),
  totals: CartTotals,
});
export type CartView = Static<typeof CartView>;

export const CartCountData = Type.Object({ count: Type.Integer() });
export type CartCountData = Static<typeof CartCountData>;
