import type { CartCountData } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CartFixture, cartFixture } from '../../../test/kits/cart-kit.ts';

/** The cart service as the orders module uses it: buy again, and lines removed at checkout. */
describe('cart service for orders', () => {
  let f: CartFixture;
  const db = () => f.db();
  const get: CartFixture['get'] = (...args) => f.get(...args);
  const post: CartFixture['post'] = (...args) => f.post(...args);
  const view = (token: string) => f.view(token);
  const setStock = (skuId: number, stock: number) => f.setStock(skuId, stock);
  const setStatus = (productId: number, status: number) => f.setStatus(productId, status);
  const newUser = () => f.newUser();
  const service = () => f.service();
  const sku = (i: number) => f.sku(i);

  beforeAll(async () => {
    f = await cartFixture();
  }, 120_000);
  afterAll(() => f?.t.close());

  it('addItems adds what it can, capped at stock, and reports the rest', async () => {
    const c = await newUser();
    await setStock(sku(1).skuId, 3);
    await setStatus(sku(3).productId, 0);
    const result = await service().addItems(c.id, [
      { skuId: sku(0).skuId, quantity: 2 },
      { skuId: sku(0).skuId, quantity: 1 },
      { skuId: sku(1).skuId, quantity: 10 },
      { skuId: sku(3).skuId, quantity: 1 },
      { skuId: 1_999_999, quantity: 1 },
    ]);
    expect(result.added).toEqual([sku(0).skuId, sku(1).skuId]);
    expect(result.skipped).toEqual([
      { skuId: sku(3).skuId, error: 'PRODUCT_OFF_SHELF' },
      { skuId: 1_999_999, error: 'SKU_NOT_FOUND' },
    ]);
    const v = await view(c.token);
    const qty = Object.fromEntries(
      v.stores.flatMap((g) => g.items.map((i) => [i.skuId, i.quantity])),
    );
    expect(qty).toEqual({ [sku(0).skuId]: 3, [sku(1).skuId]: 3 });
    await setStock(sku(1).skuId, 50);
    await setStatus(sku(3).productId, 1);
  });

  it("removeLines deletes only the user's lines of those SKUs, inside the caller's transaction", async () => {
    const c = await newUser();
    const d = await newUser();
    for (const u of [c, d]) {
      for (const i of [0, 1]) await post('add', { skuId: sku(i).skuId, quantity: 1 }, u.token);
    }
    const cart = service();
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await cart.removeLines(trx, c.id, [sku(0).skuId]);
          throw new Error('order failed');
        }),
    ).rejects.toThrow('order failed');
    expect((await get<CartCountData>('count', c.token)).body.data.count).toBe(2);
    await db()
      .transaction()
      .execute((trx) => cart.removeLines(trx, c.id, [sku(0).skuId]));
    const left = (await view(c.token)).stores.flatMap((g) => g.items.map((i) => i.skuId));
    expect(left).toEqual([sku(1).skuId]);
    expect((await get<CartCountData>('count', d.token)).body.data.count).toBe(2);
  });
});
