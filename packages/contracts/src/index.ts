export * from './constants.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './home.ts';
export * from './upload.ts';
export * from './user.ts';
