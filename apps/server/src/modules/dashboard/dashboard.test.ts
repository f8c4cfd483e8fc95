// The dashboard equals what the orders, refunds and the ledger say: orders placed, paid and
// refunded through the API, then every figure compared with a direct SQL sum (both modes).
import type {
  DashboardFunnel,
  DashboardSeries,
  DashboardSummary,
  DashboardTopProducts,
} from '@chaopin/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillDashboard } from '../../../migrations/0050_dashboard.ts';
import { backfillBuyerCounts } from '../../../migrations/0054_dashboard_buyer_counts.ts';
import { backfillFunnel } from '../../../migrations/0055_dashboard_funnel_users.ts';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, post } from '../../../test/kits/aftersale-kit.ts';
import { type ConsoleUser, makeOperator, makeStoreMember } from '../../../test/kits/console-kit.ts';
import {
  expectedFunnel,
  expectedTop,
  expectSummaryExact,
  merchantBalance,
  placeAndPay,
  refundLine,
  summary,
} from '../../../test/kits/dashboard-kit.ts';
import {
  type Buyer,
  type Catalogue,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../test/kits/order-kit.ts';
import { reachDay } from './rollup.repo.ts';

let t: TestApp;
let op: ConsoleUser;
let ownerA: ConsoleUser;
let a: Catalogue;
let b: Catalogue;
let buyers: Buyer[];
const orderNosOf: Record<string, string[]> = {};

/** A funnel step's reach day in SQL (as migration 0055 and rollup.repo count it). */
const reachSql = `case k ${[1, 2, 3, 4].map((k) => `when ${k} then ${reachDay(k)}`).join(' ')} end`;

const MONEY = ['gmv', 'paidAmount', 'refundAmount', 'orders', 'payingUsers', 'refundOrders'];
const money = (s: DashboardSummary) =>
  [s.current, s.previous].map((p) =>
    Object.fromEntries(MONEY.map((k) => [k, p[k as keyof typeof p]])),
  );
const dash = <T>(path: string, token: string, q: Record<string, string | number> = {}) =>
  get<T>(t.app, `admin/dashboard/${path}`, token, q);

beforeAll(async () => {
  t = await createTestApp();
  op = await makeOperator(t.app);
  a = await makeProduct(t.app, { price: 2500, stock: 100, skus: 2 });
  b = await makeProduct(t.app, { price: 1200, stock: 100 });
  ownerA = await makeStoreMember(t.app, op.token, a.storeId, 'owner');
  buyers = [await makeBuyer(t.app), await makeBuyer(t.app), await makeBuyer(t.app)];
  const [b1, b2, b3] = buyers as [Buyer, Buyer, Buyer];
  const skuA0 = a.skuIds[0] as number;
  const skuA1 = a.skuIds[1] as number;
  const skuB = b.skuIds[0] as number;

  // Views and cart adds for the funnel: anonymous (cached page: no user to count) and signed in
  // (b1 twice: one user). b3 will buy without a view, as "buy again" or a 秒杀 link does.
  for (let i = 0; i < 3; i++) {
    await call(t.app, { method: 'GET', url: `${API}/goods/detail?id=${a.productId}` });
  }
  for (const token of [b1.token, b1.token, b2.token]) {
    await call(t.app, { method: 'GET', url: `${API}/goods/detail?id=${a.productId}`, token });
  }
  for (const token of [b1.token, b2.token]) {
    const added = await post(t.app, 'cart/add', token, { skuId: skuA0, quantity: 1 });
    expect(added.status).toBe(200);
  }

  // o1: store A only; o2: one payment, an order in each store; o3: refunded whole before
  // shipping (shipping fee included); o4: 包邮 (≥ ¥99), shipped, refunded in part.
  orderNosOf.o1 = (await placeAndPay(t.app, b1, [{ skuId: skuA0, quantity: 2 }])).orderNos;
  orderNosOf.o2 = (
    await placeAndPay(t.app, b1, [
      { skuId: skuA1, quantity: 1 },
      { skuId: skuB, quantity: 1 },
    ])
  ).orderNos;
  expect(orderNosOf.o2).toHaveLength(2);
  const o3 = await placeAndPay(t.app, b2, [{ skuId: skuB, quantity: 3 }]);
  await refundLine(t.app, b2, op.token, {
    orderNo: o3.orderNos[0] as string,
    skuId: skuB,
    amount: o3.payAmount,
  });
  const o4 = await placeAndPay(t.app, b3, [{ skuId: skuA0, quantity: 4 }]);
  expect(o4.payAmount).toBe(10_000);
  const o4No = o4.orderNos[0] as string;
  const shipped = await post(t.app, 'admin/order/ship', op.token, {
    orderNo: o4No,
    carrier: '顺丰速运',
    trackingNo: 'SF1234567890',
  });
  expect(shipped.status).toBe(200);
  await refundLine(t.app, b3, op.token, { orderNo: o4No, skuId: skuA0, amount: 3000 });
  // Not counted: an unpaid order, and a refund still waiting for the store.
  expect((await newOrder(t.app, b2, [{ skuId: skuA0, quantity: 1 }])).status).toBe(200);
  await refundLine(
    t.app,
    b1,
    op.token,
    { orderNo: orderNosOf.o1[0] as string, skuId: skuA0, amount: 5800 },
    false,
  );
  await t.app.dashboard.funnel.flush();
});

afterAll(async () => {
  await t?.close();
});

describe('dashboard figures equal the orders, refunds and ledger', () => {
  it('summary: platform and each store, every range, to the fen', async () => {
    for (const range of ['today', '7d', '30d']) {
      for (const storeId of [0, a.storeId, b.storeId]) {
        const res = await summary(t.app, op.token, storeId ? { range, storeId } : { range });
        expect(res.status).toBe(200);
        await expectSummaryExact(t.app, res.body.data, storeId);
      }
    }
    const platform = (await summary(t.app, op.token)).body.data;
    expect(platform.storeId).toBeNull();
    expect(platform.current).toMatchObject({
      orders: 5,
      paidAmount: 5800 + 3300 + 2000 + 4400 + 10_000,
      refundAmount: 4400 + 3000,
      payingUsers: 3,
      refundOrders: 2,
      refundRate: 0.4,
    });
    // The platform's new users: accounts registered today (the operator, the owner, 3 buyers).
    expect(platform.current.newUsers).toBeGreaterThanOrEqual(5);
    const storeB = (await summary(t.app, op.token, { storeId: b.storeId })).body.data;
    expect(storeB.current).toMatchObject({ newUsers: 2, payingUsers: 2, gmv: 2000 });
  });

  it("a store's GMV is its merchant account in the ledger", async () => {
    for (const store of [a, b]) {
      const s = (await summary(t.app, op.token, { range: '7d', storeId: store.storeId })).body;
      expect(s.data.current.gmv).toBe(await merchantBalance(t.app, store.storeId));
    }
  });

  it('hourly: today by China hour sums to the GMV; 7d by day', async () => {
    const s = (await summary(t.app, op.token)).body.data;
    const hourly = (await dash<DashboardSeries>('hourly', op.token)).body.data;
    expect(hourly.unit).toBe('hour');
    expect(hourly.current).toHaveLength(24);
    expect(hourly.current.reduce((x, p) => x + p.gmv, 0)).toBe(s.current.gmv);
    expect(hourly.current.reduce((x, p) => x + p.orders, 0)).toBe(s.current.orders);
    const week = (await dash<DashboardSeries>('hourly', op.token, { range: '7d' })).body.data;
    expect(week.unit).toBe('day');
    expect(week.current).toHaveLength(7);
    expect(week.previous).toHaveLength(7);
    expect(week.current.at(-1)?.gmv).toBe(s.current.gmv);
  });

  it('top products: net line amounts, as SQL ranks them', async () => {
    const top = (await dash<DashboardTopProducts>('topProducts', op.token)).body.data;
    const s = (await summary(t.app, op.token)).body.data;
    const want = await expectedTop(t.app, 0, s.current.from);
    expect(
      top.list.map((p) => ({ productId: p.productId, gmv: p.gmv, quantity: p.quantity })),
    ).toEqual(want);
    expect(top.list[0]?.title).toMatch(/^测试商品/);
  });

  it('funnel: distinct users, each step a subset of the one before, as SQL counts them', async () => {
    const funnel = async (q: Record<string, string | number>) =>
      (await dash<DashboardFunnel>('funnel', op.token, q)).body.data.steps.map((s) => s.count);
    // Store A: b1 and b2 viewed and carted; b1, b2 (unpaid) and b3 ordered; b1 and b3 paid. b3
    // never viewed: not in the funnel (counted on its own, 提交订单 would have been 3 of 2 views).
    const steps = await dash<DashboardFunnel>('funnel', op.token, { storeId: a.storeId });
    expect(steps.body.data.steps.map((s) => [s.key, s.count])).toEqual([
      ['view', 2],
      ['cart', 2],
      ['order', 2],
      ['paid', 1],
    ]);
    expect(await funnel({})).toEqual([2, 2, 2, 2]);
    expect(await funnel({ storeId: b.storeId })).toEqual([0, 0, 0, 0]);
    for (const range of ['today', '7d', '30d']) {
      for (const storeId of [0, a.storeId, b.storeId]) {
        const got = await funnel(storeId ? { range, storeId } : { range });
        const period = (await summary(t.app, op.token, storeId ? { range, storeId } : { range }))
          .body.data.current;
        expect(got).toEqual(await expectedFunnel(t.app, storeId, period.from));
        for (let k = 1; k < got.length; k++) expect(got[k]).toBeLessThanOrEqual(got[k - 1] ?? 0);
      }
    }
  });

  it('concurrent payments (one buyer twice, several buyers) keep the buyer counts exact', async () => {
    const fresh = [await makeBuyer(t.app), await makeBuyer(t.app)];
    for (const buyer of [...fresh, buyers[2]]) await topUp(t.app, (buyer as Buyer).token, 10_000);
    const skuB = b.skuIds[0] as number;
    const submits = [fresh[0], fresh[0], fresh[1], buyers[2]].map((buyer) =>
      placeAndPay(t.app, buyer as Buyer, [{ skuId: skuB, quantity: 1 }], false),
    );
    await Promise.all(submits);
    for (const storeId of [0, b.storeId]) {
      for (const range of ['today', '7d']) {
        const res = await summary(t.app, op.token, storeId ? { range, storeId } : { range });
        await expectSummaryExact(t.app, res.body.data, storeId);
      }
    }
    // The counters agree with the rows they count.
    const db = t.app.deps.db;
    const mismatched = await sql<{ n: number }>`
      select count(*)::int as n from (
        select store_id, count(*) as rows from dash_buyer group by store_id) b
      full join (select store_id, sum(buyers) as counted from dash_last_day group by store_id) l
        using (store_id)
      where b.rows is distinct from l.counted
      union all
      select count(*)::int from (
        select store_id, day, count(*) as rows from dash_buyer_day group by 1, 2) d
      full join (select store_id, day, sum(buyers) as counted from dash_day_buyers group by 1, 2) c
        using (store_id, day)
      where d.rows is distinct from c.counted
      union all
      select count(*)::int from (
        select store_id, k as step, ${sql.raw(reachSql)} as day, count(*) as rows
        from dash_funnel_user cross join generate_series(1, 4) as k(k) group by 1, 2, 3) u
      full join (select store_id, step, day, sum(users) as counted from dash_funnel_reach
        group by 1, 2, 3) r using (store_id, step, day)
      where u.day is not null and u.rows is distinct from r.counted
        or u.day is null and r.counted <> 0`.execute(db);
    expect(mismatched.rows.map((r) => r.n)).toEqual([0, 0, 0]);
  });

  it('a replayed order.paid or refund.refunded changes nothing', async () => {
    const funnelBefore = (await dash<DashboardFunnel>('funnel', op.token)).body.data;
    const before = money((await summary(t.app, op.token)).body.data);
    const o1 = orderNosOf.o1?.[0] as string;
    const refund = await t.app.deps.db
      .selectFrom('refund')
      .select(['refund_no', 'order_no', 'order_item_id', 'amount', 'user_id'])
      .where('status', '=', 'refunded')
      .executeTakeFirstOrThrow();
    await t.app.deps.db.transaction().execute(async (trx) => {
      await t.app.dashboard.reactions.orderPaid(trx, {
        type: 'order.paid',
        userId: buyers[0]?.userId as number,
        orderNos: [o1],
        amount: 5800,
      });
      await t.app.dashboard.reactions.refundRefunded(trx, {
        type: 'refund.refunded',
        userId: refund.user_id,
        orderNo: refund.order_no,
        refundNo: refund.refund_no,
        amount: refund.amount,
        orderItemId: refund.order_item_id,
        orderRefunded: true,
      });
    });
    expect(money((await summary(t.app, op.token)).body.data)).toEqual(before);
    expect((await dash<DashboardFunnel>('funnel', op.token)).body.data).toEqual(funnelBefore);
  });

  it('the migration backfill rebuilds the same figures; closed periods from it are exact', async () => {
    const db = t.app.deps.db;
    const tables = 'dash_hourly, dash_daily, dash_product_daily, dash_buyer, dash_buyer_day';
    const rebuild = async () => {
      await sql.raw(`truncate ${tables}, dash_window, dash_paid, dash_refund`).execute(db);
      await backfillDashboard(db);
      await backfillBuyerCounts(db);
      await backfillFunnel(db);
    };
    const scopes: Record<string, number>[] = [{}, { storeId: a.storeId }, { storeId: b.storeId }];
    const funnelOf = async (q: Record<string, number>) =>
      (await dash<DashboardFunnel>('funnel', op.token, { ...q, range: '7d' })).body.data.steps;
    const before = [];
    const funnels = [];
    for (const q of scopes) {
      before.push(money((await summary(t.app, op.token, q)).body.data));
      funnels.push(await funnelOf(q));
    }
    await rebuild();
    for (const [i, q] of scopes.entries()) {
      expect(money((await summary(t.app, op.token, q)).body.data)).toEqual(before[i]);
      expect(await funnelOf(q)).toEqual(funnels[i]);
    }
    // o1 and its buyer's o2 move 8 days back: the 7-day view's previous period has them.
    const moved = [...(orderNosOf.o1 ?? []), ...(orderNosOf.o2 ?? [])];
    await db
      .updateTable('shop_order')
      .set({ paid_at: sql`paid_at - interval '8 days'` })
      .where('order_no', 'in', moved)
      .execute();
    await rebuild();
    for (const q of scopes) {
      for (let i = 0; i < 2; i++) {
        const s = (await summary(t.app, op.token, { ...q, range: '7d' })).body.data;
        expect(s.previous.orders).toBeGreaterThan(0);
        await expectSummaryExact(t.app, s, q.storeId ?? 0);
      }
    }
    expect((await db.selectFrom('dash_window').selectAll().execute()).length).toBeGreaterThan(0);
  });
});

describe('who sees what', () => {
  it("a 商家 sees their own store's figures, never another's", async () => {
    const own = await summary(t.app, ownerA.token, { range: '7d' });
    expect(own.status).toBe(200);
    expect(own.body.data.storeId).toBe(a.storeId);
    const viaOperator = await summary(t.app, op.token, { range: '7d', storeId: a.storeId });
    expect(money(own.body.data)).toEqual(money(viaOperator.body.data));
    for (const path of ['summary', 'hourly', 'funnel', 'topProducts']) {
      const other = await dash(path, ownerA.token, { storeId: b.storeId });
      expect([other.status, other.body.error]).toEqual([404, 'STORE_NOT_FOUND']);
    }
    const top = (await dash<DashboardTopProducts>('topProducts', ownerA.token)).body.data;
    expect(top.list.every((p) => p.storeId === a.storeId)).toBe(true);
    // The store picker: the operator finds any store by id or name, a 商家 only their own.
    type Stores = { id: number; name: string }[];
    const byId = (await dash<Stores>('stores', op.token, { q: b.storeId })).body.data;
    expect(byId.map((s) => s.id)).toContain(b.storeId);
    const name = byId.find((s) => s.id === b.storeId)?.name ?? '';
    const byName = (await dash<Stores>('stores', op.token, { q: name.slice(-4) })).body.data;
    expect(byName.map((s) => s.id)).toEqual([b.storeId]);
    const mine = (await dash<Stores>('stores', ownerA.token)).body.data;
    expect(mine.map((s) => s.id)).toEqual([a.storeId]);
    const asked = (await dash<Stores>('stores', ownerA.token, { q: b.storeId })).body.data;
    expect(asked.map((s) => s.id)).not.toContain(b.storeId);
    expect((await dash<Stores>('stores', op.token, { q: '%_' })).body.data).toEqual([]);
  });

  it('a 店员 without dashboard.read and a shopper are refused', async () => {
    const clerk = await makeStoreMember(t.app, op.token, a.storeId, 'staff', ['order.read']);
    const res = await dash('summary', clerk.token);
    expect([res.status, res.body.error]).toEqual([403, 'FORBIDDEN']);
    const shopper = await dash('summary', buyers[0]?.token as string);
    expect(shopper.status).toBe(403);
    const anonymous = await call(t.app, { method: 'GET', url: `${API}/admin/dashboard/summary` });
    expect(anonymous.status).toBe(401);
  });

  it('bad input answers 4xx with its catalogue id', async () => {
    const bad: [Record<string, string | number>, number, string][] = [
      [{ range: 'year' }, 400, 'DASHBOARD_RANGE_INVALID'],
      [{ storeId: 'x' }, 404, 'STORE_NOT_FOUND'],
      [{ storeId: 0 }, 404, 'STORE_NOT_FOUND'],
      [{ storeId: 2_000_000_000 }, 404, 'STORE_NOT_FOUND'],
    ];
    for (const [q, status, error] of bad) {
      for (const path of ['summary', 'hourly', 'funnel', 'topProducts']) {
        const res = await dash(path, op.token, q);
        expect([path, res.status, res.body.error]).toEqual([path, status, error]);
      }
    }
  });
});
