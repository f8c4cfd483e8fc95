import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * 包邮 per SKU (the 9.9 zone's 尝鲜装 ship free): a store's order whose every line is such a SKU
 * pays no shipping; mixed with other lines, the store's usual rule applies (pricing.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, 'alter table sku add column free_shipping boolean not null default false;');
}
