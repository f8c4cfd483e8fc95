import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * A prescription buys once: order placement sets used_order_id with one conditional UPDATE
 * (`where used_order_id is null`), so of two concurrent checkouts only one takes it; the order
 * closing unpaid sets it back to null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table medicine_prescription add column used_order_id integer references shop_order(id);
    create index medicine_prescription_used_order on medicine_prescription (used_order_id)
      where used_order_id is not null;
    `,
  );
}
