export * from './access.ts';
export * from './content.ts';
export * from './permissions.ts';
