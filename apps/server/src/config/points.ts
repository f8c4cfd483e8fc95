import { POINTS_DEFAULTS, REDEEM_DEFAULTS } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** Points, the points mall and redeem codes. */
export const pointsSchema = {
  /** Points: a sign-in, the bonus on day 7 and day 30 of a streak, the first paid order of a day. */
  POINTS_SIGN_IN: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  POINTS_STREAK_7_BONUS: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  POINTS_STREAK_30_BONUS: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  POINTS_FIRST_ORDER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  /** Points tasks: a review with photos (per review), the day's share, each friend who binds to the user. */
  POINTS_REVIEW_PHOTO: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  POINTS_SHARE: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  POINTS_INVITE: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  /** Checkout deduction: points worth ¥1, and the most of the goods (after coupons, red packet) they pay. */
  POINTS_PER_YUAN: Type.Integer({ minimum: 1, maximum: 100_000 }),
  POINTS_MAX_SHARE_PERCENT: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Points expire at the end of the Nth year after they were earned (0: never), with a notice this many days before; how often each node looks. */
  POINTS_EXPIRY_YEARS: Type.Integer({ minimum: 0, maximum: 100 }),
  POINTS_EXPIRY_NOTICE_DAYS: Type.Integer({ minimum: 0, maximum: 365 }),
  POINTS_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 86_400_000 }),
  /** Redeem codes: codes per batch; wrong codes per user and per IP address in the window (seconds). */
  REDEEM_BATCH_MAX: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  REDEEM_USER_FAILS: Type.Integer({ minimum: 1, maximum: 10_000 }),
  REDEEM_IP_FAILS: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  REDEEM_FAIL_WINDOW_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400 }),
  /** From this many wrong codes of a user on, the answer says how many tries are left. */
  REDEEM_WARN_FAILS: Type.Integer({ minimum: 1, maximum: 10_000 }),
  /** The points mall: how many of an item one user may buy unless the item says. */
  EXCHANGE_PER_USER_LIMIT: Type.Integer({ minimum: 1, maximum: 1000 }),
};

/** The environment's text for each points setting, or its default. */
export function readPoints(env: Env): Record<keyof typeof pointsSchema, unknown> {
  return {
    POINTS_SIGN_IN: env.POINTS_SIGN_IN ?? String(POINTS_DEFAULTS.SIGN_IN),
    POINTS_STREAK_7_BONUS: env.POINTS_STREAK_7_BONUS ?? String(POINTS_DEFAULTS.STREAK_7_BONUS),
    POINTS_STREAK_30_BONUS: env.POINTS_STREAK_30_BONUS ?? String(POINTS_DEFAULTS.STREAK_30_BONUS),
    POINTS_FIRST_ORDER: env.POINTS_FIRST_ORDER ?? String(POINTS_DEFAULTS.FIRST_ORDER),
    POINTS_REVIEW_PHOTO: env.POINTS_REVIEW_PHOTO ?? String(POINTS_DEFAULTS.REVIEW_PHOTO),
    POINTS_SHARE: env.POINTS_SHARE ?? String(POINTS_DEFAULTS.SHARE),
    POINTS_INVITE: env.POINTS_INVITE ?? String(POINTS_DEFAULTS.INVITE),
    POINTS_PER_YUAN: env.POINTS_PER_YUAN ?? String(POINTS_DEFAULTS.PER_YUAN),
    POINTS_MAX_SHARE_PERCENT:
      env.POINTS_MAX_SHARE_PERCENT ?? String(POINTS_DEFAULTS.MAX_SHARE_PERCENT),
    POINTS_EXPIRY_YEARS: env.POINTS_EXPIRY_YEARS ?? String(POINTS_DEFAULTS.EXPIRY_YEARS),
    POINTS_EXPIRY_NOTICE_DAYS:
      env.POINTS_EXPIRY_NOTICE_DAYS ?? String(POINTS_DEFAULTS.EXPIRY_NOTICE_DAYS),
    POINTS_SWEEP_MS: env.POINTS_SWEEP_MS ?? '60000',
    REDEEM_BATCH_MAX: env.REDEEM_BATCH_MAX ?? String(REDEEM_DEFAULTS.BATCH_MAX),
    REDEEM_USER_FAILS: env.REDEEM_USER_FAILS ?? String(REDEEM_DEFAULTS.USER_FAILS),
    REDEEM_IP_FAILS: env.REDEEM_IP_FAILS ?? String(REDEEM_DEFAULTS.IP_FAILS),
    REDEEM_FAIL_WINDOW_SECONDS:
      env.REDEEM_FAIL_WINDOW_SECONDS ?? String(REDEEM_DEFAULTS.FAIL_WINDOW_SECONDS),
    REDEEM_WARN_FAILS: env.REDEEM_WARN_FAILS ?? String(REDEEM_DEFAULTS.WARN_FAILS),
    EXCHANGE_PER_USER_LIMIT: env.EXCHANGE_PER_USER_LIMIT ?? '1',
  };
}
