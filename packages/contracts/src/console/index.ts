export * from './access.ts';
export * from './permissions.ts';
