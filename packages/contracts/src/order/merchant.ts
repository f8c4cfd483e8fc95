// Merchant (role admin) schemas of the order routes.
import { type Static, Type } from 'typebox';
import { Id, OrderNo } from './fields.ts';

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
