// Shared benchmark harness: servers in their own processes, autocannon load, interleaved rounds
// (machine noise spreads over every variant alike) and a markdown table of the median rounds.
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
export const API = '/chaopin-boot/api/v1';
export const CONNECTIONS = 100;

const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

export function argNumber(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
}

export async function waitHealthy(url) {
  // Up to 5 minutes: PGlite alone takes 45 s to start on a busy 2-core machine.
  for (let i = 0; i < 1500; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not healthy: ${url}`);
}

/** A bare Fastify process answering each path with fixed bytes (the limit of the machine). */
export async function startBare(port, routes) {
  const child = fork(join(here, 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(port), BARE_ROUTES: JSON.stringify(routes) },
  });
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

/**
 * The built server (apps/server/dist/main.js, or BENCH_APP_MAIN relative to the repository root,
 * e.g. a copy of an earlier build to compare with) on its own fresh data dir.
 */
/** Server settings a bench run may override from its own environment, to compare variants. */
const SERVER_TUNING = [
  'LISTEN_BACKLOG',
  'MAX_CONCURRENT',
  'MAX_QUEUE',
  'QUEUE_TIMEOUT_MS',
  'BUSY_RETRY_AFTER_SECONDS',
];

/**
 * A database of its own on the server of `adminUrl`, and a Redis prefix of its own: every run
 * starts from the seeded state (orders of earlier runs would grow the tables and indexes run
 * after run, and reused ids would meet the old runs' Redis keys).
 */
export async function freshDatabase(adminUrl) {
  const db = await emptyDatabase(adminUrl, `chaopin_bench_${process.pid}`);
  return { env: { DATABASE_URL: db.url, REDIS_PREFIX: `${db.name}:` }, drop: db.drop };
}

/**
 * A new, empty database `<prefix>_<random>` beside `adminUrl`'s, for a bench that seeds it
 * before a server starts on it; `drop` removes it even while connections are open.
 */
export async function emptyDatabase(adminUrl, prefix) {
  const name = `${prefix}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The server on data a bench prepared (`SEED=false`; `env` names the database or data dir): the
 * build at BENCH_APP_MAIN when set, else the sources through tsx.
 */
export function startServerOn(port, env) {
  const built = process.env.BENCH_APP_MAIN;
  const args = built
    ? [join(root, built)]
    : ['--import', 'tsx', join(root, 'apps/server/src/main.ts')];
  return spawnServer(args, port, env, join(root, 'apps/server'));
}

/** A server process on `port` (test mode, no seed), answered once healthy; `stop` waits for its exit. */
async function spawnServer(args, port, env, cwd) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const exited = new Promise((r) => child.once('exit', r));
  await waitHealthy(`http://127.0.0.1:${port}/healthz`);
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A seeded account's token through the real SMS login (NODE_ENV=test returns the code). */
export async function loginPhone(base, phone) {
  const sent = await postForm(base, '/user/sms/send', { phone });
  const done = await postForm(base, '/user/mobileLogin', { phone, code: sent.data?.code });
  if (!done.data?.token) throw new Error(`login ${phone}: ${JSON.stringify(done)}`);
  return done.data.token;
}

export async function startApp(port, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-'));
  const db = env.DATABASE_URL ? await freshDatabase(env.DATABASE_URL) : undefined;
  const main = join(root, process.env.BENCH_APP_MAIN || 'apps/server/dist/main.js');
  const server = await spawnServer([main], port, {
    DATA_DIR: dataDir,
    ...env,
    ...db?.env,
    ...Object.fromEntries(
      SERVER_TUNING.filter((k) => process.env[k]).map((k) => [k, process.env[k]]),
    ),
  });
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}

export async function postForm(base, path, body, token) {
  const res = await fetch(`${base}${API}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { TOKEN: token } : {}),
    },
    body: new URLSearchParams(body).toString(),
  });
  return res.json();
}

/** A new user's token through the real SMS flow; NODE_ENV=test makes the dev sender return the code. */
export async function tokenFor(base) {
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const sent = await postForm(base, '/user/sms/send', { phone });
  const login = await postForm(base, '/user/mobileLogin', { phone, code: sent.data.code });
  if (!login.data?.token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.data.token;
}

export function load(url, headers, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * Visits every target in turn for `rounds` rounds after a warm-up, and returns each target's
 * median round: { label, reqPerSec, p50ms, p99ms, non2xx, errors }.
 */
export async function interleaved(targets, { rounds, seconds }) {
  const samples = new Map(targets.map((t) => [t.label, []]));
  for (const t of targets) await load(t.url, t.headers ?? {}, 2);
  for (let round = 0; round < rounds; round++) {
    for (const t of targets) {
      const r = await load(t.url, t.headers ?? {}, seconds);
      const row = {
        label: t.label,
        reqPerSec: Math.round(r.requests.average),
        p50ms: r.latency.p50,
        p99ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      };
      console.log(JSON.stringify(row));
      samples.get(t.label).push(row);
    }
  }
  const median = (list) => [...list].sort((a, b) => a.reqPerSec - b.reqPerSec)[list.length >> 1];
  return targets.map((t) => median(samples.get(t.label)));
}

export function printTable(rows, { baselineOf, rounds, seconds }) {
  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ${new Date().toISOString()}`,
  );
  console.log(
    `${rounds} rounds of ${seconds}s per variant (median shown), ${CONNECTIONS} connections\n`,
  );
  console.log('| variant | req/s | % of its bare | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const base = baselineOf(r);
    const pct = base ? `${((r.reqPerSec / base.reqPerSec) * 100).toFixed(0)} %` : '—';
    console.log(`| ${r.label} | ${r.reqPerSec} | ${pct} | ${r.p50ms} | ${r.p99ms} | ${r.non2xx} |`);
  }
}

/** A new buyer (token) with a delivery address, for the order benchmarks. */
export async function buyerWithAddress(base) {
  const token = await tokenFor(base);
  const address = await postForm(
    base,
    '/address/add',
    {
      name: '压测',
      phone: '13912345678',
      provinceCode: '330000',
      cityCode: '330100',
      districtCode: '330106',
      detail: '文三路100号',
    },
    token,
  );
  if (!address.data?.id) throw new Error(`address/add: ${JSON.stringify(address)}`);
  return { token, addressId: address.data.id };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function pool(items, limit, fn) {
  const out = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return out;
}
