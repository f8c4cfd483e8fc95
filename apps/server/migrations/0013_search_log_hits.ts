import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Anonymous searches are logged as one row per keyword per flush with a hit count, instead of a
 * row per search: a flood of anonymous searches then writes a handful of rows, not thousands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `alter table search_log add column hits integer not null default 1;`);
}
