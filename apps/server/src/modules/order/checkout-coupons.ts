import type { CouponChoice } from '@chaopin/contracts';
import { AppError } from '../../platform/errors.ts';
import type { WalletCoupon } from './coupon-port.ts';
import {
  bestCoupons,
  type CouponForPricing,
  type DiscountLine,
  evaluateCoupon,
  usableSaving,
} from './discount.ts';

/**
 * The coupons a checkout applies: the best combination of the wallet's free ones unless the
 * request named them (each must be the buyer's, unused and in date).
 */
export function chooseCoupons(
  wallet: readonly WalletCoupon[],
  lines: readonly DiscountLine[],
  now: Date,
  requested: readonly number[] | undefined,
): CouponForPricing[] {
  const usable = wallet.filter((w) => !w.held).map((w) => w.pricing);
  if (requested === undefined) return bestCoupons(usable, lines, now);
  return requested.map((id) => {
    const c = usable.find((u) => u.id === id);
    if (!c) throw new AppError('COUPON_UNUSABLE', { reason: '优惠券已使用、已过期或不存在' });
    return c;
  });
}

/**
 * How many of the wallet's coupons fit this cart, and, when the sheet asks (`list`), every coupon
 * with its fit, saving and reason, usable ones first and the biggest saving on top.
 */
export function couponSheet(
  wallet: readonly WalletCoupon[],
  lines: readonly DiscountLine[],
  now: Date,
  chosen: readonly CouponForPricing[],
  list: boolean,
): { coupons: CouponChoice[]; counts: { usable: number; unusable: number } } {
  let usable = 0;
  for (const w of wallet) if (!w.held && usableSaving(w.pricing, lines, now) > 0) usable++;
  const counts = { usable, unusable: wallet.length - usable };
  if (!list) return { coupons: [], counts };
  const fits = wallet.map((w) => ({
    w,
    e: w.held ? null : evaluateCoupon(w.pricing, lines, now),
  }));
  const chosenIds = new Set(chosen.map((c) => c.id));
  const coupons = fits
    .map(
      ({ w, e }): CouponChoice =>
        e
          ? {
              coupon: w.view(now),
              usable: e.usable,
              reason: e.reason,
              saving: e.saving,
              selected: chosenIds.has(w.pricing.id),
            }
          : {
              coupon: w.view(now),
              usable: false,
              reason: '已被待支付订单占用',
              saving: 0,
              selected: false,
            },
    )
    .sort((a, b) => Number(b.usable) - Number(a.usable) || b.saving - a.saving);
  return { coupons, counts };
}
