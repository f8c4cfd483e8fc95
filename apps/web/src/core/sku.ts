// The SKU picker's rules and the order-lines codec live in packages/core (shared with the
// mini-program).
export * from '@chaopin/core/sku';
