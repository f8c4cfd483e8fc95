import { ZONE_DEFAULTS } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** Zones (专区) and the new-user full refund. */
export const zoneSchema = {
  /** Zones: products on the daily sale each day; how often each node pays due new-user refunds. */
  ZONE_DAILY_SALE_SIZE: Type.Integer({ minimum: 1, maximum: 100 }),
  ZONE_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  /** New-user full refund: its zone's key, and seconds after receipt before the red packet (default: the after-sales window). */
  NEW_USER_REFUND_ZONE: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$' }),
  NEW_USER_REFUND_SETTLE_SECONDS: Type.Integer({ minimum: 0, maximum: 365 * 86_400 }),
};

/** The environment's text for each zone setting, or its default. */
export function readZone(env: Env): Record<keyof typeof zoneSchema, unknown> {
  return {
    ZONE_DAILY_SALE_SIZE: env.ZONE_DAILY_SALE_SIZE ?? String(ZONE_DEFAULTS.DAILY_SALE_SIZE),
    ZONE_SWEEP_MS: env.ZONE_SWEEP_MS ?? '10000',
    NEW_USER_REFUND_ZONE: env.NEW_USER_REFUND_ZONE || ZONE_DEFAULTS.NEW_USER_REFUND_ZONE,
    NEW_USER_REFUND_SETTLE_SECONDS:
      env.NEW_USER_REFUND_SETTLE_SECONDS ?? String(Number(env.AFTERSALE_DAYS ?? '7') * 86_400),
  };
}
