import type { Kysely } from 'kysely';

/** Invoice titles and invoices; feedback, reports, contact entries and dictionaries. (Slot reserved; filled in by its module's work.) */
export async function up(_db: Kysely<unknown>): Promise<void> {}
