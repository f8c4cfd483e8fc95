import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  type Buyer,
  clientKey,
  makeBuyer,
  makeProduct,
  newOrder,
  stockOf,
} from '../../../../test/kits/order-kit.ts';

let t: TestApp;
let buyers: Buyer[];
beforeAll(async () => {
  t = await createTestApp({ MAX_QUEUE: '5000' });
  buyers = await Promise.all(Array.from({ length: 8 }, () => makeBuyer(t.app)));
});
afterAll(async () => {
  await t.close();
});

const buyer = (i: number) => buyers[i % buyers.length] as Buyer;

async function itemsOf(orderNos: string[]) {
  return t.app.deps.db
    .selectFrom('order_item as i')
    .innerJoin('shop_order as o', 'o.id', 'i.order_id')
    .select(['o.order_no', 'i.sku_id', 'i.quantity'])
    .where('o.order_no', 'in', orderNos)
    .execute();
}

/** Submits placed together (issue 16): each still all or nothing, priced from live data. */
describe('order placement batch', () => {
  it('a submit that cannot have all its lines takes none of them, while the others are placed', async () => {
    const scarce = await makeProduct(t.app, { stock: 3 });
    const plenty = await makeProduct(t.app, { stock: 100 });
    const a = scarce.skuIds[0] as number;
    const b = plenty.skuIds[0] as number;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        newOrder(t.app, buyer(i), [
          { skuId: a, quantity: 1 },
          { skuId: b, quantity: 2 },
        ]),
      ),
    );
    const placed = results.filter((r) => r.status === 200);
    expect(placed).toHaveLength(3);
    expect(results.filter((r) => r.body.error === 'STOCK_NOT_ENOUGH')).toHaveLength(9);
    expect(await stockOf(t.app, a)).toBe(0);
    expect(await stockOf(t.app, b)).toBe(94);
    // Two stores: two orders per submit, each with its own store's line.
    for (const r of placed) {
      expect(r.body.data.orderNos).toHaveLength(2);
      const items = await itemsOf(r.body.data.orderNos);
      expect(items.map((i) => [i.sku_id, i.quantity]).sort()).toEqual(
        [
          [a, 1],
          [b, 2],
        ].sort(),
      );
      expect(r.body.data.payAmount).toBe(2500 + 800 + 5000 + 800); // shipping ¥8 per store under ¥99
    }
  });

  it('the same key submitted at once, and again later, places one submit', async () => {
    const p = await makeProduct(t.app, { stock: 1 });
    const sku = p.skuIds[0] as number;
    const key = clientKey();
    const b = buyer(0);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        newOrder(t.app, b, [{ skuId: sku, quantity: 1 }], { clientKey: key }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(new Set(results.map((r) => r.body.data.payNo)).size).toBe(1);
    expect(await stockOf(t.app, sku)).toBe(0);
    // Sold out now, but a repeat of the key still answers the first submit's orders.
    const again = await newOrder(t.app, b, [{ skuId: sku, quantity: 1 }], { clientKey: key });
    expect(again.body.data.orderNos).toEqual(results[0]?.body.data.orderNos);
    const groups = await t.app.deps.db
      .selectFrom('order_group')
      .select('id')
      .where('client_key', '=', key)
      .execute();
    expect(groups).toHaveLength(1);
  });

  it('an off-shelf or unknown SKU refuses its own submit only', async () => {
    const on = await makeProduct(t.app, { stock: 10 });
    const off = await makeProduct(t.app, { stock: 10 });
    await t.app.deps.db
      .updateTable('product')
      .set({ status: 0 })
      .where('id', '=', off.productId)
      .execute();
    const [ok1, offShelf, unknown, ok2] = await Promise.all([
      newOrder(t.app, buyer(1), [{ skuId: on.skuIds[0] as number, quantity: 2 }]),
      newOrder(t.app, buyer(2), [{ skuId: off.skuIds[0] as number, quantity: 1 }]),
      newOrder(t.app, buyer(3), [{ skuId: 99_999_999, quantity: 1 }]),
      newOrder(t.app, buyer(4), [{ skuId: on.skuIds[0] as number, quantity: 3 }]),
    ]);
    expect([ok1?.status, ok2?.status]).toEqual([200, 200]);
    expect([offShelf?.status, offShelf?.body.error]).toEqual([409, 'PRODUCT_OFF_SHELF']);
    expect(unknown?.body.error).toBe('SKU_NOT_FOUND');
    expect(await stockOf(t.app, on.skuIds[0] as number)).toBe(5);
    expect(await stockOf(t.app, off.skuIds[0] as number)).toBe(10);
  });

  it('prices at the price of the moment of placing', async () => {
    const p = await makeProduct(t.app, { stock: 10, price: 5000 });
    const sku = p.skuIds[0] as number;
    await t.app.deps.db.updateTable('sku').set({ price: 12_000 }).where('id', '=', sku).execute();
    const r = await newOrder(t.app, buyer(5), [{ skuId: sku, quantity: 1 }]);
    expect(r.body.data.payAmount).toBe(12_000); // ≥ ¥99: no shipping
  });
});
