import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Products from redeem codes and the points mall: each places a one-unit order of a SKU through
 * the order module's deal port (a code at ¥0, a mall item at its cash part), shipping as any
 * order, the unit from the SKU's stock.
 *
 * redeem_batch.sku_id: a product batch's SKU. redeem_code.order_id/order_no: the order a product
 * code last placed; while it is unpaid or paid the code is spent, once it is cancelled unpaid the
 * code's redeemer may place it again (the code is never burned by an expired unpaid order).
 *
 * exchange_item.sku_id/cash: a product item's SKU and cash part. exchange_order.order_id/order_no:
 * a product purchase's order; paid_at is set when it is paid (then the purchase is final) and
 * returned_at when it was cancelled unpaid and the points, the unit and the allowance came back.
 * The partial index holds only the purchases still waiting for their order, which the return
 * sweep scans.
 *
 * 0031's unnamed table checks are named by PostgreSQL in order (…_check: sold/redeemed,
 * …_check1: the coupon's template, …_check2: "amount only for non-coupons", replaced here).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table redeem_batch add column sku_id integer references sku(id);
    alter table redeem_batch drop constraint redeem_batch_kind_check;
    alter table redeem_batch add constraint redeem_batch_kind_check
      check (kind in ('coupon', 'redpacket', 'points', 'product'));
    alter table redeem_batch drop constraint redeem_batch_check2;
    alter table redeem_batch add constraint redeem_batch_amount_check1
      check ((kind in ('redpacket', 'points')) = (amount is not null));
    alter table redeem_batch add constraint redeem_batch_sku_check
      check ((kind = 'product') = (sku_id is not null));

    alter table redeem_code add column order_id integer references shop_order(id);
    alter table redeem_code add column order_no varchar(32);
    alter table redeem_code add constraint redeem_code_order_check
      check (order_id is null or redeemed_by is not null);

    alter table exchange_item add column sku_id integer references sku(id);
    alter table exchange_item add column cash integer not null default 0 check (cash >= 0);
    alter table exchange_item drop constraint exchange_item_kind_check;
    alter table exchange_item add constraint exchange_item_kind_check
      check (kind in ('coupon', 'redpacket', 'product'));
    alter table exchange_item drop constraint exchange_item_check2;
    alter table exchange_item add constraint exchange_item_amount_check1
      check ((kind = 'redpacket') = (amount is not null));
    alter table exchange_item add constraint exchange_item_sku_check
      check ((kind = 'product') = (sku_id is not null));
    alter table exchange_item add constraint exchange_item_cash_check1
      check (kind = 'product' or cash = 0);

    alter table exchange_order add column cash integer not null default 0 check (cash >= 0);
    alter table exchange_order add column order_id integer references shop_order(id);
    alter table exchange_order add column order_no varchar(32);
    alter table exchange_order add column paid_at timestamptz;
    alter table exchange_order add column returned_at timestamptz;
    create index exchange_order_waiting_idx on exchange_order(order_id)
      where order_id is not null and paid_at is null and returned_at is null;
    create index exchange_order_no_idx on exchange_order(order_no) where order_no is not null;
  `,
  );
}
