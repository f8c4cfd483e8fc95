import { randomBytes } from 'node:crypto';
import type { PlatformDb } from './db.ts';

/**
 * The key for HMACs of stored secrets (SMS codes, ID numbers). Made once and kept in the database,
 * so every node of a cluster and every restart use the same one; APP_SECRET overrides it.
 */
export async function loadAppSecret(db: PlatformDb, override?: string): Promise<string> {
  if (override) return override;
  await db
    .insertInto('app_meta')
    .values({ key: 'app_secret', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', 'app_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
