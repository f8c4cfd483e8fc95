import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/index.ts';
import type { NamedDealPort } from '../src/modules/order/index.ts';

/**
 * Which backends this test run uses: `pglite` (embedded: PGlite in memory, in-memory bus and
 * limits) or `postgres` (cluster: a fresh database on DATABASE_URL, and Redis on REDIS_URL).
 */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `chaopin_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // pg's pool.end() resolves before its sockets are gone: wait for them, so that the forced
      // drop does not kill a connection that is still closing (its client would raise an error).
      for (let i = 0; i < 50; i++) {
        const { rows } = await c.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let template: Promise<Blob> | undefined;

/** The run's migrated empty PGlite database (global-setup.ts), read once per test file. */
function pgliteTemplate(): Promise<Blob> | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** Another server process's view: a second app on the same database and Redis (cluster mode). */
  secondNode(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A server on its own clean database (never shared between test files) and its own data dir;
 * `dealPorts`: deal ports of the test's own, beside the modules' (given to the placer at assembly).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  extra: { dealPorts?: readonly NamedDealPort[] } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chaopin-test-'));
  const pgDb = TEST_DB === 'postgres' ? await createPgDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    PGLITE_DIR: 'memory://',
    SEED: 'false',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(pgDb && process.env.REDIS_URL
      ? // Its own Redis namespace too: test files run in parallel on one Redis.
        { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `t${randomBytes(4).toString('hex')}:` }
      : {}),
    ...env,
  });
  // In memory (not a file's own PGLITE_DIR): start from the migrated template.
  const opts = {
    pgliteTemplate: !pgDb && config.PGLITE_DIR === 'memory://' ? await pgliteTemplate() : undefined,
    dealPorts: extra.dealPorts,
  };
  const app = await buildApp(config, opts).catch(async (err) => {
    await pgDb?.drop();
    throw err;
  });
  const others: FastifyInstance[] = [];
  return {
    app,
    dataDir,
    async secondNode() {
      const other = await buildApp(config, opts);
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A random valid mainland phone, so tests never collide on per-phone limits (shared Redis). */
export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  error?: string;
  data: T;
}

/** Injects a request and parses the envelope. */
export async function call<T = unknown>(
  app: FastifyInstance,
  opts: InjectOptions & { token?: string },
): Promise<{ status: number; body: Envelope<T> }> {
  const { token, ...rest } = opts;
  const headers = { ...(rest.headers ?? {}), ...(token ? { token } : {}) };
  const res = await app.inject({ ...rest, headers });
  return { status: res.statusCode, body: res.json() as Envelope<T> };
}

export const API = '/chaopin-boot/api/v1';

/** Form-encodes a body the way the app's request helper does. */
export function form(body: Record<string, string | number>) {
  return {
    payload: new URLSearchParams(
      Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}

/** Signs a new user in by SMS and returns the token. */
export async function login(
  app: FastifyInstance,
  phone = randomPhone(),
  extra: Record<string, string> = {},
) {
  const sent = await call<{ code: string }>(app, {
    method: 'POST',
    url: `${API}/user/sms/send`,
    ...form({ phone }),
  });
  if (sent.status !== 200) throw new Error(`sms/send failed: ${JSON.stringify(sent.body)}`);
  const res = await call<{ token: string }>(app, {
    method: 'POST',
    url: `${API}/user/mobileLogin`,
    ...form({ phone, code: sent.body.data.code, ...extra }),
  });
  if (res.status !== 200) throw new Error(`mobileLogin failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.data.token, phone };
}
