#!/usr/bin/env node
// HTTP benchmark: GET queryUser with a valid token against a bare Fastify JSON route, in one run,
// each server in its own process, autocannon with 100 connections. Target: queryUser ≥ 50 % of bare.
// Usage: npm run bench [-- --duration 5]   (adds a cluster-mode row when DATABASE_URL and REDIS_URL are set)
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../..');
const durationArg = process.argv.indexOf('--duration');
const duration = durationArg > 0 ? Number(process.argv[durationArg + 1]) : 5;
const ROUNDS = 5;
const CONNECTIONS = 100;
const API = '/chaopin-boot/api/v1';

const children = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

async function waitHealthy(url) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not healthy: ${url}`);
}

async function startBare(port) {
  const child = fork(join(here, 'bare-server.mjs'), {
    env: { ...process.env, PORT: String(port) },
  });
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return child;
}

async function startApp(port, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  await waitHealthy(`http://127.0.0.1:${port}/healthz`);
  return { child, dataDir };
}

/** A logged-in user's token through the real SMS flow; NODE_ENV=test makes the dev sender return the code. */
async function tokenFor(base) {
  const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const post = (path, body) =>
    fetch(`${base}${API}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    }).then((r) => r.json());
  const sent = await post('/user/sms/send', { phone });
  const login = await post('/user/mobileLogin', { phone, code: sent.data.code });
  if (!login.data?.token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  return login.data.token;
}

function load(url, headers, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function measure(label, url, headers = {}) {
  const r = await load(url, headers);
  const row = {
    label,
    reqPerSec: Math.round(r.requests.average),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  console.log(JSON.stringify(row));
  return row;
}

// Every server starts first; then rounds take each variant in turn, so machine noise spreads
// over all of them alike, and each row reports its median round.
const targets = [];
await startBare(18901);
targets.push({ label: 'bare Fastify JSON route', url: 'http://127.0.0.1:18901/bare', headers: {} });

const variants = [
  ['queryUser, embedded (PGlite), auth cache on', { NODE_ENV: 'test' }],
  ['queryUser, embedded (PGlite), auth cache off', { NODE_ENV: 'test', AUTH_CACHE_MS: '0' }],
];
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  variants.push([
    'queryUser, cluster (PostgreSQL + Redis), auth cache on',
    { NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL },
  ]);
}
let port = 18910;
const apps = [];
for (const [label, env] of variants) {
  const app = await startApp(++port, env);
  apps.push(app);
  const base = `http://127.0.0.1:${port}`;
  targets.push({
    label,
    url: `${base}${API}/user/queryUser`,
    headers: { TOKEN: await tokenFor(base) },
  });
}

const samples = new Map(targets.map((t) => [t.label, []]));
for (const t of targets) await load(t.url, t.headers, 2); // warm-up: JIT and caches
for (let round = 0; round < ROUNDS; round++) {
  for (const t of targets) samples.get(t.label).push(await measure(t.label, t.url, t.headers));
}
const median = (list) => [...list].sort((a, b) => a.reqPerSec - b.reqPerSec)[list.length >> 1];
const rows = targets.map((t) => median(samples.get(t.label)));
for (const app of apps) {
  app.child.kill('SIGTERM');
  await new Promise((r) => app.child.once('exit', r));
  rmSync(app.dataDir, { recursive: true, force: true });
}

const baseline = rows[0].reqPerSec;
console.log(
  `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ${new Date().toISOString()}`,
);
console.log(
  `${ROUNDS} rounds of ${duration}s per variant (median shown), ${CONNECTIONS} connections\n`,
);
console.log('| variant | req/s | % of bare | p50 ms | p99 ms | non-2xx |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const pct = ((r.reqPerSec / baseline) * 100).toFixed(0);
  console.log(`| ${r.label} | ${r.reqPerSec} | ${pct} % | ${r.p50ms} | ${r.p99ms} | ${r.non2xx} |`);
}
process.exit(0);
