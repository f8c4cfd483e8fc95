import type { ErrorTable } from './table.ts';

/** Errors of logistics and evaluations. */
export const LOGISTICS_ERRORS = {} as const satisfies ErrorTable;
