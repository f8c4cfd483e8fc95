import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, type TestApp } from '../../../test/helpers.ts';
import { makeBuyer, makeProduct } from '../../../test/kits/order-kit.ts';

/**
 * The catalogue is served from a read cache (see CatalogueCache); these prove the product page
 * never shows the stock from before an order, a cancel or an operator edit.
 */
describe('product detail stays fresh around orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_MS: '60000' });
  });
  afterAll(async () => {
    await t.close();
  });

  const stockOf = async (productId: number) =>
    (
      await call<{ stock: number; skus: { stock: number }[] }>(t.app, {
        method: 'GET',
        url: `${API}/goods/detail?id=${productId}`,
      })
    ).body.data.stock;

  it('shows the stock an order took, and the stock a cancel gave back, at once', async () => {
    const { productId, skuIds } = await makeProduct(t.app, { stock: 10 });
    const buyer = await makeBuyer(t.app);
    expect(await stockOf(productId)).toBe(10); // now cached
    const placed = await call<{ orderNos: string[] }>(t.app, {
      method: 'POST',
      url: `${API}/order/newAdd`,
      token: buyer.token,
      payload: {
        clientKey: `k-${Date.now()}`,
        addressId: buyer.addressId,
        items: [{ skuId: skuIds[0], quantity: 3 }],
      },
    });
    expect(placed.status).toBe(200);
    expect(await stockOf(productId)).toBe(7);
    const cancelled = await call(t.app, {
      method: 'POST',
      url: `${API}/order/cancel`,
      token: buyer.token,
      ...form({ orderNo: placed.body.data.orderNos[0] ?? '' }),
    });
    expect(cancelled.status).toBe(200);
    expect(await stockOf(productId)).toBe(10);
  });
});
