import type { CouponChoice, MyCoupon } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { couponFace, toggleCoupon } from './components/couponChoice.ts';

const coupon = (id: number, storeId: number | null, extra: Partial<MyCoupon> = {}): MyCoupon => ({
  id,
  templateId: id,
  name: `券${id}`,
  kind: 'full',
  scope: storeId === null ? 'platform' : 'store',
  scopeText: storeId === null ? '平台通用' : '店铺券',
  scopeTargets: [],
  storeId,
  threshold: 9900,
  amount: 1000,
  rate: 0,
  cap: 0,
  title: '满99减10',
  state: 'unused',
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2026-12-31T00:00:00.000Z',
  expiringSoon: false,
  orderNo: null,
  claimedAt: '2026-01-01T00:00:00.000Z',
  usedAt: null,
  ...extra,
});
const choice = (c: MyCoupon): CouponChoice => ({
  coupon: c,
  usable: true,
  reason: '',
  saving: c.amount,
  selected: false,
});

const p1 = coupon(1, null);
const p2 = coupon(2, null);
const a1 = coupon(3, 10);
const a2 = coupon(4, 10, { scope: 'product', scopeText: '商品券' });
const b1 = coupon(5, 20);
const all = [p1, p2, a1, a2, b1].map(choice);

describe('picking coupons at checkout', () => {
  it('keeps one coupon per store and one platform coupon', () => {
    let picked = toggleCoupon([], a1, all);
    picked = toggleCoupon(picked, b1, all);
    picked = toggleCoupon(picked, p1, all);
    expect(picked).toEqual([3, 5, 1]);
    // Another coupon of store 10 (whatever its scope) replaces a1; another platform coupon p1.
    picked = toggleCoupon(picked, a2, all);
    picked = toggleCoupon(picked, p2, all);
    expect(picked).toEqual([5, 4, 2]);
  });

  it('puts a picked coupon back when tapped again', () => {
    expect(toggleCoupon([3, 1], a1, all)).toEqual([1]);
  });
});

describe('a coupon’s face', () => {
  it('shows yuan off without empty cents, or the discount rate', () => {
    expect(couponFace(coupon(1, null, { amount: 2000 }))).toBe('¥20');
    expect(couponFace(coupon(1, null, { amount: 550 }))).toBe('¥5.50');
    expect(couponFace(coupon(1, null, { kind: 'discount', amount: 0, rate: 85 }))).toBe('8.5折');
  });
});
