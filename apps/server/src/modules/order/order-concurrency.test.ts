import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  stockOf,
} from '../../../test/kits/order-kit.ts';
import { narrowDb } from '../../platform/db.ts';
import { OrderRepo } from './order.repo.ts';
import { OrderExpiry } from './order-sweeper.ts';

let t: TestApp;
let buyers: Buyer[];
beforeAll(async () => {
  // Every attempt is in flight at once here: admission must queue them all (none refused as
  // SERVER_BUSY), so that the assertion is about stock alone.
  t = await createTestApp({ MAX_QUEUE: '20000', QUEUE_TIMEOUT_MS: '600000' });
  buyers = await Promise.all(Array.from({ length: 10 }, () => makeBuyer(t.app)));
});
afterAll(async () => {
  await t.close();
});

// The size by default; smaller runs (e.g. ORDER_RACE_ATTEMPTS=300 ORDER_RACE_STOCK=100)
// when iterating locally.
const ATTEMPTS = Number(process.env.ORDER_RACE_ATTEMPTS ?? 5000);
const STOCK = Number(process.env.ORDER_RACE_STOCK ?? 1000);

async function orderCount(skuId: number) {
  const row = await t.app.deps.db
    .selectFrom('order_item as i')
    .innerJoin('shop_order as o', 'o.id', 'i.order_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('i.sku_id', '=', skuId)
    .where('o.status', '<>', 'cancelled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('stock under concurrency', () => {
  it(`${ATTEMPTS} concurrent orders on a SKU with stock ${STOCK} never oversell`, async () => {
    const p = await makeProduct(t.app, { stock: STOCK, price: 100 });
    const sku = p.skuIds[0] as number;
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        newOrder(t.app, buyers[i % buyers.length] as Buyer, [{ skuId: sku, quantity: 1 }]),
      ),
    );
    const ms = Date.now() - started;
    const ok = results.filter((r) => r.status === 200).length;
    const sold = results.filter((r) => r.body.error === 'STOCK_NOT_ENOUGH').length;
    console.info(`${ATTEMPTS} order attempts on stock ${STOCK}: ${ms} ms`);
    expect(ok).toBe(STOCK);
    expect(sold).toBe(ATTEMPTS - STOCK);
    expect(await stockOf(t.app, sku)).toBe(0);
    expect(await orderCount(sku)).toBe(STOCK);
  }, 600_000);
});

describe('unpaid expiry', () => {
  async function expireNow(orderNos: string[]) {
    await t.app.deps.db
      .updateTable('shop_order')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', 'in', orderNos)
      .execute();
  }

  it('cancels once and releases stock once, even with several sweepers', async () => {
    const p = await makeProduct(t.app, { stock: 10 });
    const sku = p.skuIds[0] as number;
    const res = await newOrder(t.app, buyers[0] as Buyer, [{ skuId: sku, quantity: 3 }]);
    const orderNo = res.body.data.orderNos[0] as string;
    expect(await stockOf(t.app, sku)).toBe(7);
    const { expiry } = t.app.orderModule;
    expect(await expiry.sweep()).toBe(0);
    await expireNow([orderNo]);
    const counts = await Promise.all([expiry.sweep(), expiry.sweep(), expiry.sweep()]);
    expect(counts.reduce((s, n) => s + n, 0)).toBe(1);
    expect(await stockOf(t.app, sku)).toBe(10);
    expect(await expiry.sweep()).toBe(0);
    expect(await stockOf(t.app, sku)).toBe(10);
    const detail = await call<{ status: string; timeline: { status: string }[] }>(t.app, {
      method: 'GET',
      url: `${API}/order/queryByOrderId?orderNo=${orderNo}`,
      token: (buyers[0] as Buyer).token,
    });
    expect(detail.body.data.status).toBe('cancelled');
    expect(detail.body.data.timeline.map((e) => e.status)).toEqual(['unpaid', 'cancelled']);
    const pay = await call(t.app, {
      method: 'POST',
      url: `${API}/order/newPay`,
      token: (buyers[0] as Buyer).token,
      payload: { orderNo },
    });
    expect(pay.body.error).toBe('ORDER_CANCELLED');
  });

  it.runIf(TEST_DB === 'postgres')(
    'two server processes sweeping the same expired orders cancel each once',
    async () => {
      const other = await t.secondNode();
      const p = await makeProduct(t.app, { stock: 30 });
      const sku = p.skuIds[0] as number;
      const orderNos: string[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await newOrder(t.app, buyers[i] as Buyer, [{ skuId: sku, quantity: 3 }]);
        orderNos.push(res.body.data.orderNos[0] as string);
      }
      expect(await stockOf(t.app, sku)).toBe(0);
      const skuStock = async () => {
        const detail = await call<{ skus: { id: number; stock: number }[] }>(other, {
          method: 'GET',
          url: `${API}/goods/detail?id=${p.productId}`,
        });
        return detail.body.data.skus.find((s) => s.id === sku)?.stock;
      };
      expect(await skuStock()).toBe(0); // now cached on the other node
      await expireNow(orderNos);
      const counts = await Promise.all([
        t.app.orderModule.expiry.sweep(),
        other.orderModule.expiry.sweep(),
        t.app.orderModule.expiry.sweep(),
        other.orderModule.expiry.sweep(),
      ]);
      expect(counts.reduce((s, n) => s + n, 0)).toBe(10);
      expect(await stockOf(t.app, sku)).toBe(30);
      // The other node's cache shows the released stock (eviction went through the bus).
      const until = Date.now() + 2000;
      while ((await skuStock()) !== 30 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await skuStock()).toBe(30);
    },
  );

  it('runs on its own timer (interval configurable) and refuses to pay an expired order', async () => {
    const p = await makeProduct(t.app, { stock: 4 });
    const sku = p.skuIds[0] as number;
    const buyer = buyers[1] as Buyer;
    const res = await newOrder(t.app, buyer, [{ skuId: sku, quantity: 4 }]);
    const orderNo = res.body.data.orderNos[0] as string;
    await expireNow([orderNo]);
    const pay = await call(t.app, {
      method: 'POST',
      url: `${API}/order/newBalancePay`,
      token: buyer.token,
      payload: { orderNo, payPassword: '135790' },
    });
    expect(pay.body.error).toBe('ORDER_CANCELLED');
    const db = t.app.deps.db;
    const fast = new OrderExpiry(
      db,
      new OrderRepo(narrowDb(db)),
      t.app.orderModule.orders,
      t.app.log,
      {
        intervalMs: 20,
      },
    );
    fast.start();
    try {
      const until = Date.now() + 5000;
      while ((await stockOf(t.app, sku)) !== 4 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await fast.stop();
    }
    expect(await stockOf(t.app, sku)).toBe(4);
  });
});
