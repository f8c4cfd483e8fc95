import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BARGAIN_DEFAULTS,
  BARGAIN_EDITION_DEFAULTS,
  COUPON_EXPIRING_DAYS,
  COUPON_NEW_USER_DAYS,
  DRAW_DEFAULTS,
  FARM_DEFAULTS,
  GAME_DEFAULTS,
  GODDESS_DEFAULTS,
  IM,
  LIVE_GIFT_HOST_SHARE,
  MEDICINE_DEFAULTS,
  MEMBER_PLAN_DEFAULTS,
  POINTS_DEFAULTS,
  PROMO_DEFAULTS,
  RED_PACKET_MAX_SHARE_PERCENT,
  RED_PACKET_NEW_USER_MAX,
  RED_PACKET_NEW_USER_MIN,
  RED_PACKET_VALID_DAYS,
  REDEEM_DEFAULTS,
  SECKILL_PAY_MINUTES,
  SECKILL_REMIND_MINUTES,
  SHOP_AWAY_SECONDS_DEFAULT,
  ZONE_DEFAULTS,
} from '@chaopin/contracts';
import { type Static, Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { parseTrustProxy } from './platform/trust-proxy.ts';

/** Every setting the server reads from the environment; see README "Configuration". */
const ConfigSchema = Type.Object({
  NODE_ENV: Type.Union([
    Type.Literal('development'),
    Type.Literal('production'),
    Type.Literal('test'),
  ]),
  HOST: Type.String({ minLength: 1 }),
  /** Who may set the client address by X-Forwarded-For (Fastify's trustProxy); see parseTrustProxy. */
  TRUST_PROXY: Type.Union([
    Type.Boolean(),
    Type.Integer({ minimum: 0 }),
    Type.Array(Type.String(), { minItems: 1 }),
  ]),
  PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  DATA_DIR: Type.String({ minLength: 1 }),
  /** Where embedded PostgreSQL keeps its files; `memory://` for a throwaway database. */
  PGLITE_DIR: Type.String({ minLength: 1 }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  /** Namespace of every Redis key and channel of this deployment. */
  REDIS_PREFIX: Type.String({ pattern: '^[A-Za-z0-9:_-]{1,40}$' }),
  LOG_LEVEL: Type.Union([
    Type.Literal('fatal'),
    Type.Literal('error'),
    Type.Literal('warn'),
    Type.Literal('info'),
    Type.Literal('debug'),
    Type.Literal('trace'),
    Type.Literal('silent'),
  ]),
  WEB_DIST: Type.String({ minLength: 1 }),
  SEED: Type.Boolean(),
  SESSION_TTL_DAYS: Type.Integer({ minimum: 1, maximum: 365 }),
  /** How long a validated session stays in the in-process cache; 0 disables it. */
  AUTH_CACHE_MS: Type.Integer({ minimum: 0, maximum: 60000 }),
  /** TTL of cached catalogue listings (details live 6× longer; both are evicted on change); 0 disables. */
  CATALOGUE_CACHE_MS: Type.Integer({ minimum: 0, maximum: 600000 }),
  BLOB_STORE: Type.Union([Type.Literal('disk'), Type.Literal('db')]),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600000 }),
  /** Connections the kernel queues before they are accepted (capped by net.core.somaxconn). */
  LISTEN_BACKLOG: Type.Integer({ minimum: 1, maximum: 65535 }),
  /** Writes (not GET/HEAD) served at once; later ones wait first come, first served. 0: off. */
  MAX_CONCURRENT: Type.Integer({ minimum: 0, maximum: 100_000 }),
  /** Writes that may wait for a turn; one more is answered 503 SERVER_BUSY at once. */
  MAX_QUEUE: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  /** A write that waited longer than this for its turn is answered 503 SERVER_BUSY. */
  QUEUE_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  /** The Retry-After (seconds) of a SERVER_BUSY answer. */
  BUSY_RETRY_AFTER_SECONDS: Type.Integer({ minimum: 1, maximum: 3600 }),
  APP_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  /** Password of the seeded operator account (13800000000); without it production seeds none. */
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  /** Days after receipt during which a buyer may ask for a refund or return. */
  AFTERSALE_DAYS: Type.Integer({ minimum: 1, maximum: 365 }),
  /** Days after the parcel is signed for before an order confirms its receipt by itself. */
  AUTO_CONFIRM_DAYS: Type.Integer({ minimum: 1, maximum: 30 }),
  /** How long an IM credential (userSig) lasts; a session is kicked out (USERSIG_EXPIRED) then. */
  IM_SIG_TTL_SECONDS: Type.Integer({ minimum: 10, maximum: 30 * 86_400 }),
  /** A store's away reply goes out at most once per conversation per this many seconds. */
  IM_SHOP_AWAY_SECONDS: Type.Integer({ minimum: 1, maximum: 7 * 86_400 }),
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
  // --- social commerce (modules/promotion); defaults in contracts PROMO_DEFAULTS ---
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
  /** Embedded only: how often the database's planner statistics are refreshed (PGlite has no
   * autovacuum; without them a big team is walked row by row). 0 turns it off. */
  EMBEDDED_ANALYZE_MS: Type.Integer({ minimum: 0, maximum: 86_400_000 }),
  /** Outside https hosts the in-app web view may open, comma-separated (our own pages always). */
  WEBLINK_HOSTS: Type.String({ pattern: '^([a-z0-9.-]+(,[a-z0-9.-]+)*)?$' }),
  /**
   * Default links of web views opened without one: `key=title|url` pairs separated by `;` (keys:
   * WEB_LINK_KEYS; url a site path or an https URL on WEBLINK_HOSTS).
   */
  WEBLINK_PAGES: Type.String({ maxLength: 4000 }),
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
  /** 女神帮: the inviter's 抵扣金 (fen) per friend who joins, and rewarded invitations per day. */
  GODDESS_INVITE_REWARD: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  GODDESS_INVITE_DAILY_MAX: Type.Integer({ minimum: 0, maximum: 100_000 }),
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
  /** Zones: products on the daily sale each day; how often each node pays due new-user refunds. */
  ZONE_DAILY_SALE_SIZE: Type.Integer({ minimum: 1, maximum: 100 }),
  ZONE_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  /** New-user full refund: its zone's key, and seconds after receipt before the red packet (default: the after-sales window). */
  NEW_USER_REFUND_ZONE: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$' }),
  NEW_USER_REFUND_SETTLE_SECONDS: Type.Integer({ minimum: 0, maximum: 365 * 86_400 }),
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
  /** Redeem codes: codes per batch; wrong codes per user and per IP address in the window (seconds). */
  REDEEM_BATCH_MAX: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  REDEEM_USER_FAILS: Type.Integer({ minimum: 1, maximum: 10_000 }),
  REDEEM_IP_FAILS: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  REDEEM_FAIL_WINDOW_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400 }),
  /** From this many wrong codes of a user on, the answer says how many tries are left. */
  REDEEM_WARN_FAILS: Type.Integer({ minimum: 1, maximum: 10_000 }),
  /** The guessing game: the largest guess (fen), extra guesses by invites, whether the real price
   * shows before the settlement, how often each node settles the rounds due. */
  GAME_MAX_GUESS: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  GAME_INVITE_MAX: Type.Integer({ minimum: 0, maximum: 100 }),
  GAME_SHOW_PRICE: Type.Boolean(),
  DEAL_FREE_SHIPPING: Type.Boolean(),
  GAME_SWEEP_MS: Type.Integer({ minimum: 100, maximum: 600_000 }),
  DRAW_ORDER_CHANCES: Type.Integer({ minimum: 0, maximum: 100 }),
  /** The points mall: how many of an item one user may buy unless the item says. */
  EXCHANGE_PER_USER_LIMIT: Type.Integer({ minimum: 1, maximum: 1000 }),
  /** The farm game: daily free water, water per 浇水 tap, per paid order, per friend's help, per share. */
  FARM_DAILY_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  FARM_WATER_STEP: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  FARM_ORDER_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  FARM_HELP_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  FARM_SHARE_WATER: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  /** 在线复诊: waiting requests one user may have, and the days a prescription stays valid. */
  MEDICINE_OPEN_MAX: Type.Integer({ minimum: 1, maximum: 100 }),
  MEDICINE_RX_VALID_DAYS: Type.Integer({ minimum: 1, maximum: 365 }),
  /** The host's share of a gift's value, in percent (the rest is the platform's). */
  LIVE_GIFT_HOST_SHARE_PERCENT: Type.Integer({ minimum: 0, maximum: 100 }),
  // --- live video (modules/live/media) ---
  /** Who carries live video: the RTMP ingest in this process, an external server (nginx-rtmp, SRS, a CDN) or none. */
  MEDIA_ENGINE: Type.Union([
    Type.Literal('embedded'),
    Type.Literal('external'),
    Type.Literal('off'),
  ]),
  /** The embedded RTMP ingest's port (0: any free one, as tests use). */
  RTMP_PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  /** The host name in the embedded engine's push URLs (what OBS or a phone dials). */
  MEDIA_PUBLIC_HOST: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' }),
  /** Push URL template with `{stream}` (required for `external`; overrides the embedded one). */
  MEDIA_PUSH_URL: Type.Optional(Type.String({ pattern: '^rtmps?://.*\\{stream\\}' })),
  /** Play URL template with `{stream}` (external): `.m3u8` → HLS, `.flv` → HTTP-FLV, `ws(s)://` → WS-FLV. */
  MEDIA_PLAY_URL: Type.Optional(Type.String({ pattern: '^(https?|wss?)://.*\\{stream\\}' })),
  /** Shared token the external engine's callbacks carry (`?token=` or `x-media-token`); unset: loopback only. */
  MEDIA_CALLBACK_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  /** URL template (`{stream}`, `{client}`) asked to drop a publisher on the external engine; `DELETE ` prefix for that method. */
  MEDIA_CUT_URL: Type.Optional(Type.String({ pattern: '^(DELETE )?https?://' })),
  /** A viewer whose unsent video passes this many bytes is dropped (it reconnects at the live edge). */
  MEDIA_VIEWER_MAX_BUFFER: Type.Integer({ minimum: 16_384, maximum: 256 * 1024 * 1024 }),
  /** The ffmpeg that remuxes recordings to MP4; when it cannot run, the FLV is the replay. */
  FFMPEG_PATH: Type.String({ minLength: 1 }),
});
export type Config = Static<typeof ConfigSchema>;

export class ConfigError extends Error {}

const here = fileURLToPath(new URL('.', import.meta.url));
// Works from src/ (tsx, tests) and from dist/ (built): both sit two levels under apps/.
const defaultWebDist = resolve(here, '../../web/dist');

const INT_KEYS = [
  'PORT',
  'SESSION_TTL_DAYS',
  'AUTH_CACHE_MS',
  'CATALOGUE_CACHE_MS',
  'SHUTDOWN_TIMEOUT_MS',
  'LISTEN_BACKLOG',
  'MAX_CONCURRENT',
  'MAX_QUEUE',
  'QUEUE_TIMEOUT_MS',
  'BUSY_RETRY_AFTER_SECONDS',
  'AFTERSALE_DAYS',
  'AUTO_CONFIRM_DAYS',
  'IM_SIG_TTL_SECONDS',
  'IM_SHOP_AWAY_SECONDS',
  'ORDER_SWEEP_MS',
  'REDPACKET_MAX_SHARE_PERCENT',
  'REDPACKET_VALID_DAYS',
  'REDPACKET_NEW_USER_MIN',
  'REDPACKET_NEW_USER_MAX',
  'COUPON_EXPIRING_DAYS',
  'COUPON_NEW_USER_DAYS',
  'PROMO_L1_BP',
  'PROMO_L2_BP',
  'PROMO_BIND_WINDOW_HOURS',
  'COMMISSION_SETTLE_SECONDS',
  'PROMO_SWEEP_MS',
  'EMBEDDED_ANALYZE_MS',
  'MEMBER_PRICE_PERCENT',
  'MEMBER_PRICE_MONTH',
  'MEMBER_PRICE_QUARTER',
  'MEMBER_PRICE_YEAR',
  'UPGRADE_PRICE',
  'UPGRADE_BAIL_AMOUNT',
  'WITHDRAW_MIN',
  'WITHDRAW_FEE_BP',
  'WITHDRAW_DAILY_LIMIT',
  'INVITEE_RED_PACKET',
  'INVITER_REWARD',
  'GODDESS_INVITE_REWARD',
  'GODDESS_INVITE_DAILY_MAX',
  'POINTS_SIGN_IN',
  'POINTS_STREAK_7_BONUS',
  'POINTS_STREAK_30_BONUS',
  'POINTS_FIRST_ORDER',
  'POINTS_PER_YUAN',
  'POINTS_REVIEW_PHOTO',
  'POINTS_SHARE',
  'POINTS_INVITE',
  'POINTS_MAX_SHARE_PERCENT',
  'POINTS_EXPIRY_YEARS',
  'POINTS_EXPIRY_NOTICE_DAYS',
  'POINTS_SWEEP_MS',
  'ZONE_DAILY_SALE_SIZE',
  'ZONE_SWEEP_MS',
  'NEW_USER_REFUND_SETTLE_SECONDS',
  'SECKILL_PAY_MINUTES',
  'SECKILL_REMIND_MINUTES',
  'SECKILL_USER_RATE',
  'SECKILL_IP_RATE',
  'SECKILL_SWEEP_MS',
  'BARGAIN_CLAIM_HOURS',
  'BARGAIN_NEW_USER_DAYS',
  'BARGAIN_SWEEP_MS',
  'BARGAIN_HELPERS_NEEDED',
  'BARGAIN_TIME_LIMIT_HOURS',
  'BARGAIN_CUT_MIN_PERCENT',
  'BARGAIN_CUT_MAX_PERCENT',
  'BARGAIN_NEW_USER_CUT_MIN_PERCENT',
  'BARGAIN_NEW_USER_CUT_MAX_PERCENT',
  'BARGAIN_CUT_KEEP_PERCENT',
  'BARGAIN_FIRST_KNIFE_MIN_PERCENT',
  'BARGAIN_FIRST_KNIFE_MAX_PERCENT',
  'BARGAIN_AUDIT_NEW_USER_PERCENT',
  'BARGAIN_AUDIT_SAME_IP',
  'CAPTCHA_COUNTER_MAX',
  'CAPTCHA_TTL_SECONDS',
  'REDEEM_BATCH_MAX',
  'REDEEM_USER_FAILS',
  'REDEEM_IP_FAILS',
  'REDEEM_FAIL_WINDOW_SECONDS',
  'REDEEM_WARN_FAILS',
  'EXCHANGE_PER_USER_LIMIT',
  'FARM_DAILY_WATER',
  'FARM_WATER_STEP',
  'FARM_ORDER_WATER',
  'FARM_HELP_WATER',
  'FARM_SHARE_WATER',
  'MEDICINE_OPEN_MAX',
  'MEDICINE_RX_VALID_DAYS',
  'LIVE_GIFT_HOST_SHARE_PERCENT',
  'GAME_MAX_GUESS',
  'GAME_INVITE_MAX',
  'GAME_SWEEP_MS',
  'DRAW_ORDER_CHANCES',
  'RTMP_PORT',
  'MEDIA_VIEWER_MAX_BUFFER',
] as const;
const BOOL_KEYS = [
  'SEED',
  'PROMO_SELF_PURCHASE',
  'UPGRADE_BAIL_ENABLED',
  'GAME_SHOW_PRICE',
  'DEAL_FREE_SHIPPING',
] as const;

/** Reads and validates the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const raw: Record<string, unknown> = {
    NODE_ENV: env.NODE_ENV || 'development',
    HOST: env.HOST || '127.0.0.1',
    TRUST_PROXY: trustProxyOf(env.TRUST_PROXY ?? ''),
    PORT: env.PORT ?? '8080',
    DATA_DIR: resolve(env.DATA_DIR || './data'),
    PGLITE_DIR:
      env.PGLITE_DIR === 'memory://'
        ? 'memory://'
        : resolve(env.PGLITE_DIR || join(env.DATA_DIR || './data', 'pg')),
    DATABASE_URL: databaseUrl,
    REDIS_URL: env.REDIS_URL || undefined,
    REDIS_PREFIX: env.REDIS_PREFIX || 'chaopin:',
    LOG_LEVEL: env.LOG_LEVEL || 'info',
    WEB_DIST: resolve(env.WEB_DIST || defaultWebDist),
    SEED: env.SEED ?? 'true',
    SESSION_TTL_DAYS: env.SESSION_TTL_DAYS ?? '30',
    AUTH_CACHE_MS: env.AUTH_CACHE_MS ?? '5000',
    CATALOGUE_CACHE_MS: env.CATALOGUE_CACHE_MS ?? '10000',
    BLOB_STORE: env.BLOB_STORE || (databaseUrl ? 'db' : 'disk'),
    SHUTDOWN_TIMEOUT_MS: env.SHUTDOWN_TIMEOUT_MS ?? '10000',
    LISTEN_BACKLOG: env.LISTEN_BACKLOG ?? '4096',
    MAX_CONCURRENT: env.MAX_CONCURRENT ?? '128',
    MAX_QUEUE: env.MAX_QUEUE ?? '2000',
    QUEUE_TIMEOUT_MS: env.QUEUE_TIMEOUT_MS ?? '30000',
    BUSY_RETRY_AFTER_SECONDS: env.BUSY_RETRY_AFTER_SECONDS ?? '3',
    APP_SECRET: env.APP_SECRET || undefined,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD || undefined,
    AFTERSALE_DAYS: env.AFTERSALE_DAYS ?? '7',
    AUTO_CONFIRM_DAYS: env.AUTO_CONFIRM_DAYS ?? '7',
    IM_SIG_TTL_SECONDS: env.IM_SIG_TTL_SECONDS ?? String(IM.SIG_TTL_SECONDS),
    IM_SHOP_AWAY_SECONDS: env.IM_SHOP_AWAY_SECONDS ?? String(SHOP_AWAY_SECONDS_DEFAULT),
    ORDER_SWEEP_MS: env.ORDER_SWEEP_MS ?? '15000',
    REDPACKET_MAX_SHARE_PERCENT:
      env.REDPACKET_MAX_SHARE_PERCENT ?? String(RED_PACKET_MAX_SHARE_PERCENT),
    REDPACKET_VALID_DAYS: env.REDPACKET_VALID_DAYS ?? String(RED_PACKET_VALID_DAYS),
    REDPACKET_NEW_USER_MIN: env.REDPACKET_NEW_USER_MIN ?? String(RED_PACKET_NEW_USER_MIN),
    REDPACKET_NEW_USER_MAX: env.REDPACKET_NEW_USER_MAX ?? String(RED_PACKET_NEW_USER_MAX),
    COUPON_EXPIRING_DAYS: env.COUPON_EXPIRING_DAYS ?? String(COUPON_EXPIRING_DAYS),
    COUPON_NEW_USER_DAYS: env.COUPON_NEW_USER_DAYS ?? String(COUPON_NEW_USER_DAYS),
    PROMO_L1_BP: env.PROMO_L1_BP ?? String(PROMO_DEFAULTS.L1_BP),
    PROMO_L2_BP: env.PROMO_L2_BP ?? String(PROMO_DEFAULTS.L2_BP),
    PROMO_SELF_PURCHASE: env.PROMO_SELF_PURCHASE ?? String(PROMO_DEFAULTS.SELF_PURCHASE),
    PROMO_BIND_WINDOW_HOURS:
      env.PROMO_BIND_WINDOW_HOURS ?? String(PROMO_DEFAULTS.BIND_WINDOW_HOURS),
    COMMISSION_SETTLE_SECONDS:
      env.COMMISSION_SETTLE_SECONDS ?? String(Number(env.AFTERSALE_DAYS ?? '7') * 86_400),
    PROMO_SWEEP_MS: env.PROMO_SWEEP_MS ?? '10000',
    EMBEDDED_ANALYZE_MS: env.EMBEDDED_ANALYZE_MS ?? '3600000',
    WEBLINK_HOSTS: env.WEBLINK_HOSTS ?? '',
    WEBLINK_PAGES:
      env.WEBLINK_PAGES ??
      'integral=积分规则|/#/rootPages/integral/bottomLayer;nationalDay=活动规则|/#/pages/rule/rule;' +
        'user=种果树|/#/rootPages/farm/farm;user1=种果树|/#/rootPages/farm/farm',
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
    GODDESS_INVITE_REWARD: env.GODDESS_INVITE_REWARD ?? String(GODDESS_DEFAULTS.INVITE_REWARD),
    GODDESS_INVITE_DAILY_MAX:
      env.GODDESS_INVITE_DAILY_MAX ?? String(GODDESS_DEFAULTS.INVITE_DAILY_MAX),
    POINTS_SIGN_IN: env.POINTS_SIGN_IN ?? String(POINTS_DEFAULTS.SIGN_IN),
    POINTS_STREAK_7_BONUS: env.POINTS_STREAK_7_BONUS ?? String(POINTS_DEFAULTS.STREAK_7_BONUS),
    POINTS_STREAK_30_BONUS: env.POINTS_STREAK_30_BONUS ?? String(POINTS_DEFAULTS.STREAK_30_BONUS),
    POINTS_FIRST_ORDER: env.POINTS_FIRST_ORDER ?? String(POINTS_DEFAULTS.FIRST_ORDER),
    POINTS_PER_YUAN: env.POINTS_PER_YUAN ?? String(POINTS_DEFAULTS.PER_YUAN),
    POINTS_REVIEW_PHOTO: env.POINTS_REVIEW_PHOTO ?? String(POINTS_DEFAULTS.REVIEW_PHOTO),
    POINTS_SHARE: env.POINTS_SHARE ?? String(POINTS_DEFAULTS.SHARE),
    POINTS_INVITE: env.POINTS_INVITE ?? String(POINTS_DEFAULTS.INVITE),
    POINTS_MAX_SHARE_PERCENT:
      env.POINTS_MAX_SHARE_PERCENT ?? String(POINTS_DEFAULTS.MAX_SHARE_PERCENT),
    POINTS_EXPIRY_YEARS: env.POINTS_EXPIRY_YEARS ?? String(POINTS_DEFAULTS.EXPIRY_YEARS),
    POINTS_EXPIRY_NOTICE_DAYS:
      env.POINTS_EXPIRY_NOTICE_DAYS ?? String(POINTS_DEFAULTS.EXPIRY_NOTICE_DAYS),
    POINTS_SWEEP_MS: env.POINTS_SWEEP_MS ?? '60000',
    ZONE_DAILY_SALE_SIZE: env.ZONE_DAILY_SALE_SIZE ?? String(ZONE_DEFAULTS.DAILY_SALE_SIZE),
    ZONE_SWEEP_MS: env.ZONE_SWEEP_MS ?? '10000',
    NEW_USER_REFUND_ZONE: env.NEW_USER_REFUND_ZONE || ZONE_DEFAULTS.NEW_USER_REFUND_ZONE,
    NEW_USER_REFUND_SETTLE_SECONDS:
      env.NEW_USER_REFUND_SETTLE_SECONDS ?? String(Number(env.AFTERSALE_DAYS ?? '7') * 86_400),
    SECKILL_PAY_MINUTES: env.SECKILL_PAY_MINUTES ?? String(SECKILL_PAY_MINUTES),
    SECKILL_REMIND_MINUTES: env.SECKILL_REMIND_MINUTES ?? String(SECKILL_REMIND_MINUTES),
    SECKILL_USER_RATE: env.SECKILL_USER_RATE ?? '5',
    SECKILL_IP_RATE: env.SECKILL_IP_RATE ?? '500',
    SECKILL_SWEEP_MS: env.SECKILL_SWEEP_MS ?? '5000',
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
    CAPTCHA_COUNTER_MAX: env.CAPTCHA_COUNTER_MAX ?? '20000',
    CAPTCHA_TTL_SECONDS: env.CAPTCHA_TTL_SECONDS ?? '300',
    REDEEM_BATCH_MAX: env.REDEEM_BATCH_MAX ?? String(REDEEM_DEFAULTS.BATCH_MAX),
    REDEEM_USER_FAILS: env.REDEEM_USER_FAILS ?? String(REDEEM_DEFAULTS.USER_FAILS),
    REDEEM_IP_FAILS: env.REDEEM_IP_FAILS ?? String(REDEEM_DEFAULTS.IP_FAILS),
    REDEEM_FAIL_WINDOW_SECONDS:
      env.REDEEM_FAIL_WINDOW_SECONDS ?? String(REDEEM_DEFAULTS.FAIL_WINDOW_SECONDS),
    REDEEM_WARN_FAILS: env.REDEEM_WARN_FAILS ?? String(REDEEM_DEFAULTS.WARN_FAILS),
    EXCHANGE_PER_USER_LIMIT: env.EXCHANGE_PER_USER_LIMIT ?? '1',
    FARM_DAILY_WATER: env.FARM_DAILY_WATER ?? String(FARM_DEFAULTS.DAILY_WATER),
    FARM_WATER_STEP: env.FARM_WATER_STEP ?? String(FARM_DEFAULTS.WATER_STEP),
    FARM_ORDER_WATER: env.FARM_ORDER_WATER ?? String(FARM_DEFAULTS.ORDER_WATER),
    FARM_HELP_WATER: env.FARM_HELP_WATER ?? String(FARM_DEFAULTS.HELP_WATER),
    FARM_SHARE_WATER: env.FARM_SHARE_WATER ?? String(FARM_DEFAULTS.SHARE_WATER),
    MEDICINE_OPEN_MAX: env.MEDICINE_OPEN_MAX ?? String(MEDICINE_DEFAULTS.OPEN_MAX),
    MEDICINE_RX_VALID_DAYS: env.MEDICINE_RX_VALID_DAYS ?? String(MEDICINE_DEFAULTS.RX_VALID_DAYS),
    LIVE_GIFT_HOST_SHARE_PERCENT: env.LIVE_GIFT_HOST_SHARE_PERCENT ?? String(LIVE_GIFT_HOST_SHARE),
    GAME_MAX_GUESS: env.GAME_MAX_GUESS ?? String(GAME_DEFAULTS.MAX_GUESS),
    GAME_INVITE_MAX: env.GAME_INVITE_MAX ?? String(GAME_DEFAULTS.INVITE_MAX),
    GAME_SHOW_PRICE: env.GAME_SHOW_PRICE ?? String(GAME_DEFAULTS.SHOW_PRICE),
    DEAL_FREE_SHIPPING: env.DEAL_FREE_SHIPPING ?? 'true',
    GAME_SWEEP_MS: env.GAME_SWEEP_MS ?? String(GAME_DEFAULTS.SWEEP_MS),
    DRAW_ORDER_CHANCES: env.DRAW_ORDER_CHANCES ?? String(DRAW_DEFAULTS.ORDER_CHANCES),
    // Tests start no media engine unless they ask for one (many test apps run at once).
    MEDIA_ENGINE: env.MEDIA_ENGINE || (env.NODE_ENV === 'test' ? 'off' : 'embedded'),
    RTMP_PORT: env.RTMP_PORT ?? '1935',
    MEDIA_PUBLIC_HOST: env.MEDIA_PUBLIC_HOST || publicHostOf(env.HOST || '127.0.0.1'),
    MEDIA_PUSH_URL: env.MEDIA_PUSH_URL || undefined,
    MEDIA_PLAY_URL: env.MEDIA_PLAY_URL || undefined,
    MEDIA_CALLBACK_TOKEN: env.MEDIA_CALLBACK_TOKEN || undefined,
    MEDIA_CUT_URL: env.MEDIA_CUT_URL || undefined,
    MEDIA_VIEWER_MAX_BUFFER: env.MEDIA_VIEWER_MAX_BUFFER ?? String(2 * 1024 * 1024),
    FFMPEG_PATH: env.FFMPEG_PATH || 'ffmpeg',
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

function trustProxyOf(text: string) {
  const parsed = parseTrustProxy(text);
  if (parsed === null) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or comma-separated addresses/CIDRs, got "${text}"`,
    );
  }
  return parsed;
}

/** A wildcard listen address is no address a publisher can dial: loopback stands in for it. */
function publicHostOf(host: string): string {
  return host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
}
