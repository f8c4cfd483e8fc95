export * from './api/index.ts';
export * from './format.ts';
export * from './platform/index.ts';
export * from './sku.ts';
