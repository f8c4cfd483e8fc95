import type { CouponChoice, MyCoupon } from '@chaopin/contracts';
import { priceParts } from '../../../core/format.ts';

/**
 * The slot a coupon fills at checkout: a store's coupons (any scope) compete for that store's one
 * place, the platform's (no store) for the order's one platform place.
 */
export function couponSlot(coupon: Pick<MyCoupon, 'storeId'>): string {
  return coupon.storeId === null ? 'platform' : `store:${coupon.storeId}`;
}

/**
 * Tapping a usable coupon in the sheet: a picked one is put back, any other takes the place of the
 * coupon already picked in its slot (radio-like per store and for the platform).
 */
export function toggleCoupon(
  picked: number[],
  target: MyCoupon,
  coupons: CouponChoice[],
): number[] {
  if (picked.includes(target.id)) return picked.filter((id) => id !== target.id);
  const slot = couponSlot(target);
  const slotOf = new Map(coupons.map((c) => [c.coupon.id, couponSlot(c.coupon)]));
  return [...picked.filter((id) => slotOf.get(id) !== slot), target.id];
}

/** The big figure on a coupon's left: ¥20 / ¥5.50, or 8.5折. */
export function couponFace(coupon: Pick<MyCoupon, 'kind' | 'amount' | 'rate'>): string {
  if (coupon.kind === 'discount') return `${coupon.rate / 10}折`;
  const { yuan, cents } = priceParts(coupon.amount);
  return cents === '00' ? `¥${yuan}` : `¥${yuan}.${cents}`;
}
