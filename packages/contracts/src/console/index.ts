export * from './access.ts';
export * from './chat-desk.ts';
export * from './permissions.ts';
