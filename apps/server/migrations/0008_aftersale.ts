import type { Kysely } from 'kysely';

/** Refunds and returns (after-sales): requests, their items, images and timeline. (Slot reserved; filled in by its module's work.) */
export async function up(_db: Kysely<unknown>): Promise<void> {}
