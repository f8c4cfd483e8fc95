import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyCoupons,
  bestCoupons,
  type CouponForPricing,
  conflicting,
  couponSaving,
  evaluateCoupon,
  spread,
  usableSaving,
} from './discount.ts';
import { DiscountRefused, type PriceInputLine, priceOrder } from './pricing.ts';

const NOW = new Date('2026-11-26T00:00:00Z');
const coupon = (over: Partial<CouponForPricing>): CouponForPricing => ({
  id: 1,
  kind: 'full',
  scope: 'platform',
  storeId: null,
  scopeIds: [],
  threshold: 0,
  amount: 100,
  rate: 0,
  cap: 0,
  validFrom: new Date('2026-01-01'),
  validTo: new Date('2027-01-01'),
  ...over,
});

const lineArb = fc.record({
  skuId: fc.integer({ min: 1, max: 1000 }),
  productId: fc.integer({ min: 1, max: 6 }),
  storeId: fc.integer({ min: 1, max: 3 }),
  categoryId: fc.integer({ min: 1, max: 3 }),
  storeName: fc.constant('店'),
  title: fc.constant('t'),
  skuName: fc.constant('s'),
  image: fc.constant('i'),
  price: fc.integer({ min: 1, max: 50_000 }),
  quantity: fc.integer({ min: 1, max: 5 }),
});

const couponArb = (id: number) =>
  fc
    .record({
      kind: fc.constantFrom('full', 'discount', 'free'),
      scope: fc.constantFrom('platform', 'store', 'category', 'product'),
      store: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
      scopeId: fc.integer({ min: 1, max: 6 }),
      threshold: fc.integer({ min: 0, max: 60_000 }),
      amount: fc.integer({ min: 1, max: 20_000 }),
      rate: fc.integer({ min: 1, max: 99 }),
      cap: fc.integer({ min: 0, max: 10_000 }),
    })
    .map(
      (r): CouponForPricing =>
        coupon({
          id,
          kind: r.kind as CouponForPricing['kind'],
          scope: r.scope as CouponForPricing['scope'],
          storeId: r.scope === 'store' ? (r.store ?? 1) : r.scope === 'product' ? r.store : null,
          scopeIds: [r.scopeId],
          threshold: r.kind === 'free' ? 0 : r.threshold,
          amount: r.kind === 'discount' ? 0 : r.amount,
          rate: r.kind === 'discount' ? r.rate : 0,
          cap: r.kind === 'discount' ? r.cap : 0,
        }),
    );
const walletArb = fc
  .integer({ min: 0, max: 7 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => couponArb(i + 1))));

/** Every choice allowed: at most one coupon per store and one platform coupon. */
function* choices(
  cs: readonly CouponForPricing[],
  from = 0,
  picked: CouponForPricing[] = [],
): Generator<CouponForPricing[]> {
  if (from === cs.length) {
    yield picked;
    return;
  }
  yield* choices(cs, from + 1, picked);
  const c = cs[from] as CouponForPricing;
  if (!conflicting([...picked, c])) yield* choices(cs, from + 1, [...picked, c]);
}

const totalSaving = (cs: CouponForPricing[], lines: PriceInputLine[]) => {
  try {
    return priceOrder(lines, { coupons: cs, now: NOW }).discountAmount;
  } catch (err) {
    if (err instanceof DiscountRefused) return -1;
    throw err;
  }
};

describe('coupon arithmetic', () => {
  it('spreads an amount over weights exactly, never above a weight, the remainder last', () => {
    expect(spread(1000, [3333, 3333, 3333])).toEqual([333, 333, 334]);
    expect(spread(5, [1, 1000])).toEqual([0, 5]);
    expect(spread(3, [5, 0, 1])).toEqual([2, 0, 1]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, f) => {
          const total = Math.floor(weights.reduce((s, w) => s + w, 0) * f);
          const shares = spread(total, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
          shares.forEach((x, i) => {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(weights[i] ?? 0);
          });
        },
      ),
    );
  });

  it('states why a coupon does not fit', () => {
    const line = { productId: 1, storeId: 1, categoryId: 1, subtotal: 8000 };
    expect(evaluateCoupon(coupon({ threshold: 9900 }), [line], NOW).reason).toBe(
      '未满¥99（还差¥19）',
    );
    expect(evaluateCoupon(coupon({ scope: 'store', storeId: 2 }), [line], NOW).reason).toBe(
      '不适用于当前店铺商品',
    );
    expect(evaluateCoupon(coupon({ scope: 'product', scopeIds: [9] }), [line], NOW).reason).toBe(
      '不适用该商品',
    );
    expect(evaluateCoupon(coupon({ validFrom: new Date('2027-01-01') }), [line], NOW).reason).toBe(
      '未到使用时间',
    );
    expect(couponSaving(coupon({ kind: 'discount', rate: 85, cap: 0 }), 10_001)).toBe(1500);
    expect(couponSaving(coupon({ kind: 'discount', rate: 85, cap: 1000 }), 10_001)).toBe(1000);
  });

  it('prices any cart and wallet consistently: lines, stores and totals add up to the fen', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        walletArb,
        fc.integer({ min: 0, max: 100_000 }),
        (lines, wallet, red) => {
          const chosen = bestCoupons(
            wallet,
            lines.map((l) => ({ ...l, subtotal: l.price * l.quantity })),
            NOW,
          );
          const p = priceOrder(lines, {
            coupons: chosen,
            redPacket: { balance: red, maxSharePercent: 20, use: true },
            now: NOW,
          });
          let shares = 0;
          for (const perStore of p.couponShares.values())
            for (const x of perStore.values()) shares += x;
          expect(shares).toBe(p.discountAmount);
          for (const s of p.stores) {
            const items = s.items;
            expect(s.goodsAmount).toBe(items.reduce((t, i) => t + i.subtotal, 0));
            expect(s.discountAmount).toBe(items.reduce((t, i) => t + i.discount, 0));
            expect(s.redPacketAmount).toBe(items.reduce((t, i) => t + i.redPacket, 0));
            expect(s.payAmount).toBe(
              s.goodsAmount - s.discountAmount - s.redPacketAmount + s.shippingFee,
            );
            for (const i of items) expect(i.discount + i.redPacket).toBeLessThanOrEqual(i.subtotal);
          }
          expect(p.totalAmount).toBe(
            p.goodsAmount - p.discountAmount - p.redPacketDeduction + p.shippingFee,
          );
          expect(p.redPacketDeduction).toBeLessThanOrEqual(
            Math.min(red, Math.floor(((p.goodsAmount - p.discountAmount) * 20) / 100)),
          );
        },
      ),
    );
  });

  it('the automatic choice saves as much as the best of every allowed combination', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 5 }), walletArb, (lines, wallet) => {
        const discountLines = lines.map((l) => ({ ...l, subtotal: l.price * l.quantity }));
        const auto = totalSaving(bestCoupons(wallet, discountLines, NOW), lines);
        let best = 0;
        for (const c of choices(wallet)) best = Math.max(best, totalSaving(c, lines));
        expect(auto).toBe(best);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses two coupons of one store, and a chosen coupon that does not fit', () => {
    const line: PriceInputLine = {
      skuId: 1,
      productId: 1,
      storeId: 1,
      storeName: '店',
      title: 't',
      skuName: 's',
      image: 'i',
      price: 5000,
      quantity: 1,
    };
    expect(() =>
      priceOrder([line], {
        coupons: [
          coupon({ id: 1, storeId: 1, scope: 'store' }),
          coupon({ id: 2, storeId: 1, scope: 'store' }),
        ],
      }),
    ).toThrow(DiscountRefused);
    expect(() => priceOrder([line], { coupons: [coupon({ threshold: 9900 })] })).toThrow('未满¥99');
    expect(applyCoupons([], [{ ...line, subtotal: 5000 }], NOW).refused).toBeNull();
  });
});

describe('usableSaving', () => {
  it("is evaluateCoupon's saving when usable and 0 otherwise, for any coupon, lines and net", () => {
    fc.assert(
      fc.property(
        couponArb(1),
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 6, maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom(NOW, new Date('2025-06-01'), new Date('2027-06-01')),
        (c, raw, netRaw, withNet, now) => {
          const lines = raw.map((l) => ({ ...l, subtotal: l.price * l.quantity }));
          const net = withNet
            ? lines.map((l, i) => Math.min(l.subtotal, netRaw[i] ?? 0))
            : undefined;
          const e = evaluateCoupon(c, lines, now, net);
          expect(usableSaving(c, lines, now, net)).toBe(e.usable ? e.saving : 0);
        },
      ),
      { seed: 20261126, numRuns: 2_000 },
    );
  });
});
