import type { Kysely } from 'kysely';

/** Logistics tracking state, automatic receipt, and writing evaluations. (Slot reserved; filled in by its module's work.) */
export async function up(_db: Kysely<unknown>): Promise<void> {}
