// C2C messaging benchmark (issue 5): PAIRS pairs of IM sessions; each sender keeps WINDOW messages
// in flight to its peer for SECONDS. Reports persisted messages/s (acked = committed with its
// sequence) and the end-to-end latency from send to the peer's receipt (p50/p99/max).
// Target: ≥ 3,000 msg/s, p99 ≤ 100 ms. The load client uses raw socket.io-client sockets (not the
// SDK's store) so that it stays light; the server is a separate process.
//
//   npm run build && node bench/im/c2c.mjs                       (embedded: PGlite)
//   DATABASE_URL=postgres://… REDIS_URL=redis://… node bench/im/c2c.mjs   (cluster mode, one node)
//   PAIRS=50 WINDOW=4 SECONDS=20 node bench/im/c2c.mjs
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';
import { API, tokenFor, waitHealthy } from '../lib.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '../..');
const PAIRS = Number(process.env.PAIRS ?? 50);
const WINDOW = Number(process.env.WINDOW ?? 4);
const SECONDS = Number(process.env.SECONDS ?? 20);
const PORT = Number(process.env.PORT ?? 39_411);

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-im-'));
  const dist = join(root, 'apps/server/dist/main.js');
  // The production bundle when BENCH_DIST=1 (after npm run build), else the sources through tsx.
  const args =
    process.env.BENCH_DIST && existsSync(dist)
      ? [dist]
      : ['--import', 'tsx', join(root, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, args, {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGKILL'));
  const base = `http://127.0.0.1:${PORT}`;
  await waitHealthy(`${base}/healthz`);
  return {
    base,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
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

const server = await startServer();
const users = [];
for (let i = 0; i < PAIRS * 2; i++) users.push(await imUser(server.base));
const sockets = await Promise.all(users.map((u) => connect(server.base, u)));
const latencies = [];
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
  const s = sockets[pair * 2];
  const from = users[pair * 2].userID;
  const to = users[pair * 2 + 1].userID;
  while (running) {
    const r = random++;
    sentAt.set(`${from}:${r}`, performance.now());
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
const row = {
  mode: process.env.DATABASE_URL ? 'cluster (PostgreSQL + Redis)' : 'embedded (PGlite)',
  pairs: PAIRS,
  inFlightPerSender: WINDOW,
  seconds: SECONDS,
  persistedPerSec: Math.round(acked / elapsed),
  failed,
  deliveries: latencies.length,
  p50ms: pct(latencies, 50).toFixed(1),
  p99ms: pct(latencies, 99).toFixed(1),
  maxMs: (latencies.at(-1) ?? 0).toFixed(1),
};
console.log(JSON.stringify(row));
console.log('\n| mode | pairs | in flight | persisted msg/s | p50 ms | p99 ms | max ms | failed |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${row.mode} | ${PAIRS} | ${WINDOW} | ${row.persistedPerSec} | ${row.p50ms} | ${row.p99ms} | ${row.maxMs} | ${failed} |`,
);
for (const s of sockets) s.disconnect();
server.stop();
process.exit(0);
