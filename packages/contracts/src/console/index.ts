export * from './access.ts';
export * from './content.ts';
export * from './orders.ts';
export * from './permissions.ts';
