// Merchant (role admin) schemas of the order routes.
import { type Static, Type } from 'typebox';
import { Id, OrderNo } from './fields.ts';

// Merchant (role admin); the product, shelf and stock schemas are console/catalogue.ts.

const Text = (max: number, errorId = 'PRODUCT_INVALID') =>
  Type.String({ minLength: 1, maxLength: max, errorId });

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
