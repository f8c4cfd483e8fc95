import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/** Shards of the funnel's counters (a user's row is user_id % SHARDS): as rollup.repo.ts. */
const SHARDS = 16;

/**
 * The day from which a user counts at step `k` (1-based) of a period that ends today: the
 * earliest of the last days they did steps 1..k (null while one of them was never done). A period
 * [from, today] has them at step k when it is on or after `from`. (As rollup.repo.ts's.)
 */
function reachDay(k: number): string {
  const cols = ['view_day', 'cart_day', 'order_day', 'paid_day'].slice(0, k);
  return `case when ${cols.map((c) => `${c} is null`).join(' or ')} then null else least(${cols.join(', ')}) end`;
}

/**
 * The order funnel (浏览 → 加购 → 下单 → 支付) in distinct users, each step a subset of the one
 * before, instead of dash_daily's separate counts (views, cart adds, orders placed), where orders
 * placed without a product view could outnumber the views (再次购买, API, 秒杀 links):
 * - dash_funnel_user: per store (0: the platform) and signed-in user, the last China day they
 *   viewed a product, added to the cart, placed and paid an order there;
 * - dash_funnel_reach: per store, step k, day D and shard, how many users' step-k reach day (see
 *   reachDay) is D. Every dashboard period ends today, so its step k is the sum over D ≥ from:
 *   at most 30 days × 16 shards of rows, whatever the number of users.
 * dash_daily's views, cart_adds and placed_orders go (nothing reads them any more).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table dash_funnel_user (
      store_id integer not null,
      user_id integer not null,
      view_day date,
      cart_day date,
      order_day date,
      paid_day date,
      primary key (store_id, user_id)
    );

    create table dash_funnel_reach (
      store_id integer not null,
      step smallint not null,
      day date not null,
      shard smallint not null,
      users integer not null default 0,
      primary key (store_id, step, day, shard)
    );

    alter table dash_daily drop column views, drop column cart_adds, drop column placed_orders;
    `,
  );
  await backfillFunnel(db);
}

const dayOf = (col: string) => `(${col} at time zone 'UTC' + interval '8 hours')::date`;

/**
 * Fills both tables from what the database holds, replacing their rows: views from the signed-in
 * footprints, cart adds from the carts' lines (what is still in a cart: earlier adds have no
 * history), orders placed and paid from the orders. Exported for bench/dashboard and the
 * dashboard test.
 */
export async function backfillFunnel<T>(db: Kysely<T>): Promise<void> {
  const steps = `
    select p.store_id, f.user_id, 1 as step, f.day
      from product_footprint f join product p on p.id = f.product_id
    union all
    select p.store_id, c.user_id, 2, ${dayOf('c.updated_at')}
      from cart_item c join sku k on k.id = c.sku_id join product p on p.id = k.product_id
    union all
    select store_id, user_id, 3, ${dayOf('created_at')} from shop_order
    union all
    select store_id, user_id, 4, ${dayOf('paid_at')} from shop_order where paid_at is not null`;
  await runScript(
    db,
    `
    delete from dash_funnel_user;
    delete from dash_funnel_reach;

    insert into dash_funnel_user (store_id, user_id, view_day, cart_day, order_day, paid_day)
    select s, user_id, max(day) filter (where step = 1), max(day) filter (where step = 2),
      max(day) filter (where step = 3), max(day) filter (where step = 4)
    from (
      select store_id as s, user_id, step, day from (${steps}) a
      union all
      select 0, user_id, step, day from (${steps}) b
    ) x group by s, user_id;

    insert into dash_funnel_reach (store_id, step, day, shard, users)
    select store_id, k, day, shard, count(*) from (
      select store_id, user_id % ${SHARDS} as shard, k.k, case k.k
        ${[1, 2, 3, 4].map((k) => `when ${k} then ${reachDay(k)}`).join(' ')} end as day
      from dash_funnel_user cross join generate_series(1, 4) as k(k)
    ) r where day is not null group by 1, 2, 3, 4;
    `,
  );
}
