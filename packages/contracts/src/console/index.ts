export * from './access.ts';
export * from './content.ts';
export * from './dashboard.ts';
export * from './permissions.ts';
export * from './users.ts';
