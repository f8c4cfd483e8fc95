// The data of bench:dashboard (dashboard.ts): ORDERS orders of USERS buyers in STORES stores over
// the last DAYS days, one line each, every 20th unpaid (cancelled), every 40th refunded in full,
// seeded in bulk with SQL (generate_series) into a migrated database, then the dashboard's rollups
// filled by the migration's own backfill (migrations/0050_dashboard.ts).
import { sql } from 'kysely';
import { backfillDashboard } from '../../apps/server/migrations/0050_dashboard.ts';
import { backfillBuyerCounts } from '../../apps/server/migrations/0054_dashboard_buyer_counts.ts';
import { backfillFunnel } from '../../apps/server/migrations/0055_dashboard_funnel_users.ts';
import type { Db } from '../../apps/server/src/database.ts';

export const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
export const USERS = Number(process.env.USERS ?? 200_000);
export const STORES = 50;
export const PRODUCTS = 1000;
export const DAYS = 90;
export const OPERATOR_PHONE = '13800000000';

const price = (product: string) => `(1000 + (${product} * 37) % 20000)`;

/** Seeds, backfills; `vacuum`: as PostgreSQL's autovacuum leaves tables (else ANALYZE only, as the embedded server). */
export async function seed(db: Db, { vacuum }: { vacuum: boolean }) {
  const t0 = performance.now();
  const step = async (label: string, run: () => Promise<unknown>) => {
    const s = performance.now();
    await run();
    console.log(`  ${label}: ${((performance.now() - s) / 1000).toFixed(1)} s`);
  };
  await step('stores, products, SKUs, users', async () => {
    await sql`insert into category (id, name, icon) overriding system value
      values (1, '服饰', '/assets/c.png')`.execute(db);
    await sql`insert into store (id, name, logo) overriding system value
      select s, '压测店铺' || s, '/assets/logo.png' from generate_series(1, ${STORES}::int) s`.execute(
      db,
    );
    await sql`insert into product (id, store_id, category_id, title, main_image, price, origin_price)
      overriding system value
      select p, 1 + (p - 1) % ${STORES}::int, 1, '压测商品' || p, '/assets/p.png',
        ${sql.raw(price('p'))}, ${sql.raw(price('p'))} * 2
      from generate_series(1, ${PRODUCTS}::int) p`.execute(db);
    await sql`insert into sku (id, product_id, name, price, origin_price, stock, image)
      overriding system value
      select p, p, '默认', ${sql.raw(price('p'))}, ${sql.raw(price('p'))} * 2, 1000000, '/assets/p.png'
      from generate_series(1, ${PRODUCTS}::int) p`.execute(db);
    // Buyers registered over the last year; the operator signs in by SMS.
    await sql`insert into app_user (id, phone, nickname, avatar, created_at) overriding system value
      select id, '13' || lpad(id::text, 9, '0'), '潮友_' || id, '/assets/avatars/0.svg',
        now() - (id % 365) * interval '1 day' - (id % 1440) * interval '1 minute'
      from generate_series(1, ${USERS}::int) id`.execute(db);
    await sql`insert into app_user (id, phone, nickname, avatar, role) overriding system value
      values (${USERS + 1}, ${OPERATOR_PHONE}, '平台运营', '/assets/avatars/0.svg', 'admin')`.execute(
      db,
    );
  });
  for (const t of ['category', 'store', 'product', 'sku']) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), (select max(id) from ${sql.table(t)}))`.execute(
      db,
    );
  }
  await sql`select setval(pg_get_serial_sequence('app_user', 'id'), (select max(id) from app_user))`.execute(
    db,
  );

  // Order g: a buyer by a multiplicative hash, store g % STORES, one of that store's products,
  // paid (g − 1) / ORDERS × DAYS days ago; the group, order and line in ONE statement. Foreign
  // keys are not checked row by row for the bulk load (session_replication_role), as pg_restore.
  await step(`${ORDERS.toLocaleString('en')} orders (one statement)`, async () => {
    await sql`set session_replication_role = replica`.execute(db);
    await sql`
      with o as (
        select g,
          1 + (g::bigint * 7919) % ${USERS}::int as user_id,
          1 + g % ${STORES}::int as store_id,
          1 + (g % ${STORES}::int) + ${STORES}::int * ((g * 31) % (${PRODUCTS}::int / ${STORES}::int)) as product_id,
          1 + g % 3 as qty,
          now() - ((g - 1)::double precision / ${ORDERS}::int) * interval '${sql.raw(String(DAYS))} days' as at,
          g % 20 <> 0 as paid
        from generate_series(1, ${ORDERS}::int) g
      ), priced as (
        select o.*, ${sql.raw(price('product_id'))} * qty as goods,
          case when ${sql.raw(price('product_id'))} * qty >= 9900 then 0 else 800 end as ship
        from o
      ), grp as (
        insert into order_group (id, group_no, user_id, client_key, total_amount, created_at)
        overriding system value
        select g, 'PB' || lpad(g::text, 12, '0'), user_id, 'bench-dash-' || g, goods + ship, at
        from priced returning id
      ), ord as (
        insert into shop_order (id, order_no, group_id, user_id, store_id, status, goods_amount,
          shipping_fee, pay_amount, address, pay_method, expires_at, paid_at, cancelled_at,
          created_at)
        overriding system value
        select g, 'BD' || lpad(g::text, 12, '0'), g, user_id, store_id,
          case when paid then 'finished' else 'cancelled' end, goods, ship, goods + ship, '{}',
          case when paid then 'balance' end, at + interval '30 minutes',
          case when paid then at end, case when not paid then at + interval '30 minutes' end,
          at - interval '1 minute'
        from priced returning id
      )
      insert into order_item (id, order_id, product_id, sku_id, title, sku_name, image, price,
        quantity)
      overriding system value
      select g, g, product_id, product_id, '压测商品' || product_id, '默认', '/assets/p.png',
        ${sql.raw(price('product_id'))}, qty
      from priced`.execute(db);
    await sql`
      insert into refund (order_id, order_item_id, user_id, store_id, order_no, sku_id, title,
        sku_name, image, price, quantity, type, status, amount, reason, refund_to,
        shipping_amount, created_at, updated_at, refunded_at)
      select o.id, i.id, o.user_id, o.store_id, o.order_no, i.sku_id, i.title, i.sku_name, i.image,
        i.price, i.quantity, 'refund', 'refunded', o.pay_amount, '不想要了', 'balance',
        o.shipping_fee, o.paid_at + interval '1 hour', o.paid_at + interval '2 hours',
        o.paid_at + interval '2 hours'
      from shop_order o join order_item i on i.order_id = o.id
      where o.id % 40 = 1 and o.paid_at is not null`.execute(db);
    await sql`set session_replication_role = default`.execute(db);
  });
  for (const t of ['order_group', 'shop_order', 'order_item']) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), ${ORDERS}::int)`.execute(db);
  }
  // The funnel's signed-in views and carts: the buyer of each order but every 7th viewed its
  // product that day (the 7th bought without a view: buy again, a 秒杀 link); every user viewed
  // another product every 6 days of the last 30; every 3rd user has a line in the cart.
  await step('footprints and carts', async () => {
    await sql`
      insert into product_footprint (user_id, product_id, day, viewed_at)
      select o.user_id, i.product_id, (o.created_at at time zone 'UTC' + interval '8 hours')::date,
        o.created_at
      from shop_order o join order_item i on i.order_id = o.id where o.id % 7 <> 0
      on conflict do nothing`.execute(db);
    await sql`
      insert into product_footprint (user_id, product_id, day, viewed_at)
      select u, 1 + (u * 13 + d) % ${PRODUCTS}::int, (now() at time zone 'UTC' + interval '8 hours')::date - d,
        now() - d * interval '1 day'
      from generate_series(1, ${USERS}::int) u, generate_series(1, 30, 6) d
      on conflict do nothing`.execute(db);
    await sql`
      insert into cart_item (user_id, sku_id, quantity, title, image, sku_name, created_at,
        updated_at)
      select u, 1 + u % ${PRODUCTS}::int, 1, '压测商品', '/assets/p.png', '默认',
        now() - (u % 30) * interval '1 day', now() - (u % 30) * interval '1 day'
      from generate_series(3, ${USERS}::int, 3) u`.execute(db);
  });
  await step('rollup backfill (migrations 0050, 0054, 0055)', async () => {
    await backfillDashboard(db);
    await backfillBuyerCounts(db);
    await backfillFunnel(db);
  });
  await step(vacuum ? 'vacuum analyze' : 'analyze', async () => {
    await sql.raw(vacuum ? 'vacuum analyze' : 'analyze').execute(db);
  });
  const counts = await sql<{ orders: number; paid: number; refunds: number; buyers: number }>`
    select (select count(*) from shop_order)::int as orders,
      (select count(*) from dash_paid)::int as paid,
      (select count(*) from dash_refund)::int as refunds,
      (select count(*) from dash_buyer where store_id = 0)::int as buyers`.execute(db);
  const c = counts.rows[0];
  if (c?.orders !== ORDERS) throw new Error(`seeded ${JSON.stringify(c)}`);
  console.log(
    `seeded ${c.orders} orders (${c.paid} paid, ${c.refunds} refunded, ${c.buyers} buyers) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
}
