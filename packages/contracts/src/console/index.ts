export * from './access.ts';
export * from './dashboard.ts';
export * from './permissions.ts';
export * from './users.ts';
