import type { Kysely } from 'kysely';

/** System notices and order messages with read marks. (Slot reserved; filled in by its module's work.) */
export async function up(_db: Kysely<unknown>): Promise<void> {}
