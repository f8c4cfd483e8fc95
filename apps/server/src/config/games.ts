import { DRAW_DEFAULTS, FARM_DEFAULTS, GAME_DEFAULTS, GODDESS_DEFAULTS } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** The playful activities: the guessing game, the lucky draw, the farm and 女神帮 invitations. */
export const gamesSchema = {
  /** 女神帮: the inviter's 抵扣金 (fen) per friend who joins, and rewarded invitations per day. */
  GODDESS_INVITE_REWARD: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  GODDESS_INVITE_DAILY_MAX: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** The guessing game: the largest guess (fen), extra guesses by invites, whether the real price
   * shows before the settlement, how often each node settles the rounds due. */
  GAME_MAX_GUESS: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  GAME_INVITE_MAX: Type.Integer({ minimum: 0, maximum: 100 }),
  GAME_SHOW_PRICE: Type.Boolean(),
  GAME_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  DRAW_ORDER_CHANCES: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The farm game: daily free water, water per 浇水 tap, per paid order, per friend's help, per share. */
  FARM_DAILY_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  FARM_WATER_STEP: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  FARM_ORDER_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  FARM_HELP_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  FARM_SHARE_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
};

/** The environment's text for each games setting, or its default. */
export function readGames(env: Env): Record<keyof typeof gamesSchema, unknown> {
  return {
    GODDESS_INVITE_REWARD: env.GODDESS_INVITE_REWARD ?? String(GODDESS_DEFAULTS.INVITE_REWARD),
    GODDESS_INVITE_DAILY_MAX:
      env.GODDESS_INVITE_DAILY_MAX ?? String(GODDESS_DEFAULTS.INVITE_DAILY_MAX),
    GAME_MAX_GUESS: env.GAME_MAX_GUESS ?? String(GAME_DEFAULTS.MAX_GUESS),
    GAME_INVITE_MAX: env.GAME_INVITE_MAX ?? String(GAME_DEFAULTS.INVITE_MAX),
    GAME_SHOW_PRICE: env.GAME_SHOW_PRICE ?? String(GAME_DEFAULTS.SHOW_PRICE),
    GAME_SWEEP_MS: env.GAME_SWEEP_MS ?? String(GAME_DEFAULTS.SWEEP_MS),
    DRAW_ORDER_CHANCES: env.DRAW_ORDER_CHANCES ?? String(DRAW_DEFAULTS.ORDER_CHANCES),
    FARM_DAILY_WATER: env.FARM_DAILY_WATER ?? String(FARM_DEFAULTS.DAILY_WATER),
    FARM_WATER_STEP: env.FARM_WATER_STEP ?? String(FARM_DEFAULTS.WATER_STEP),
    FARM_ORDER_WATER: env.FARM_ORDER_WATER ?? String(FARM_DEFAULTS.ORDER_WATER),
    FARM_HELP_WATER: env.FARM_HELP_WATER ?? String(FARM_DEFAULTS.HELP_WATER),
    FARM_SHARE_WATER: env.FARM_SHARE_WATER ?? String(FARM_DEFAULTS.SHARE_WATER),
  };
}
