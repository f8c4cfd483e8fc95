#!/usr/bin/env node
// Flash-sale benchmark (issue 16): 20,000 attempts (POST seckill/rush, each with a valid captcha
// ticket and token) from 2,000 users on 1,000 units, at 100 connections, against the embedded
// server and, when DATABASE_URL and REDIS_URL are set, a cluster node (PostgreSQL + Redis).
// Checks the outcome too: exactly 1,000 orders and `sold` = 1,000.
// Usage (after `npm run build`): npm run bench:seckill -w @chaopin/bench [-- --users 2000
// --attempts 20000 --units 1000]. BENCH_APP_MAIN=path/to/main.js runs another build.
import { cpus, loadavg } from 'node:os';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon from 'autocannon';
import {
  API,
  argNumber,
  buyerWithAddress,
  CONNECTIONS,
  pool,
  postForm,
  startApp,
  startBare,
} from '../lib.mjs';

const USERS = argNumber('users', 2000);
const ATTEMPTS = argNumber('attempts', 20000);
const UNITS = argNumber('units', 1000);
const PER_USER = Math.ceil(ATTEMPTS / USERS);
// The captcha's work is the client's; the bench solves 20,000 of them, so it asks for less.
const SERVER_ENV = {
  SEED: 'true',
  CAPTCHA_COUNTER_MAX: '200',
  SECKILL_IP_RATE: '1000000',
  // Each bench user sends its attempts back to back; a person taps a few times a second.
  SECKILL_USER_RATE: '20',
  MAX_QUEUE: '20000',
};

async function getJson(base, path, token) {
  const res = await fetch(`${base}${API}${path}`, { headers: token ? { TOKEN: token } : {} });
  return res.json();
}

/** A session open now on a SKU with enough stock (skipping SKUs already in an open sale). */
async function makeSale(base, admin) {
  const list = await getJson(base, '/goods/list?pageSize=40&sort=sales');
  for (const card of list.data.list) {
    const detail = await getJson(base, `/goods/detail?id=${card.id}`);
    const sku = detail.data.skus[0];
    await postForm(base, '/admin/sku/stock', { skuId: sku.id, stock: UNITS * 2 }, admin);
    const start = Date.now() - 1000;
    const res = await fetch(`${base}${API}/admin/seckill/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', TOKEN: admin },
      body: JSON.stringify({
        title: '压测场',
        startAt: new Date(start).toISOString(),
        endAt: new Date(start + 10 * 60_000).toISOString(),
        items: [{ skuId: sku.id, flashPrice: 1, flashStock: UNITS }],
      }),
    }).then((r) => r.json());
    if (res.code === 200 || res.data?.itemIds) return res.data.itemIds[0];
    if (res.error !== 'SECKILL_SESSION_OVERLAP') throw new Error(JSON.stringify(res));
  }
  throw new Error('no SKU free for a new sale');
}

async function ticket(base, token, itemId) {
  const c = await getJson(base, `/captcha/challenge?action=seckill:${itemId}`, token);
  const solution = await solveChallenge({ challenge: c.data, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: c.data, solution })).toString('base64');
}

async function prepare(base) {
  const admin = (
    await postForm(base, '/user/login', { phone: '13800000000', password: 'Admin@123456' })
  ).data.token;
  const itemId = await makeSale(base, admin);
  let t = Date.now();
  const buyers = await pool(Array.from({ length: USERS }), 16, () => buyerWithAddress(base));
  console.log(`${USERS} buyers in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  t = Date.now();
  const attempts = await pool(Array.from({ length: ATTEMPTS }), 32, async (_, i) => {
    const b = buyers[i % USERS];
    return { ...b, ticket: await ticket(base, b.token, itemId) };
  });
  console.log(`${ATTEMPTS} tickets in ${((Date.now() - t) / 1000).toFixed(0)} s`);
  return { itemId, attempts };
}

/** Requests built before the run, so the client spends its core on sending, not on JSON. */
function attack(base, { itemId, attempts }) {
  const requests = attempts.map((a, i) => ({
    method: 'POST',
    path: `${API}/seckill/rush`,
    headers: { 'content-type': 'application/json', TOKEN: a.token, ticket: a.ticket },
    body: JSON.stringify({
      itemId,
      addressId: a.addressId,
      clientKey: `seckill_${i}_${a.addressId}`,
    }),
  }));
  let next = 0;
  const errors = {};
  return new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        amount: requests.length,
        requests: [
          {
            setupRequest: () => requests[next++ % requests.length],
            onResponse: (status, body) => {
              // Only refusals other than 已抢光 are read (the common answer costs the client nothing).
              if (status !== 200 && status !== 409) {
                const id = JSON.parse(body).error ?? String(status);
                errors[id] = (errors[id] ?? 0) + 1;
              }
            },
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        const statuses = {};
        for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {}))
          statuses[code] = count;
        resolve({ r, statuses, errors });
      },
    );
    autocannon.track(inst, { renderProgressBar: false, renderResultsTable: false });
  });
}

const variants = [['embedded (PGlite)', SERVER_ENV]];
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  variants.push([
    'cluster node (PostgreSQL + Redis)',
    { ...SERVER_ENV, DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL },
  ]);
}
const only = process.argv.includes('--cluster-only') ? variants.slice(1) : variants;
const rows = [];
let lastFixture;
let port = 18960;
for (const [mode, env] of only) {
  const app = await startApp(++port, env);
  try {
    const fixture = await prepare(app.base);
    lastFixture = fixture;
    const t0 = performance.now();
    const { r, statuses, errors } = await attack(app.base, fixture);
    const seconds = (performance.now() - t0) / 1000;
    const item = await getJson(app.base, `/seckill/item?id=${fixture.itemId}`);
    const row = {
      mode,
      attempts: r.requests.total,
      seconds: Number(seconds.toFixed(2)),
      perSec: Math.round(r.requests.total / seconds),
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      orders: statuses[200] ?? 0,
      sold: item.data.item.sold,
      errors: { ...errors, '409 (SECKILL_SOLD_OUT / SECKILL_LIMIT)': statuses[409] ?? 0 },
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  } finally {
    await app.stop();
  }
}
// The bare twin: a bare Fastify route taking the very same requests (a JSON body, the TOKEN and
// ticket headers) and answering the 已抢光 envelope with 409: the limit of this machine and client.
if (lastFixture) {
  const bare = await startBare(18969, {
    [`${API}/seckill/rush`]: {
      status: 409,
      body: JSON.stringify({
        code: 409,
        msg: '手慢了，商品已抢光',
        error: 'SECKILL_SOLD_OUT',
        data: null,
      }),
    },
  });
  const t0 = performance.now();
  const { r } = await attack('http://127.0.0.1:18969', lastFixture);
  const seconds = (performance.now() - t0) / 1000;
  rows.push({
    mode: 'bare twin (same requests, fixed 409 answer)',
    perSec: Math.round(r.requests.total / seconds),
    p50ms: r.latency.p50,
    p99ms: r.latency.p99,
    orders: '—',
    sold: '—',
    errors: {},
  });
  bare.kill();
}
console.log(
  `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`,
);
console.log(
  `${ATTEMPTS} attempts from ${USERS} users (${PER_USER} tickets each) on ${UNITS} units, ${CONNECTIONS} connections\n`,
);
console.log('| server | attempts/s | p50 ms | p99 ms | orders | sold | refusals |');
console.log('|---|---:|---:|---:|---:|---:|---|');
for (const x of rows) {
  const refusals = Object.entries(x.errors)
    .map(([e, n]) => `${e} ${n}`)
    .join(', ');
  console.log(
    `| ${x.mode} | ${x.perSec} | ${x.p50ms} | ${x.p99ms} | ${x.orders} | ${x.sold} | ${refusals} |`,
  );
}
process.exit(
  rows.every((x) => x.orders === '—' || (x.orders === UNITS && x.sold === UNITS)) ? 0 : 1,
);
