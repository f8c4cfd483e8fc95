import type { Kysely } from 'kysely';

/** The messaging service: profiles, friends, blacklists, groups, conversations, messages. (Slot reserved; filled in by its module's work.) */
export async function up(_db: Kysely<unknown>): Promise<void> {}
