// Test support for the dashboard: orders paid and refunded through the API, and what the orders
// and refunds say by direct SQL (what the dashboard's rollups must equal).
import type { DashboardPeriod, DashboardSummary } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { get, post } from './aftersale-kit.ts';
import { type Buyer, newOrder, topUp } from './order-kit.ts';

/** Places one submit (one order per store) and pays it from the wallet; its order numbers. */
export async function placeAndPay(
  app: FastifyInstance,
  b: Buyer,
  items: { skuId: number; quantity: number }[],
  /** false: the wallet holds enough already (concurrent payments of one buyer). */
  withTopUp = true,
): Promise<{ orderNos: string[]; payAmount: number }> {
  const placed = await newOrder(app, b, items);
  expect(placed.status).toBe(200);
  const { payNo, payAmount, orderNos } = placed.body.data;
  if (withTopUp) await topUp(app, b.token, payAmount);
  const paid = await post(app, 'order/newBalancePay', b.token, {
    orderNo: payNo,
    payPassword: '135790',
  });
  expect(paid.status).toBe(200);
  return { orderNos, payAmount };
}

/** Asks a refund of one line and has the operator approve it (paid back to the wallet). */
export async function refundLine(
  app: FastifyInstance,
  b: Buyer,
  operator: string,
  body: { orderNo: string; skuId: number; amount: number },
  approve = true,
): Promise<string> {
  const applied = await post<{ refundNo: string }>(app, 'order/refundApply', b.token, {
    type: 'refund',
    reason: '不想要了',
    ...body,
  });
  expect(applied.status).toBe(200);
  const { refundNo } = applied.body.data;
  if (approve) {
    const ok = await post(app, 'admin/refund/approve', operator, { refundNo });
    expect(ok.status).toBe(200);
  }
  return refundNo;
}

export const summary = (
  app: FastifyInstance,
  token: string,
  query: Record<string, string | number> = {},
) => get<DashboardSummary>(app, 'admin/dashboard/summary', token, query);

const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const dayEnd = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** A period's figures straight from shop_order and refund (store 0: every store). */
export async function expectedFigures(
  app: FastifyInstance,
  store: number,
  p: { from: string; to: string },
) {
  const db = app.deps.db;
  const from = dayStart(p.from);
  const to = dayEnd(p.to);
  const inStore = store ? sql`and o.store_id = ${store}` : sql``;
  const orders = await sql<{ orders: string; paid: string; buyers: string }>`
    select count(*) as orders, coalesce(sum(o.pay_amount), 0) as paid,
      count(distinct o.user_id) as buyers
    from shop_order o where o.paid_at >= ${from} and o.paid_at < ${to} ${inStore}`.execute(db);
  const refunds = await sql<{ amount: string; orders: string }>`
    select coalesce(sum(r.amount), 0) as amount, count(distinct r.order_id) as orders
    from refund r join shop_order o on o.id = r.order_id
    where r.status = 'refunded' and o.paid_at >= ${from} and o.paid_at < ${to} ${inStore}`.execute(
    db,
  );
  const o = orders.rows[0];
  const r = refunds.rows[0];
  const paidAmount = Number(o?.paid ?? 0);
  const refundAmount = Number(r?.amount ?? 0);
  const count = Number(o?.orders ?? 0);
  return {
    gmv: paidAmount - refundAmount,
    paidAmount,
    refundAmount,
    orders: count,
    payingUsers: Number(o?.buyers ?? 0),
    refundOrders: Number(r?.orders ?? 0),
    avgOrderValue: count ? Math.round((paidAmount - refundAmount) / count) : 0,
  };
}

/** The summary's figures (new users and the rate left out) next to what SQL says. */
export async function expectSummaryExact(
  app: FastifyInstance,
  s: DashboardSummary,
  store: number,
): Promise<void> {
  const pick = (x: DashboardPeriod) => ({
    gmv: x.gmv,
    paidAmount: x.paidAmount,
    refundAmount: x.refundAmount,
    orders: x.orders,
    payingUsers: x.payingUsers,
    refundOrders: x.refundOrders,
    avgOrderValue: x.avgOrderValue,
  });
  expect(pick(s.current)).toEqual(await expectedFigures(app, store, s.current));
  expect(pick(s.previous)).toEqual(await expectedFigures(app, store, s.previous));
}

/** The top products of a period by SQL: line amounts less goods refunded. */
export async function expectedTop(app: FastifyInstance, store: number, day: string) {
  const inStore = store ? sql`and o.store_id = ${store}` : sql``;
  const rows = await sql<{ product_id: number; gmv: string; quantity: string }>`
    select i.product_id,
      sum(i.price * i.quantity - i.discount - i.redpacket - i.points_deduct
        - coalesce((select sum(r.amount - r.shipping_amount) from refund r
                    where r.order_item_id = i.id and r.status = 'refunded'), 0)) as gmv,
      sum(i.quantity) as quantity
    from order_item i join shop_order o on o.id = i.order_id
    where o.paid_at >= ${dayStart(day)} ${inStore}
    group by i.product_id order by gmv desc, i.product_id limit 10`.execute(app.deps.db);
  return rows.rows.map((r) => ({
    productId: r.product_id,
    gmv: Number(r.gmv),
    quantity: Number(r.quantity),
  }));
}

/** A store's merchant balance in the ledger (credited by payments, debited by refunds). */
export async function merchantBalance(app: FastifyInstance, storeId: number): Promise<number> {
  const row = await app.deps.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('code', '=', `store:${storeId}`)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/**
 * The funnel of a period ending today by SQL, from the footprints, carts and orders: per step,
 * the distinct users who did it and every step before it since `day` (in the store, or anywhere).
 */
export async function expectedFunnel(app: FastifyInstance, store: number, day: string) {
  const from = dayStart(day);
  const inStore = (col: string) => (store ? sql`and ${sql.ref(col)} = ${store}` : sql``);
  const r = await sql<{ v: number; c: number; o: number; p: number }>`
    with steps as (
      select f.user_id, 1 as step from product_footprint f join product p on p.id = f.product_id
        where f.day >= ${day}::date ${inStore('p.store_id')}
      union
      select c.user_id, 2 from cart_item c join sku k on k.id = c.sku_id
        join product p on p.id = k.product_id
        where c.updated_at >= ${from} ${inStore('p.store_id')}
      union
      select o.user_id, 3 from shop_order o where o.created_at >= ${from} ${inStore('o.store_id')}
      union
      select o.user_id, 4 from shop_order o where o.paid_at >= ${from} ${inStore('o.store_id')}
    ), per as (
      select user_id, bool_or(step = 1) as v, bool_or(step = 2) as c, bool_or(step = 3) as o,
        bool_or(step = 4) as p
      from steps group by user_id
    )
    select count(*) filter (where v)::int as v, count(*) filter (where v and c)::int as c,
      count(*) filter (where v and c and o)::int as o,
      count(*) filter (where v and c and o and p)::int as p
    from per`.execute(app.deps.db);
  const row = r.rows[0];
  return [row?.v ?? 0, row?.c ?? 0, row?.o ?? 0, row?.p ?? 0];
}
