import type { ErrorTable } from './table.ts';

/** Errors of invoices and the service pages (feedback, contact us, reports, rules, dictionary). */
export const INVOICE_ERRORS = {} as const satisfies ErrorTable;
