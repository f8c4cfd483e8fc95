import { sql } from 'kysely';
import type { AnyDb } from '../../platform/db.ts';

/** Shards of the per-day buyer counts: a buyer's row is user_id % SHARDS (migration 0054). */
const SHARDS = 16;

/**
 * The day from which a user counts at funnel step k of a period ending today: the earliest of
 * their last days of steps 1..k, null while one was never done (as migration 0055 counts them).
 */
export function reachDay(k: number, prefix = ''): string {
  const cols = ['view_day', 'cart_day', 'order_day', 'paid_day'].slice(0, k).map((c) => prefix + c);
  return `case when ${cols.map((c) => `${c} is null`).join(' or ')} then null else least(${cols.join(', ')}) end`;
}

/** A paid order as the rollups take it. */
export interface PaidRow {
  id: number;
  store: number;
  buyer: number;
  amount: number;
  /** The start of its China hour (ISO) and its China day. */
  hour: string;
  day: string;
}

export interface PaidLineRow {
  order_id: number;
  product: number;
  quantity: number;
  amount: number;
}

/** A refund paid back, with the order it belongs to, booked to that order's hour and day. */
export interface RefundRow {
  refundNo: string;
  orderId: number;
  store: number;
  product: number;
  hour: string;
  day: string;
  amount: number;
  /** The goods part of `amount` (shipping excluded), what the product gave back. */
  goods: number;
}

/** A signed-in user did funnel step `step` (1 view, 2 cart add, 3 order placed, 4 paid) on a day. */
export interface FunnelStepRow {
  store: number;
  user: number;
  step: 1 | 2 | 3 | 4;
  day: string;
}

/**
 * The rollups' writes. Each is one statement (data-modifying CTEs), so a payment or a refund
 * adds one round trip to its transaction; rows of one statement are inserted in key order, so
 * concurrent payments lock the rollup rows they share in the same order.
 */
/** Raw SQL on the writer's transaction (a payment's or a refund's, on its module's view). */
export class RollupRepo {
  /** Counts paid orders once each (dash_paid); answers how many were new. */
  async addPaid(trx: AnyDb, orders: readonly PaidRow[], lines: readonly PaidLineRow[]) {
    // A buyer's payments are counted one after the other: the statement below reads the buyer's
    // last paid day before it moves it (the dash_last_day histogram), which a concurrent payment
    // of the same buyer must not read at the same time.
    for (const buyer of [...new Set(orders.map((o) => o.buyer))].sort((a, b) => a - b)) {
      await sql`select pg_advisory_xact_lock(hashtext('dash_buyer'), ${buyer})`.execute(trx);
    }
    const row = await sql<{ counted: number }>`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(orders)}::jsonb)
          as x(id int, store int, buyer int, amount bigint, hour timestamptz, day date)
      ), fresh as (
        insert into dash_paid (order_id) select id from input order by id
        on conflict do nothing returning order_id
      ), o as (
        select input.* from input join fresh on fresh.order_id = input.id
      ), h as (
        insert into dash_hourly as t (store_id, hour, paid_orders, paid_amount)
        select store, hour, count(*), sum(amount) from o group by store, hour order by store, hour
        on conflict (store_id, hour) do update set paid_orders = t.paid_orders + excluded.paid_orders,
          paid_amount = t.paid_amount + excluded.paid_amount
      ), d as (
        insert into dash_daily as t (store_id, day, paid_orders, paid_amount)
        select store, day, count(*), sum(amount) from o group by store, day order by store, day
        on conflict (store_id, day) do update set paid_orders = t.paid_orders + excluded.paid_orders,
          paid_amount = t.paid_amount + excluded.paid_amount
      ), p as (
        insert into dash_product_daily as t (product_id, day, store_id, paid_amount, quantity, orders)
        select l.product, o.day, min(o.store), sum(l.amount), sum(l.quantity), count(distinct o.id)
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
          as l(order_id int, product int, quantity int, amount bigint)
        join o on o.id = l.order_id
        group by l.product, o.day order by l.product, o.day
        on conflict (product_id, day) do update set paid_amount = t.paid_amount + excluded.paid_amount,
          quantity = t.quantity + excluded.quantity, orders = t.orders + excluded.orders
      ), nb as (
        select s, buyer, min(day) as first_day, max(day) as last_day from (
          select store as s, buyer, day from o union all select 0, buyer, day from o
        ) y group by s, buyer
      ), old as (
        select b.store_id, b.user_id, b.last_day from dash_buyer b
        join nb on b.store_id = nb.s and b.user_id = nb.buyer
      ), b as (
        insert into dash_buyer as t (store_id, user_id, first_day, last_day)
        select s, buyer, first_day, last_day from nb order by s, buyer
        on conflict (store_id, user_id) do update set
          first_day = least(t.first_day, excluded.first_day),
          last_day = greatest(t.last_day, excluded.last_day)
      ), moved as (
        -- The buyer's last paid day moves later: one fewer on the old day, one more on the new.
        select nb.s, old.last_day as day, nb.buyer % ${sql.raw(String(SHARDS))} as shard, -1 as n
        from nb join old on old.store_id = nb.s and old.user_id = nb.buyer
        where nb.last_day > old.last_day
        union all
        select nb.s, nb.last_day, nb.buyer % ${sql.raw(String(SHARDS))}, 1
        from nb left join old on old.store_id = nb.s and old.user_id = nb.buyer
        where old.last_day is null or nb.last_day > old.last_day
      ), ld as (
        insert into dash_last_day as t (store_id, day, shard, buyers)
        select s, day, shard, sum(n) from moved group by s, day, shard order by s, day, shard
        on conflict (store_id, day, shard) do update set buyers = t.buyers + excluded.buyers
      ), bd as (
        insert into dash_buyer_day (store_id, day, user_id)
        select store, day, buyer from o union select 0, day, buyer from o
        order by 1, 2, 3
        on conflict do nothing
        returning store_id, day, user_id
      ), db as (
        -- A day's distinct buyers: the (store, day, buyer) rows this payment was the first of.
        insert into dash_day_buyers as t (store_id, day, shard, buyers)
        select store_id, day, user_id % ${sql.raw(String(SHARDS))}, count(*) from bd group by 1, 2, 3
        order by 1, 2, 3
        on conflict (store_id, day, shard) do update set buyers = t.buyers + excluded.buyers
      )
      select count(*)::int as counted from fresh`.execute(trx);
    // The funnel's last step, exact as the rest (a replay moves nothing: the same day again).
    await this.addFunnelSteps(
      trx,
      orders.map((o) => ({ store: o.store, user: o.buyer, step: 4, day: o.day })),
    );
    return row.rows[0]?.counted ?? 0;
  }

  /** Counts a refund once (dash_refund); false when it was counted before. */
  async addRefund(trx: AnyDb, r: RefundRow): Promise<boolean> {
    const row = await sql<{ counted: number }>`
      with fresh as (
        insert into dash_refund (refund_no, order_id) values (${r.refundNo}, ${r.orderId})
        on conflict do nothing returning order_id
      ), first as (
        -- The statement's snapshot does not see the row just inserted: any row is an earlier refund.
        select count(*)::int as n from fresh
        where not exists (select 1 from dash_refund e where e.order_id = ${r.orderId})
      ), h as (
        insert into dash_hourly as t (store_id, hour, refund_amount)
        select ${r.store}, ${r.hour}::timestamptz, ${r.amount} from fresh
        on conflict (store_id, hour) do update set refund_amount = t.refund_amount + excluded.refund_amount
      ), d as (
        insert into dash_daily as t (store_id, day, refund_amount, refund_orders)
        select ${r.store}, ${r.day}::date, ${r.amount}, (select n from first) from fresh
        on conflict (store_id, day) do update set refund_amount = t.refund_amount + excluded.refund_amount,
          refund_orders = t.refund_orders + excluded.refund_orders
      ), p as (
        insert into dash_product_daily as t (product_id, day, store_id, refund_amount)
        select ${r.product}, ${r.day}::date, ${r.store}, ${r.goods} from fresh
        on conflict (product_id, day) do update set refund_amount = t.refund_amount + excluded.refund_amount
      )
      select count(*)::int as counted from fresh`.execute(trx);
    return (row.rows[0]?.counted ?? 0) > 0;
  }

  /**
   * Moves users along the funnel (migration 0055): each row's step day becomes the user's last
   * for that step in the store and on the platform, and the reach counters follow each user whose
   * reach day of a step moved (one fewer on the old day, one more on the new). The caller holds
   * the users' buyer locks (lockUsers), so the rows read here are the latest.
   */
  async addFunnelSteps(trx: AnyDb, rows: readonly FunnelStepRow[]): Promise<void> {
    if (!rows.length) return;
    const reach = (k: number) => `(${k}, ${reachDay(k, 'old_')}, ${reachDay(k, 'new_')})`;
    await sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(store int, "user" int, step int, day date)
      ), agg as (
        select s, u, max(day) filter (where step = 1) as v, max(day) filter (where step = 2) as c,
          max(day) filter (where step = 3) as o, max(day) filter (where step = 4) as p
        from (select store as s, "user" as u, step, day from input
          union all select 0, "user", step, day from input) y
        group by s, u
      ), merged as (
        select agg.s, agg.u,
          f.view_day as old_view_day, f.cart_day as old_cart_day,
          f.order_day as old_order_day, f.paid_day as old_paid_day,
          greatest(f.view_day, agg.v) as new_view_day, greatest(f.cart_day, agg.c) as new_cart_day,
          greatest(f.order_day, agg.o) as new_order_day, greatest(f.paid_day, agg.p) as new_paid_day
        from agg left join dash_funnel_user f on f.store_id = agg.s and f.user_id = agg.u
      ), up as (
        insert into dash_funnel_user as t (store_id, user_id, view_day, cart_day, order_day, paid_day)
        select s, u, new_view_day, new_cart_day, new_order_day, new_paid_day from merged
        order by s, u
        on conflict (store_id, user_id) do update set view_day = excluded.view_day,
          cart_day = excluded.cart_day, order_day = excluded.order_day, paid_day = excluded.paid_day
      ), moved as (
        select s, u, r.k, r.before, r.after from merged cross join lateral (values
          ${sql.raw([1, 2, 3, 4].map(reach).join(', '))}) as r(k, before, after)
        where r.before is distinct from r.after
      ), counts as (
        select s, k, before as day, u % ${sql.raw(String(SHARDS))} as shard, -1 as n
        from moved where before is not null
        union all
        select s, k, after, u % ${sql.raw(String(SHARDS))}, 1 from moved where after is not null
      )
      insert into dash_funnel_reach as t (store_id, step, day, shard, users)
      select s, k, day, shard, sum(n) from counts group by 1, 2, 3, 4 order by 1, 2, 3, 4
      on conflict (store_id, step, day, shard) do update set users = t.users + excluded.users`.execute(
      trx,
    );
  }

  /**
   * Takes the buyer locks of these users for the transaction, in id order (as addPaid takes its
   * buyers'): a user's funnel row and buyer rows are written by one transaction at a time.
   */
  async lockUsers(trx: AnyDb, users: readonly number[]): Promise<void> {
    const ids = [...new Set(users)].sort((a, b) => a - b);
    if (!ids.length) return;
    await sql`select pg_advisory_xact_lock(hashtext('dash_buyer'), u)
      from unnest(${ids}::int[]) with ordinality as x(u, i) order by i`.execute(trx);
  }
}
