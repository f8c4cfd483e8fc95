// C2C messaging benchmark (issue 5): PAIRS pairs of IM sessions; each sender keeps WINDOW messages
// in flight to its peer for SECONDS. Reports persisted messages/s (acked = committed with its
// sequence) and the end-to-end latency from send to the peer's receipt (p50/p99/max).
// Target: ≥ 3,000 msg/s, p99 ≤ 100 ms. The load client uses raw socket.io-client sockets (not the
// SDK's store) so that it stays light; the server is a separate process.
//
//   npm run build && node bench/im/c2c.mjs                       (embedded: PGlite)
//   DATABASE_URL=postgres://… REDIS_URL=redis://… node bench/im/c2c.mjs   (cluster mode, one node)
//   PAIRS=50 WINDOW=4 SECONDS=20 node bench/im/c2c.mjs
// PEER=store: each sender is a buyer writing to a store's 客服 account (store_<id>, STORES seeded
// stores; nobody signed in as the store), the path of the auto replies and the 客服 desk's queue.
// Latency is then the sender's ack time. APP_ROOT=<checkout> runs the server of another checkout
// (e.g. a worktree of the previous commit) to compare in one run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { API, freshDatabase, tokenFor, waitHealthy } from '../lib.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../..');
const PAIRS = Number(process.env.PAIRS ?? 50);
const WINDOW = Number(process.env.WINDOW ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 20);
const PORT = Number(process.env.PORT ?? 39_411);
const PEER = process.env.PEER === 'store' ? 'store' : 'user';
const STORES = Number(process.env.STORES ?? 5);
const appRoot = process.env.APP_ROOT ?? root;

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-im-'));
  // Cluster mode: a database (and Redis prefix) of its own, so that runs never meet each other.
  const db = process.env.DATABASE_URL ? await freshDatabase(process.env.DATABASE_URL) : undefined;
  const dist = join(appRoot, 'apps/server/dist/main.js');
  // The production bundle when BENCH_DIST=1 (after npm run build), else the sources through tsx.
  const args =
    process.env.BENCH_DIST && existsSync(dist)
      ? [dist]
      : ['--import', 'tsx', join(appRoot, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, args, {
    cwd: appRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The store mode needs stores: the demo data has them.
      SEED: PEER === 'store' ? 'true' : 'false',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(db ? db.env : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${PORT}`;
  await waitHealthy(`${base}/healthz`);
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}

async function imUser(base) {
  const token = await tokenFor(base);
  const res = await fetch(`${base}${API}/user/getUserSig`, { headers: { TOKEN: token } }).then(
    (r) => r.json(),
  );
  return res.data;
}

function connect(base, user) {
  const socket = io(base, {
    path: '/socket.io/',
    auth: user,
    transports: ['websocket'],
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** The chat accounts of the first STORES stores (made as the app's 客服 button makes them). */
async function storeAccounts(base) {
  const token = await tokenFor(base);
  const ids = [];
  for (let id = 1; ids.length < STORES && id < 100; id++) {
    const r = await fetch(`${base}${API}/message/shopByChatId?storeId=${id}`, {
      headers: { TOKEN: token },
    }).then((x) => x.json());
    if (r.code === 1) ids.push(r.data.userID);
  }
  if (!ids.length) throw new Error('no stores (PEER=store needs the seeded demo data)');
  return ids;
}

const server = await startServer();
const users = [];
const senders = PEER === 'store' ? PAIRS : PAIRS * 2;
for (let i = 0; i < senders; i++) users.push(await imUser(server.base));
const stores = PEER === 'store' ? await storeAccounts(server.base) : [];
const sockets = await Promise.all(users.map((u) => connect(server.base, u)));
const latencies = [];
const ackTimes = [];
let acked = 0;
let failed = 0;
let running = true;
const sentAt = new Map();
for (const s of sockets) {
  s.on('im:msg', (m) => {
    const t0 = sentAt.get(`${m.from}:${m.random}`);
    if (t0 !== undefined && m.from !== s.auth.userID) latencies.push(performance.now() - t0);
  });
}
let random = 1;
async function sender(pair) {
  const s = sockets[PEER === 'store' ? pair : pair * 2];
  const from = users[PEER === 'store' ? pair : pair * 2].userID;
  const to = PEER === 'store' ? stores[pair % stores.length] : users[pair * 2 + 1].userID;
  while (running) {
    const r = random++;
    const t0 = performance.now();
    sentAt.set(`${from}:${r}`, t0);
    const ack = await s
      .timeout(60_000)
      .emitWithAck('sendMessage', {
        conversationType: 'C2C',
        to,
        type: 'TIMTextElem',
        payload: { text: `m${r}` },
        random: r,
      })
      .catch(() => ({ code: 500 }));
    if (ack.code === 0) acked++;
    else failed++;
    ackTimes.push(performance.now() - t0);
  }
}
// warm-up
running = true;
const warm = Array.from({ length: PAIRS }, (_, p) => sender(p));
await new Promise((r) => setTimeout(r, 2000));
running = false;
await Promise.all(warm);
acked = 0;
failed = 0;
latencies.length = 0;
ackTimes.length = 0;
running = true;
const started = performance.now();
const workers = [];
for (let p = 0; p < PAIRS; p++) for (let w = 0; w < WINDOW; w++) workers.push(sender(p));
await new Promise((r) => setTimeout(r, SECONDS * 1000));
running = false;
await Promise.all(workers);
const elapsed = (performance.now() - started) / 1000;
await new Promise((r) => setTimeout(r, 500));
latencies.sort((a, b) => a - b);
ackTimes.sort((a, b) => a - b);
const row = {
  mode: process.env.DATABASE_URL ? 'cluster (PostgreSQL + Redis)' : 'embedded (PGlite)',
  peer: PEER === 'store' ? `store (${stores.length} stores)` : 'user',
  app: appRoot,
  pairs: PAIRS,
  inFlightPerSender: WINDOW,
  seconds: SECONDS,
  persistedPerSec: Math.round(acked / elapsed),
  failed,
  deliveries: latencies.length,
  p50ms: pct(latencies, 50).toFixed(1),
  p99ms: pct(latencies, 99).toFixed(1),
  maxMs: (latencies.at(-1) ?? 0).toFixed(1),
  ackP50ms: pct(ackTimes, 50).toFixed(1),
  ackP99ms: pct(ackTimes, 99).toFixed(1),
};
console.log(JSON.stringify(row));
console.log(
  '\n| mode | peer | pairs | in flight | persisted msg/s | p50 ms | p99 ms | max ms | ack p50 ms | ack p99 ms | failed |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${row.mode} | ${row.peer} | ${PAIRS} | ${WINDOW} | ${row.persistedPerSec} | ${row.p50ms} | ${row.p99ms} | ${row.maxMs} | ${row.ackP50ms} | ${row.ackP99ms} | ${failed} |`,
);
for (const s of sockets) s.disconnect();
await server.stop();
process.exit(0);
