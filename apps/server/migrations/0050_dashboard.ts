import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The console dashboard's rollups (modules/dashboard): what every dashboard query reads instead
 * of the orders, so that it answers in a few ms at any number of orders. Kept exact by the
 * dashboard's reactions to order.paid and refund.refunded, in the producer's transaction.
 *
 * - dash_hourly / dash_daily: per store and China hour / China day of the PAYMENT: orders paid,
 *   their amount, the refunds of those orders (booked to the order's paid hour and day, so a
 *   period's GMV is what its orders kept), orders with a refund; daily also had the funnel's counts
 *   (product views, cart adds, orders placed), which 0055 replaces with distinct users.
 *   The platform is the sum over stores (no platform row, so no row every payment locks).
 * - dash_product_daily: a product's paid lines and goods refunded, per day of payment.
 * - dash_buyer: per store (store 0: the platform) and buyer, the first and last China day they
 *   paid: "paying users since day D" is a count of last_day >= D, "new buyers" of first_day.
 * - dash_buyer_day: who paid on each day (store 0: the platform), for closed periods' distinct
 *   buyers, which dash_window keeps once computed (a closed period never changes).
 * - dash_paid / dash_refund: each order and refund counted once (a replayed event adds nothing;
 *   a refund finds whether its order was refunded before).
 * - app_user(created_at): the platform's new users of a period by index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table dash_hourly (
      store_id integer not null,
      hour timestamptz not null,
      paid_orders integer not null default 0,
      paid_amount bigint not null default 0,
      refund_amount bigint not null default 0,
      primary key (store_id, hour)
    );
    create index dash_hourly_hour on dash_hourly (hour);

    create table dash_daily (
      store_id integer not null,
      day date not null,
      paid_orders integer not null default 0,
      paid_amount bigint not null default 0,
      refund_amount bigint not null default 0,
      refund_orders integer not null default 0,
      views integer not null default 0,
      cart_adds integer not null default 0,
      placed_orders integer not null default 0,
      primary key (store_id, day)
    );
    create index dash_daily_day on dash_daily (day);

    create table dash_product_daily (
      product_id integer not null,
      day date not null,
      store_id integer not null,
      paid_amount bigint not null default 0,
      refund_amount bigint not null default 0,
      quantity integer not null default 0,
      orders integer not null default 0,
      primary key (product_id, day)
    );
    create index dash_product_daily_day on dash_product_daily (day);
    create index dash_product_daily_store on dash_product_daily (store_id, day);

    create table dash_buyer (
      store_id integer not null,
      user_id integer not null,
      first_day date not null,
      last_day date not null,
      primary key (store_id, user_id)
    );
    create index dash_buyer_last on dash_buyer (store_id, last_day);
    create index dash_buyer_first on dash_buyer (store_id, first_day);

    create table dash_buyer_day (
      store_id integer not null,
      day date not null,
      user_id integer not null,
      primary key (store_id, day, user_id)
    );

    create table dash_window (
      store_id integer not null,
      last_day date not null,
      days integer not null,
      buyers integer not null,
      primary key (store_id, last_day, days)
    );

    create table dash_paid (order_id integer primary key);
    create table dash_refund (
      refund_no text primary key,
      order_id integer not null
    );
    create index dash_refund_order on dash_refund (order_id);

    create index app_user_created_idx on app_user (created_at);
    `,
  );
  await backfillDashboard(db);
}

/** China hour and day of a timestamptz column, whatever the session's time zone. */
const hourOf = (col: string) => `date_trunc('hour', ${col} at time zone 'UTC') at time zone 'UTC'`;
const dayOf = (col: string) => `(${col} at time zone 'UTC' + interval '8 hours')::date`;

/**
 * Fills the rollups from the orders, lines and refunds already there (the dashboard's reactions
 * keep them from then on). Exported for bench/dashboard, which seeds orders in bulk. (The funnel's
 * counts, first kept here, are migration 0055's: distinct users per step.)
 */
export async function backfillDashboard<T>(db: Kysely<T>): Promise<void> {
  const paid = `select o.id, o.store_id, o.user_id, o.pay_amount, ${hourOf('o.paid_at')} as hour,
      ${dayOf('o.paid_at')} as day
    from shop_order o where o.paid_at is not null`;
  const refunded = `select r.refund_no, r.order_id, r.amount, r.amount - r.shipping_amount as goods,
      i.product_id, o.store_id, ${hourOf('o.paid_at')} as hour, ${dayOf('o.paid_at')} as day
    from refund r join shop_order o on o.id = r.order_id join order_item i on i.id = r.order_item_id
    where r.status = 'refunded' and o.paid_at is not null`;
  await runScript(
    db,
    `
    insert into dash_paid (order_id) select id from shop_order where paid_at is not null
      on conflict do nothing;
    insert into dash_refund (refund_no, order_id)
      select refund_no, order_id from refund where status = 'refunded' on conflict do nothing;

    insert into dash_hourly (store_id, hour, paid_orders, paid_amount, refund_amount)
    select store_id, hour, sum(n), sum(amount), sum(refunded) from (
      select store_id, hour, 1 as n, pay_amount as amount, 0 as refunded from (${paid}) p
      union all
      select store_id, hour, 0, 0, amount from (${refunded}) r
    ) x group by store_id, hour
    on conflict (store_id, hour) do update set paid_orders = excluded.paid_orders,
      paid_amount = excluded.paid_amount, refund_amount = excluded.refund_amount;

    insert into dash_daily (store_id, day, paid_orders, paid_amount, refund_amount, refund_orders)
    select store_id, day, sum(n), sum(amount), sum(refunded), sum(refund_orders) from (
      select store_id, day, 1 as n, pay_amount as amount, 0 as refunded, 0 as refund_orders
        from (${paid}) p
      union all
      select store_id, day, 0, 0, sum(amount), count(distinct order_id)
        from (${refunded}) r group by store_id, day
    ) x group by store_id, day
    on conflict (store_id, day) do update set paid_orders = excluded.paid_orders,
      paid_amount = excluded.paid_amount, refund_amount = excluded.refund_amount,
      refund_orders = excluded.refund_orders;

    insert into dash_product_daily (product_id, day, store_id, paid_amount, refund_amount, quantity,
      orders)
    select product_id, day, min(store_id), sum(amount), sum(refunded), sum(quantity), sum(orders)
    from (
      select i.product_id, p.day, p.store_id,
        sum(i.price * i.quantity - i.discount - i.redpacket - i.points_deduct) as amount,
        0 as refunded, sum(i.quantity) as quantity, count(distinct i.order_id) as orders
        from order_item i join (${paid}) p on p.id = i.order_id
        group by i.product_id, p.day, p.store_id
      union all
      select product_id, day, store_id, 0, sum(goods), 0, 0 from (${refunded}) r
        group by product_id, day, store_id
    ) x group by product_id, day
    on conflict (product_id, day) do update set paid_amount = excluded.paid_amount,
      refund_amount = excluded.refund_amount, quantity = excluded.quantity,
      orders = excluded.orders;

    insert into dash_buyer_day (store_id, day, user_id)
    select distinct store_id, day, user_id from (${paid}) p
    union
    select distinct 0, day, user_id from (${paid}) p
    on conflict do nothing;

    insert into dash_buyer (store_id, user_id, first_day, last_day)
    select store_id, user_id, min(day), max(day) from dash_buyer_day group by store_id, user_id
    on conflict (store_id, user_id) do update set first_day = least(dash_buyer.first_day,
      excluded.first_day), last_day = greatest(dash_buyer.last_day, excluded.last_day);
    `,
  );
}
