export * from './access.ts';
export * from './orders.ts';
export * from './permissions.ts';
