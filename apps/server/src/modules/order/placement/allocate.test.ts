import { describe, expect, it } from 'vitest';
import type { SkuForPricing } from '../../catalogue/index.ts';
import { allocate } from './allocate.ts';

const sku = (skuId: number, stock: number, over: Partial<SkuForPricing> = {}): SkuForPricing => ({
  skuId,
  productId: skuId * 10,
  storeId: 1,
  categoryId: 1,
  storeName: '店',
  title: `商品${skuId}`,
  skuName: '默认',
  image: '/s.png',
  price: 1000,
  stock,
  onShelf: true,
  freeShipping: false,
  rx: false,
  ...over,
});

describe('allocate (a placement batch, in arrival order)', () => {
  it('gives each submit all its units or none, from what those before it left', () => {
    const skus = new Map([
      [1, sku(1, 2)],
      [2, sku(2, 100)],
    ]);
    const { allocations, taken } = allocate(
      [
        [
          { skuId: 1, quantity: 1 },
          { skuId: 2, quantity: 1 },
        ],
        [{ skuId: 1, quantity: 2 }], // only 1 left: refused, takes nothing
        [
          { skuId: 1, quantity: 1 },
          { skuId: 2, quantity: 5 },
        ],
        [
          { skuId: 1, quantity: 1 },
          { skuId: 2, quantity: 1 },
        ], // sold out: B is not taken either
        [{ skuId: 2, quantity: 3 }],
      ],
      skus,
    );
    expect(allocations.map((a) => (a.ok ? 'ok' : a.error))).toEqual([
      'ok',
      'STOCK_NOT_ENOUGH',
      'ok',
      'STOCK_NOT_ENOUGH',
      'ok',
    ]);
    expect(Object.fromEntries(taken)).toEqual({ 1: 2, 2: 9 });
    const first = allocations[0];
    expect(first?.ok && first.pricing.goodsAmount).toBe(2000);
  });

  it('refuses unknown and off-shelf SKUs with their own error', () => {
    const skus = new Map([[1, sku(1, 5, { onShelf: false })]]);
    const { allocations, taken } = allocate(
      [[{ skuId: 1, quantity: 1 }], [{ skuId: 9, quantity: 1 }]],
      skus,
    );
    expect(allocations.map((a) => (a.ok ? 'ok' : a.error))).toEqual([
      'PRODUCT_OFF_SHELF',
      'SKU_NOT_FOUND',
    ]);
    expect(taken.size).toBe(0);
  });
});
