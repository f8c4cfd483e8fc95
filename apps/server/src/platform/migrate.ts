import { type Kysely, Migrator } from 'kysely';
import { migrations } from '../../migrations/index.ts';

/** Applies pending migrations; Kysely's migration lock makes concurrent boots of a cluster safe. */
export async function migrateToLatest<Tables>(db: Kysely<Tables>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Branches number their migrations ahead; a data dir that ran a later number first still
    // takes an earlier one merged after it (each migration touches its own tables).
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
