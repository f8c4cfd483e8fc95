import { SECKILL_PAY_MINUTES, SECKILL_REMIND_MINUTES } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** Flash sales (秒杀) and their captcha. */
export const seckillSchema = {
  /** A flash order's payment window unless its session sets one (minutes). */
  SECKILL_PAY_MINUTES: Type.Integer({ minimum: 1, maximum: 60 }),
  /** Subscribers are reminded this long before a session starts (minutes). */
  SECKILL_REMIND_MINUTES: Type.Integer({ minimum: 0, maximum: 1440 }),
  /** Flash attempts per second: one user's, and all users' behind one IP address. */
  SECKILL_USER_RATE: Type.Integer({ minimum: 1, maximum: 1000 }),
  SECKILL_IP_RATE: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  /** How often each node sends due reminders, settles ended sessions and checks the counters. */
  SECKILL_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  /** The captcha's work: counters tried up to a random one in [max/2, max] (SHA-256 each). */
  CAPTCHA_COUNTER_MAX: Type.Integer({ minimum: 2, maximum: 10_000_000 }),
  /** How long a captcha challenge may be solved and spent. */
  CAPTCHA_TTL_SECONDS: Type.Integer({ minimum: 10, maximum: 3600 }),
};

/** The environment's text for each seckill setting, or its default. */
export function readSeckill(env: Env): Record<keyof typeof seckillSchema, unknown> {
  return {
    SECKILL_PAY_MINUTES: env.SECKILL_PAY_MINUTES ?? String(SECKILL_PAY_MINUTES),
    SECKILL_REMIND_MINUTES: env.SECKILL_REMIND_MINUTES ?? String(SECKILL_REMIND_MINUTES),
    SECKILL_USER_RATE: env.SECKILL_USER_RATE ?? '5',
    SECKILL_IP_RATE: env.SECKILL_IP_RATE ?? '500',
    SECKILL_SWEEP_MS: env.SECKILL_SWEEP_MS ?? '5000',
    CAPTCHA_COUNTER_MAX: env.CAPTCHA_COUNTER_MAX ?? '20000',
    CAPTCHA_TTL_SECONDS: env.CAPTCHA_TTL_SECONDS ?? '300',
  };
}
