// Request and response schemas of the order, payment and merchant routes, by concern. fields.ts
// (shared field schemas) is not re-exported.
export * from './checkout.ts';
export * from './merchant.ts';
export * from './orders.ts';
export * from './payment.ts';
