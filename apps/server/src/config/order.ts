import {
  COUPON_EXPIRING_DAYS,
  COUPON_NEW_USER_DAYS,
  RED_PACKET_MAX_SHARE_PERCENT,
  RED_PACKET_NEW_USER_MAX,
  RED_PACKET_NEW_USER_MIN,
  RED_PACKET_VALID_DAYS,
} from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** Orders, after-sales and the money a checkout spends (coupons, red packets). */
export const orderSchema = {
  /** Days after receipt during which a buyer may ask for a refund or return. */
  AFTERSALE_DAYS: Type.Integer({ minimum: 1, maximum: 365 }),
  /** Days after the parcel is signed for before an order confirms its receipt by itself. */
  AUTO_CONFIRM_DAYS: Type.Integer({ minimum: 1, maximum: 30 }),
  /** How often each node cancels unpaid orders past their payment window. */
  ORDER_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  /** The red-packet balance pays at most this percent of an order's goods (after coupons). */
  REDPACKET_MAX_SHARE_PERCENT: Type.Integer({ minimum: 0, maximum: 100 }),
  /** An unopened red packet expires after this many days unless its issuer says otherwise. */
  REDPACKET_VALID_DAYS: Type.Integer({ minimum: 1, maximum: 365 }),
  /** The 新人红包 given with the new-user coupon pack (fen; max 0: none). */
  REDPACKET_NEW_USER_MIN: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  REDPACKET_NEW_USER_MAX: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  /** Unused coupons ending within this many days are marked 即将过期. */
  COUPON_EXPIRING_DAYS: Type.Integer({ minimum: 0, maximum: 365 }),
  /** Days after registration in which a user is 新人 (new-user coupons, the 新人专享礼包). */
  COUPON_NEW_USER_DAYS: Type.Integer({ minimum: 1, maximum: 365 }),
  /** Deal orders (¥0 prizes, bargains, points-mall products) ship free. */
  DEAL_FREE_SHIPPING: Type.Boolean(),
};

/** The environment's text for each order setting, or its default. */
export function readOrder(env: Env): Record<keyof typeof orderSchema, unknown> {
  return {
    AFTERSALE_DAYS: env.AFTERSALE_DAYS ?? '7',
    AUTO_CONFIRM_DAYS: env.AUTO_CONFIRM_DAYS ?? '7',
    ORDER_SWEEP_MS: env.ORDER_SWEEP_MS ?? '15000',
    REDPACKET_MAX_SHARE_PERCENT:
      env.REDPACKET_MAX_SHARE_PERCENT ?? String(RED_PACKET_MAX_SHARE_PERCENT),
    REDPACKET_VALID_DAYS: env.REDPACKET_VALID_DAYS ?? String(RED_PACKET_VALID_DAYS),
    REDPACKET_NEW_USER_MIN: env.REDPACKET_NEW_USER_MIN ?? String(RED_PACKET_NEW_USER_MIN),
    REDPACKET_NEW_USER_MAX: env.REDPACKET_NEW_USER_MAX ?? String(RED_PACKET_NEW_USER_MAX),
    COUPON_EXPIRING_DAYS: env.COUPON_EXPIRING_DAYS ?? String(COUPON_EXPIRING_DAYS),
    COUPON_NEW_USER_DAYS: env.COUPON_NEW_USER_DAYS ?? String(COUPON_NEW_USER_DAYS),
    DEAL_FREE_SHIPPING: env.DEAL_FREE_SHIPPING ?? 'true',
  };
}
