import { BARGAIN_DEFAULTS, BARGAIN_EDITION_DEFAULTS } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** Bargains (砍价). */
export const bargainSchema = {
  /** Bargain (砍价): claim window after success (h); helpers registered within N days cut more;
   * sweep interval; an item's defaults (helpers, hours); the cut bands in percent of the fair
   * share (normal, new user, the starter's first knife); a claim goes to audit when new users
   * made at least this percent of its helps, or this many helps came from one IP address. */
  BARGAIN_CLAIM_HOURS: Type.Integer({ minimum: 1, maximum: 720 }),
  BARGAIN_NEW_USER_DAYS: Type.Integer({ minimum: 0, maximum: 365 }),
  BARGAIN_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  BARGAIN_HELPERS_NEEDED: Type.Integer({ minimum: 1, maximum: 500 }),
  BARGAIN_TIME_LIMIT_HOURS: Type.Integer({ minimum: 1, maximum: 720 }),
  // A friend's cut never below 10 % of an even share (bargain-cut.test.ts proves the floor).
  BARGAIN_CUT_MIN_PERCENT: Type.Integer({ minimum: 10, maximum: 1000 }),
  BARGAIN_CUT_MAX_PERCENT: Type.Integer({ minimum: 10, maximum: 1000 }),
  BARGAIN_NEW_USER_CUT_MIN_PERCENT: Type.Integer({ minimum: 10, maximum: 1000 }),
  BARGAIN_NEW_USER_CUT_MAX_PERCENT: Type.Integer({ minimum: 10, maximum: 1000 }),
  BARGAIN_CUT_KEEP_PERCENT: Type.Integer({ minimum: 0, maximum: 100 }),
  // Percents of the whole gap: all of it would leave the friends nothing to cut.
  BARGAIN_FIRST_KNIFE_MIN_PERCENT: Type.Integer({ minimum: 1, maximum: 99 }),
  BARGAIN_FIRST_KNIFE_MAX_PERCENT: Type.Integer({ minimum: 1, maximum: 99 }),
  BARGAIN_AUDIT_NEW_USER_PERCENT: Type.Integer({ minimum: 1, maximum: 101 }),
  BARGAIN_AUDIT_SAME_IP: Type.Integer({ minimum: 2, maximum: 100_000 }),
  /** The editions' pages: title, theme colour, banner and rules text. */
  BARGAIN_NORMAL_TITLE: Type.String({ minLength: 1, maxLength: 20 }),
  BARGAIN_NORMAL_THEME_COLOR: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }),
  BARGAIN_NORMAL_BANNER: Type.String({ maxLength: 100 }),
  BARGAIN_NORMAL_RULES: Type.String({ maxLength: 5000 }),
  BARGAIN_NEWYEAR_TITLE: Type.String({ minLength: 1, maxLength: 20 }),
  BARGAIN_NEWYEAR_THEME_COLOR: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$' }),
  BARGAIN_NEWYEAR_BANNER: Type.String({ maxLength: 100 }),
  BARGAIN_NEWYEAR_RULES: Type.String({ maxLength: 5000 }),
};

/** The environment's text for each bargain setting, or its default. */
export function readBargain(env: Env): Record<keyof typeof bargainSchema, unknown> {
  return {
    BARGAIN_CLAIM_HOURS: env.BARGAIN_CLAIM_HOURS ?? String(BARGAIN_DEFAULTS.CLAIM_HOURS),
    BARGAIN_NEW_USER_DAYS: env.BARGAIN_NEW_USER_DAYS ?? String(BARGAIN_DEFAULTS.NEW_USER_DAYS),
    BARGAIN_SWEEP_MS: env.BARGAIN_SWEEP_MS ?? '10000',
    BARGAIN_HELPERS_NEEDED: env.BARGAIN_HELPERS_NEEDED ?? String(BARGAIN_DEFAULTS.HELPERS_NEEDED),
    BARGAIN_TIME_LIMIT_HOURS:
      env.BARGAIN_TIME_LIMIT_HOURS ?? String(BARGAIN_DEFAULTS.TIME_LIMIT_HOURS),
    BARGAIN_CUT_MIN_PERCENT: env.BARGAIN_CUT_MIN_PERCENT ?? '60',
    BARGAIN_CUT_MAX_PERCENT: env.BARGAIN_CUT_MAX_PERCENT ?? '160',
    BARGAIN_NEW_USER_CUT_MIN_PERCENT: env.BARGAIN_NEW_USER_CUT_MIN_PERCENT ?? '120',
    BARGAIN_NEW_USER_CUT_MAX_PERCENT: env.BARGAIN_NEW_USER_CUT_MAX_PERCENT ?? '200',
    BARGAIN_CUT_KEEP_PERCENT: env.BARGAIN_CUT_KEEP_PERCENT ?? '50',
    BARGAIN_FIRST_KNIFE_MIN_PERCENT: env.BARGAIN_FIRST_KNIFE_MIN_PERCENT ?? '30',
    BARGAIN_FIRST_KNIFE_MAX_PERCENT: env.BARGAIN_FIRST_KNIFE_MAX_PERCENT ?? '60',
    BARGAIN_AUDIT_NEW_USER_PERCENT: env.BARGAIN_AUDIT_NEW_USER_PERCENT ?? '80',
    BARGAIN_AUDIT_SAME_IP: env.BARGAIN_AUDIT_SAME_IP ?? '5',
    BARGAIN_NORMAL_TITLE: env.BARGAIN_NORMAL_TITLE || BARGAIN_EDITION_DEFAULTS.normal.title,
    BARGAIN_NORMAL_THEME_COLOR:
      env.BARGAIN_NORMAL_THEME_COLOR || BARGAIN_EDITION_DEFAULTS.normal.themeColor,
    BARGAIN_NORMAL_BANNER: env.BARGAIN_NORMAL_BANNER ?? BARGAIN_EDITION_DEFAULTS.normal.bannerText,
    BARGAIN_NORMAL_RULES: env.BARGAIN_NORMAL_RULES ?? BARGAIN_EDITION_DEFAULTS.normal.rulesText,
    BARGAIN_NEWYEAR_TITLE: env.BARGAIN_NEWYEAR_TITLE || BARGAIN_EDITION_DEFAULTS.newYear.title,
    BARGAIN_NEWYEAR_THEME_COLOR:
      env.BARGAIN_NEWYEAR_THEME_COLOR || BARGAIN_EDITION_DEFAULTS.newYear.themeColor,
    BARGAIN_NEWYEAR_BANNER:
      env.BARGAIN_NEWYEAR_BANNER ?? BARGAIN_EDITION_DEFAULTS.newYear.bannerText,
    BARGAIN_NEWYEAR_RULES: env.BARGAIN_NEWYEAR_RULES ?? BARGAIN_EDITION_DEFAULTS.newYear.rulesText,
  };
}
