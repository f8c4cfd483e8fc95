import type { ErrorTable } from './table.ts';

/** Errors of the messaging service (IM) and its SDK. */
export const IM_ERRORS = {} as const satisfies ErrorTable;
