import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEE_PER_STORE } from '@chaopin/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PriceInputLine, pointsDeductible, priceOrder, shippingFor } from './pricing.ts';

const line = (over: Partial<PriceInputLine>): PriceInputLine => ({
  skuId: 1,
  productId: 1,
  storeId: 1,
  storeName: '店铺',
  title: '商品',
  skuName: '默认',
  image: '/x.png',
  price: 1000,
  quantity: 1,
  ...over,
});

const lineArb = fc.record({
  skuId: fc.integer({ min: 1, max: 1000 }),
  productId: fc.integer({ min: 1, max: 1000 }),
  storeId: fc.integer({ min: 1, max: 5 }),
  storeName: fc.constant('店'),
  title: fc.constant('t'),
  skuName: fc.constant('s'),
  image: fc.constant('i'),
  price: fc.integer({ min: 0, max: 1_000_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
});

describe('priceOrder', () => {
  it('groups per store and charges ¥8 shipping below ¥99 per store', () => {
    const p = priceOrder([
      line({ skuId: 1, storeId: 1, price: 3000, quantity: 2 }),
      line({ skuId: 2, storeId: 2, price: 9900, quantity: 1 }),
      line({ skuId: 3, storeId: 1, price: 500, quantity: 1 }),
    ]);
    expect(p.stores.map((s) => [s.storeId, s.goodsAmount, s.shippingFee, s.payAmount])).toEqual([
      [1, 6500, 800, 7300],
      [2, 9900, 0, 9900],
    ]);
    expect(p.stores[0]?.items.map((i) => i.subtotal)).toEqual([6000, 500]);
    expect(p).toMatchObject({ goodsAmount: 16400, shippingFee: 800, totalAmount: 17200 });
  });

  it('charges no shipping to a store whose every line ships free (包邮), the usual rule otherwise', () => {
    const p = priceOrder([
      line({ skuId: 1, storeId: 1, price: 990, freeShipping: true }),
      line({ skuId: 2, storeId: 2, price: 990, freeShipping: true }),
      line({ skuId: 3, storeId: 2, price: 1000 }),
    ]);
    expect(p.stores.map((s) => [s.storeId, s.shippingFee, s.payAmount])).toEqual([
      [1, 0, 990],
      [2, SHIPPING_FEE_PER_STORE, 1990 + SHIPPING_FEE_PER_STORE],
    ]);
    expect(p.totalAmount).toBe(990 + 1990 + SHIPPING_FEE_PER_STORE);
  });

  it('frees shipping exactly at the threshold', () => {
    expect(shippingFor(FREE_SHIPPING_THRESHOLD - 1)).toBe(SHIPPING_FEE_PER_STORE);
    expect(shippingFor(FREE_SHIPPING_THRESHOLD)).toBe(0);
  });

  it('caps the balance deduction at the total', () => {
    const items = [line({ price: 5000 })];
    expect(priceOrder(items, { balance: 100 }).balanceDeductible).toBe(100);
    expect(priceOrder(items, { balance: 1_000_000 }).balanceDeductible).toBe(5800);
    expect(priceOrder(items, { balance: -5 }).balanceDeductible).toBe(0);
  });

  it('refuses non-integer money and quantities', () => {
    expect(() => priceOrder([line({ price: 10.5 })])).toThrow(RangeError);
    expect(() => priceOrder([line({ price: -1 })])).toThrow(RangeError);
    expect(() => priceOrder([line({ quantity: 0 })])).toThrow(RangeError);
    expect(() => priceOrder([line({ quantity: 1.5 })])).toThrow(RangeError);
  });

  it('keeps its invariants for any order', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (lines, balance) => {
          const p = priceOrder(lines, { balance });
          const goods = lines.reduce((s, l) => s + l.price * l.quantity, 0);
          expect(p.goodsAmount).toBe(goods);
          expect(p.stores.length).toBe(new Set(lines.map((l) => l.storeId)).size);
          expect(p.stores.reduce((s, x) => s + x.payAmount, 0)).toBe(p.totalAmount);
          expect(p.totalAmount).toBe(p.goodsAmount + p.shippingFee);
          for (const s of p.stores) {
            expect(s.shippingFee).toBe(s.goodsAmount >= FREE_SHIPPING_THRESHOLD ? 0 : 800);
            expect(s.items.every((i) => i.storeId === s.storeId)).toBe(true);
          }
          expect(p.stores.flatMap((s) => s.items).length).toBe(lines.length);
          expect(p.balanceDeductible).toBe(Math.min(balance, p.totalAmount));
          expect(Number.isInteger(p.totalAmount)).toBe(true);
        },
      ),
    );
  });
});

describe('the points deduction', () => {
  it('takes whole points worth at most the share, and agrees to the fen at any rate', () => {
    expect(
      pointsDeductible(10_000, { balance: 5_000, perYuan: 100, maxSharePercent: 20, use: true }),
    ).toEqual({ fen: 2_000, points: 2_000 });
    // 30 points = ¥1: only multiples of 10 fen are 3 whole points.
    expect(
      pointsDeductible(10_000, { balance: 100, perYuan: 30, maxSharePercent: 50, use: true }),
    ).toEqual({ fen: 330, points: 99 });
    expect(
      pointsDeductible(0, { balance: 100, perYuan: 100, maxSharePercent: 50, use: true }).fen,
    ).toBe(0);
  });

  it('spreads points and their fen over the lines, never past a line or the share', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (lines, points, perYuan, share, red) => {
          const p = priceOrder(lines, {
            redPacket: { balance: red, maxSharePercent: 50, use: true },
            points: { balance: points, perYuan, maxSharePercent: share, use: true },
          });
          const items = p.stores.flatMap((s) => s.items);
          expect(items.reduce((s, i) => s + i.pointsDeduct, 0)).toBe(p.pointsDeduction);
          expect(items.reduce((s, i) => s + i.points, 0)).toBe(p.pointsUsed);
          expect(p.pointsUsed * 100).toBe(p.pointsDeduction * perYuan);
          expect(p.pointsUsed).toBeLessThanOrEqual(points);
          const left = p.goodsAmount - p.discountAmount - p.redPacketDeduction;
          expect(p.pointsDeduction).toBeLessThanOrEqual(Math.floor((left * share) / 100));
          for (const i of items) {
            expect(i.pointsDeduct).toBeLessThanOrEqual(i.subtotal - i.discount - i.redPacket);
          }
          for (const s of p.stores) expect(s.payAmount).toBeGreaterThanOrEqual(s.shippingFee);
        },
      ),
      { seed: 20261126, numRuns: 300 },
    );
  });
});
