import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * 处方药: a product sold only against a pharmacist's prescription. Its detail page says so; the
 * flag is what order placement will check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `alter table product add column rx boolean not null default false;`);
}
