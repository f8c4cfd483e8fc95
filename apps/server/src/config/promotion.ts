import { MEMBER_PLAN_DEFAULTS, PROMO_DEFAULTS } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** Social commerce (modules/promotion): commissions, membership, the upgrade, withdrawals, invitations. */
export const promotionSchema = {
  /** Commission of a line's paid amount, in basis points: level 1 (parent), level 2 (grandparent). */
  PROMO_L1_BP: Type.Integer({ minimum: 0, maximum: 5000 }),
  PROMO_L2_BP: Type.Integer({ minimum: 0, maximum: 5000 }),
  /** A promoter's own purchases earn them level 1 (and their parent level 2). */
  PROMO_SELF_PURCHASE: Type.Boolean(),
  /** Hours after registration in which an invite code may still be bound (0: at registration only). */
  PROMO_BIND_WINDOW_HOURS: Type.Integer({ minimum: 0, maximum: 24 * 365 }),
  /** Seconds after receipt before a frozen commission settles (default: the after-sales window). */
  COMMISSION_SETTLE_SECONDS: Type.Integer({ minimum: 0, maximum: 365 * 86_400 }),
  /** How often each node settles due commissions and re-asks unanswered payouts. */
  PROMO_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  /** Member price as a percent of the list price; membership plans' prices (fen). */
  MEMBER_PRICE_PERCENT: Type.Integer({ minimum: 1, maximum: 100 }),
  MEMBER_PRICE_MONTH: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  MEMBER_PRICE_QUARTER: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  MEMBER_PRICE_YEAR: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  /** The 598 upgrade (its gift packages are products marked by the operator) and its deposit variant. */
  UPGRADE_PRICE: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  UPGRADE_BAIL_ENABLED: Type.Boolean(),
  UPGRADE_BAIL_AMOUNT: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  /** Withdrawal of commission: minimum (fen), fee (basis points), applications per day. */
  WITHDRAW_MIN: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
  WITHDRAW_FEE_BP: Type.Integer({ minimum: 0, maximum: 5000 }),
  WITHDRAW_DAILY_LIMIT: Type.Integer({ minimum: 1, maximum: 100 }),
  /** Invite with a gift: the invitee's red packet at binding, the inviter's when the first order is received. */
  INVITEE_RED_PACKET: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  INVITER_REWARD: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
};

/** The environment's text for each promotion setting, or its default. */
export function readPromotion(env: Env): Record<keyof typeof promotionSchema, unknown> {
  return {
    PROMO_L1_BP: env.PROMO_L1_BP ?? String(PROMO_DEFAULTS.L1_BP),
    PROMO_L2_BP: env.PROMO_L2_BP ?? String(PROMO_DEFAULTS.L2_BP),
    PROMO_SELF_PURCHASE: env.PROMO_SELF_PURCHASE ?? String(PROMO_DEFAULTS.SELF_PURCHASE),
    PROMO_BIND_WINDOW_HOURS:
      env.PROMO_BIND_WINDOW_HOURS ?? String(PROMO_DEFAULTS.BIND_WINDOW_HOURS),
    COMMISSION_SETTLE_SECONDS:
      env.COMMISSION_SETTLE_SECONDS ?? String(Number(env.AFTERSALE_DAYS ?? '7') * 86_400),
    PROMO_SWEEP_MS: env.PROMO_SWEEP_MS ?? '10000',
    MEMBER_PRICE_PERCENT: env.MEMBER_PRICE_PERCENT ?? String(PROMO_DEFAULTS.MEMBER_PRICE_PERCENT),
    MEMBER_PRICE_MONTH: env.MEMBER_PRICE_MONTH ?? String(MEMBER_PLAN_DEFAULTS.month.price),
    MEMBER_PRICE_QUARTER: env.MEMBER_PRICE_QUARTER ?? String(MEMBER_PLAN_DEFAULTS.quarter.price),
    MEMBER_PRICE_YEAR: env.MEMBER_PRICE_YEAR ?? String(MEMBER_PLAN_DEFAULTS.year.price),
    UPGRADE_PRICE: env.UPGRADE_PRICE ?? String(PROMO_DEFAULTS.UPGRADE_PRICE),
    UPGRADE_BAIL_ENABLED: env.UPGRADE_BAIL_ENABLED ?? String(PROMO_DEFAULTS.BAIL_ENABLED),
    UPGRADE_BAIL_AMOUNT: env.UPGRADE_BAIL_AMOUNT ?? String(PROMO_DEFAULTS.BAIL_AMOUNT),
    WITHDRAW_MIN: env.WITHDRAW_MIN ?? String(PROMO_DEFAULTS.WITHDRAW_MIN),
    WITHDRAW_FEE_BP: env.WITHDRAW_FEE_BP ?? String(PROMO_DEFAULTS.WITHDRAW_FEE_BP),
    WITHDRAW_DAILY_LIMIT: env.WITHDRAW_DAILY_LIMIT ?? String(PROMO_DEFAULTS.WITHDRAW_DAILY_LIMIT),
    INVITEE_RED_PACKET: env.INVITEE_RED_PACKET ?? String(PROMO_DEFAULTS.INVITEE_RED_PACKET),
    INVITER_REWARD: env.INVITER_REWARD ?? String(PROMO_DEFAULTS.INVITER_REWARD),
  };
}
