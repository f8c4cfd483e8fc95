import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Type } from 'typebox';
import { parseTrustProxy } from '../platform/trust-proxy.ts';
import { ConfigError, type Env } from './env.ts';

/** The process, storage, HTTP limits and sessions. */
export const platformSchema = {
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
  /** The built console (apps/console), served under /console/. */
  CONSOLE_DIST: Type.String({ minLength: 1 }),
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
};

/** The environment's text for each platform setting, or its default. */
export function readPlatform(env: Env): Record<keyof typeof platformSchema, unknown> {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
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
    CONSOLE_DIST: resolve(env.CONSOLE_DIST || defaultConsoleDist),
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
    EMBEDDED_ANALYZE_MS: env.EMBEDDED_ANALYZE_MS ?? '3600000',
    WEBLINK_HOSTS: env.WEBLINK_HOSTS ?? '',
    WEBLINK_PAGES:
      env.WEBLINK_PAGES ??
      'integral=积分规则|/#/rootPages/integral/bottomLayer;nationalDay=活动规则|/#/pages/rule/rule;' +
        'user=种果树|/#/rootPages/farm/farm;user1=种果树|/#/rootPages/farm/farm',
  };
}

const here = fileURLToPath(new URL('.', import.meta.url));
// The server's folder: dist/ when built (one bundle), src/config/ when run from source (tsx, tests).
const serverDir = resolve(here, basename(here) === 'config' ? '../..' : '..');
const defaultWebDist = resolve(serverDir, '../web/dist');
const defaultConsoleDist = resolve(serverDir, '../console/dist');

function trustProxyOf(text: string) {
  const parsed = parseTrustProxy(text);
  if (parsed === null) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or comma-separated addresses/CIDRs, got "${text}"`,
    );
  }
  return parsed;
}
