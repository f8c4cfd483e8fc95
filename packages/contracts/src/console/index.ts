export * from './access.ts';
export * from './chat-desk.ts';
export * from './content.ts';
export * from './permissions.ts';
