import type { ErrorTable } from './table.ts';

/** Errors of refunds and returns (after-sales). */
export const AFTERSALE_ERRORS = {} as const satisfies ErrorTable;
