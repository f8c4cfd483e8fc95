import { describe, expect, it } from 'vitest';
import type { SkuInfo } from '../catalogue/reads/sku-lookup.service.ts';
import { badgeCount, buildCartView, type CartLine, cartTotals } from './cart-view.ts';

const sku = (over: Partial<SkuInfo> & { skuId: number }): SkuInfo => ({
  productId: over.skuId * 10,
  title: `商品${over.skuId}`,
  image: `/img/${over.skuId}.jpg`,
  skuName: '默认',
  price: 1000,
  stock: 50,
  onShelf: true,
  storeId: 1,
  storeName: '一号店',
  ...over,
});
const line = (id: number, skuId: number, quantity = 1, selected = true): CartLine => ({
  id,
  sku_id: skuId,
  quantity,
  selected,
  title: `旧标题${skuId}`,
  image: `/old/${skuId}.jpg`,
  sku_name: '旧规格',
});

describe('cartTotals', () => {
  it('is zero and not all-selected for an empty cart', () => {
    expect(cartTotals([])).toEqual({ selectedCount: 0, totalPrice: 0, allSelected: false });
  });

  it('sums quantity and price × quantity of selected items only, in integer fen', () => {
    const totals = cartTotals([
      { price: 1290, quantity: 3, selected: true },
      { price: 1, quantity: 999, selected: true },
      { price: 99_999, quantity: 2, selected: false },
    ]);
    expect(totals).toEqual({ selectedCount: 1002, totalPrice: 1290 * 3 + 999, allSelected: false });
  });

  it('is all-selected when every item is selected', () => {
    const totals = cartTotals([
      { price: 10, quantity: 1, selected: true },
      { price: 20, quantity: 2, selected: true },
    ]);
    expect(totals).toEqual({ selectedCount: 3, totalPrice: 50, allSelected: true });
  });

  it('keeps exact integers for 120 lines at the largest quantity', () => {
    const items = Array.from({ length: 120 }, (_, i) => ({
      price: 999_999 + i,
      quantity: 999,
      selected: true,
    }));
    const expected = items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    const totals = cartTotals(items);
    expect(totals.totalPrice).toBe(expected);
    expect(Number.isInteger(totals.totalPrice)).toBe(true);
  });
});

describe('buildCartView', () => {
  it('groups valid lines by store, newest store and line first, with live prices', () => {
    const skus = new Map([
      [1, sku({ skuId: 1, price: 500 })],
      [2, sku({ skuId: 2, storeId: 2, storeName: '二号店', price: 300 })],
      [3, sku({ skuId: 3, price: 100 })],
    ]);
    const view = buildCartView([line(1, 1, 2), line(2, 2, 1), line(3, 3, 4, false)], skus);
    expect(view.stores.map((s) => s.storeId)).toEqual([1, 2]);
    expect(view.stores[0]?.items.map((i) => i.id)).toEqual([3, 1]);
    expect(view.stores[0]?.items[1]).toEqual({
      id: 1,
      skuId: 1,
      productId: 10,
      title: '商品1',
      image: '/img/1.jpg',
      skuName: '默认',
      price: 500,
      quantity: 2,
      stock: 50,
      selected: true,
    });
    expect(view.invalid).toEqual([]);
    expect(view.totals).toEqual({ selectedCount: 3, totalPrice: 1300, allSelected: false });
  });

  it('puts off-shelf, sold-out and vanished SKUs apart and out of the totals', () => {
    const skus = new Map([
      [1, sku({ skuId: 1, onShelf: false })],
      [2, sku({ skuId: 2, stock: 0 })],
      [4, sku({ skuId: 4, price: 700 })],
    ]);
    const lines = [line(1, 1, 1), line(2, 2, 1), line(3, 3, 2), line(4, 4, 1)];
    const view = buildCartView(lines, skus);
    expect(view.invalid.map((i) => [i.id, i.reason])).toEqual([
      [3, 'gone'],
      [2, 'soldOut'],
      [1, 'offShelf'],
    ]);
    // a vanished SKU is shown from what was copied when it was added
    expect(view.invalid[0]).toMatchObject({ productId: 0, title: '旧标题3', skuName: '旧规格' });
    expect(view.invalid[1]).toMatchObject({ productId: 20, title: '商品2' });
    expect(view.stores.flatMap((s) => s.items.map((i) => i.id))).toEqual([4]);
    expect(view.totals).toEqual({ selectedCount: 1, totalPrice: 700, allSelected: true });
    expect(badgeCount(lines, skus)).toBe(1);
  });
});
