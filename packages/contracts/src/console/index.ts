export * from './access.ts';
export * from './catalogue.ts';
export * from './content.ts';
export * from './dashboard.ts';
export * from './decor.ts';
export * from './orders.ts';
export * from './permissions.ts';
export * from './users.ts';
