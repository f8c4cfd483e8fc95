import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.ts';

describe('config', () => {
  it('defaults to the embedded mode on port 8080 under ./data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 8080,
      NODE_ENV: 'development',
      SEED: true,
      BLOB_STORE: 'disk',
      IM_SIG_TTL_SECONDS: 7 * 86_400,
      IM_SHOP_AWAY_SECONDS: 3600,
    });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.DATA_DIR.endsWith('/data')).toBe(true);
    expect(c.PGLITE_DIR.endsWith('/data/pg')).toBe(true);
  });

  it('bounds a burst by default: a deep listen backlog, 128 writes at once, 2000 waiting', () => {
    expect(loadConfig({})).toMatchObject({
      LISTEN_BACKLOG: 4096,
      MAX_CONCURRENT: 128,
      MAX_QUEUE: 2000,
      QUEUE_TIMEOUT_MS: 30_000,
      BUSY_RETRY_AFTER_SECONDS: 3,
    });
    expect(loadConfig({ MAX_CONCURRENT: '0' }).MAX_CONCURRENT).toBe(0);
  });

  it('believes no forwarded address unless TRUST_PROXY names who may send one', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2,10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
    ]);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('switches blobs to the database in cluster mode', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://u@h/db', REDIS_URL: 'redis://h:6379' });
    expect(c.BLOB_STORE).toBe('db');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED: 'maybe' }, 'SEED'],
    [{ SESSION_TTL_DAYS: '0' }, 'SESSION_TTL_DAYS'],
    [{ APP_SECRET: 'short' }, 'APP_SECRET'],
    [{ IM_SIG_TTL_SECONDS: '5' }, 'IM_SIG_TTL_SECONDS'],
    [{ IM_SHOP_AWAY_SECONDS: '0' }, 'IM_SHOP_AWAY_SECONDS'],
    [{ LISTEN_BACKLOG: '0' }, 'LISTEN_BACKLOG'],
    [{ MAX_CONCURRENT: '-1' }, 'MAX_CONCURRENT'],
    [{ QUEUE_TIMEOUT_MS: '10' }, 'QUEUE_TIMEOUT_MS'],
    [{ BUSY_RETRY_AFTER_SECONDS: '0' }, 'BUSY_RETRY_AFTER_SECONDS'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/40' }, 'TRUST_PROXY'],
  ])('rejects %o naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
