import type { ErrorTable } from './table.ts';

/** Errors of system and order messages. */
export const MESSAGE_ERRORS = {} as const satisfies ErrorTable;
