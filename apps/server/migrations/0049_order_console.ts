import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The console's order pages: the merchant's own remark on an order (the buyer's note stays
 * `note`), and the indexes a store's lists page by, newest first (orders, after-sales requests,
 * invoices), so that a 商家's list never scans other stores' rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table shop_order add column merchant_remark varchar(200) not null default '';
    create index shop_order_store_idx on shop_order(store_id, id desc);
    create index refund_store_idx on refund(store_id, id desc);
    create index invoice_store_idx on invoice(store_id, id desc);
  `,
  );
}
