import type { MyCoupon } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { CouponForPricing } from './discount.ts';

/** A coupon of the buyer's wallet: how pricing reads it and how the coupon sheet shows it. */
export interface WalletCoupon {
  pricing: CouponForPricing;
  /** unused, or held by an unpaid order (listed as taken). */
  held: boolean;
  /** Built only when the coupon sheet lists the wallet (its state as at `now`). */
  view(now: Date): MyCoupon;
}

/** A coupon locked for a placement batch, with its owner. */
export interface LockedCoupon extends CouponForPricing {
  userId: number;
}

/**
 * The coupon module's side of orders (it is built after orders and hands this over): reading a
 * buyer's coupons for checkout, and moving them with the orders that hold them. Every write runs
 * in the caller's transaction, guarded by the coupon's state, so it happens once.
 */
export interface CouponPort {
  /** The buyer's coupons that checkout lists: unused and not expired, and those held. */
  wallet(userId: number, now: Date): Promise<WalletCoupon[]>;
  /** Locks these coupons (FOR UPDATE) and answers those unused and in date, by id. */
  lock(trx: Db, ids: readonly number[], now: Date): Promise<Map<number, LockedCoupon>>;
  /** The coupons go into a submit: held by its group, with what each took off each order. */
  hold(
    trx: Db,
    rows: readonly {
      couponId: number;
      groupId: number;
      orders: { orderId: number; amount: number }[];
    }[],
  ): Promise<void>;
  /** These orders were paid: their coupons are used. */
  paid(trx: Db, orderIds: readonly number[]): Promise<void>;
  /**
   * These orders closed unpaid, or were refunded in full before shipping: each of their coupons
   * comes back unless another order it went into is still alive.
   */
  released(trx: Db, orderIds: readonly number[]): Promise<void>;
}
