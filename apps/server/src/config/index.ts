import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { bargainSchema, readBargain } from './bargain.ts';
import { ConfigError, type Env } from './env.ts';
import { gamesSchema, readGames } from './games.ts';
import { liveSchema, readLive } from './live.ts';
import { medicineSchema, readMedicine } from './medicine.ts';
import { orderSchema, readOrder } from './order.ts';
import { platformSchema, readPlatform } from './platform.ts';
import { pointsSchema, readPoints } from './points.ts';
import { promotionSchema, readPromotion } from './promotion.ts';
import { readSeckill, seckillSchema } from './seckill.ts';
import { readZone, zoneSchema } from './zone.ts';

export { ConfigError } from './env.ts';

/** Every setting the server reads from the environment, by domain; see README "Configuration". */
const ConfigSchema = Type.Object({
  ...platformSchema,
  ...orderSchema,
  ...promotionSchema,
  ...pointsSchema,
  ...zoneSchema,
  ...bargainSchema,
  ...seckillSchema,
  ...gamesSchema,
  ...medicineSchema,
  ...liveSchema,
});
export type Config = Static<typeof ConfigSchema>;

/** Settings the environment gives as text that the schema wants as numbers or booleans. */
const keysOfType = (type: 'integer' | 'boolean') =>
  Object.entries(ConfigSchema.properties)
    .filter(([, schema]) => (schema as { type?: unknown }).type === type)
    .map(([key]) => key);
const INT_KEYS = keysOfType('integer');
const BOOL_KEYS = keysOfType('boolean');

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const raw: Record<string, unknown> = {
    ...readPlatform(env),
    ...readOrder(env),
    ...readPromotion(env),
    ...readPoints(env),
    ...readZone(env),
    ...readBargain(env),
    ...readSeckill(env),
    ...readGames(env),
    ...readMedicine(env),
    ...readLive(env),
  };
  for (const key of INT_KEYS) {
    const text = String(raw[key]);
    if (!/^\d+$/.test(text)) throw new ConfigError(`${key} must be a whole number, got "${text}"`);
    raw[key] = Number(text);
  }
  for (const key of BOOL_KEYS) {
    const text = String(raw[key]).toLowerCase();
    if (!['true', 'false', '1', '0'].includes(text)) {
      throw new ConfigError(`${key} must be true or false, got "${raw[key]}"`);
    }
    raw[key] = text === 'true' || text === '1';
  }
  for (const key of Object.keys(raw)) if (raw[key] === undefined) delete raw[key];
  const check = Compile(ConfigSchema);
  const first = check.Errors(raw)[0];
  if (first) {
    const name = first.instancePath.replace(/^\//, '') || 'environment';
    throw new ConfigError(`${name} is invalid (${first.message}): "${raw[name] ?? ''}"`);
  }
  const config = raw as Config;
  if (config.MEDIA_ENGINE === 'external' && !(config.MEDIA_PUSH_URL && config.MEDIA_PLAY_URL)) {
    throw new ConfigError('MEDIA_ENGINE=external needs MEDIA_PUSH_URL and MEDIA_PLAY_URL');
  }
  return config;
}
