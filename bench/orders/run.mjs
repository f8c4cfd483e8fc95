#!/usr/bin/env node
// Order placement benchmark: POST order/newAdd (one item, a fresh clientKey per request, 50 buyers)
// on the seeded embedded server, on one hot SKU and spread over 100 different SKUs, in one run.
// Reports orders/s and latency. Usage: npm run bench:orders [-- --seconds 10 --rounds 3]
// Adds cluster-mode rows when DATABASE_URL and REDIS_URL are set.
// `-- --burst 300,1000,2000` runs the burst mode instead (orders/burst.mjs: N buyers at once, each
// on its own connection; resets, 503s and latency percentiles).
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { API, argNumber, buyerWithAddress, CONNECTIONS, postForm, startApp } from '../lib.mjs';

if (process.argv.includes('--burst')) {
  const { runBurst } = await import('./burst.mjs');
  await runBurst();
  process.exit(0);
}

const seconds = argNumber('seconds', 10);
const rounds = argNumber('rounds', 3);
const BUYERS = 50;
const STOCK = 1_000_000;

async function prepare(app) {
  const admin = await postForm(app.base, '/user/login', {
    phone: '13800000000',
    password: 'Admin@123456',
  });
  const adminToken = admin.data.token;
  const list = await (await fetch(`${app.base}${API}/goods/list?pageSize=100&sort=sales`)).json();
  const skuIds = [];
  for (const card of list.data.list) {
    const detail = await (await fetch(`${app.base}${API}/goods/detail?id=${card.id}`)).json();
    const sku = detail.data.skus[0];
    await postForm(app.base, '/admin/sku/stock', { skuId: sku.id, stock: STOCK }, adminToken);
    skuIds.push(sku.id);
  }
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    buyers.push(await buyerWithAddress(app.base));
  }
  return { skuIds, buyers };
}

function place(app, { skuIds, buyers }, pickSku) {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${app.base}${API}/order/newAdd`,
        connections: CONNECTIONS,
        duration: seconds,
        method: 'POST',
        requests: [
          {
            setupRequest(req) {
              const buyer = buyers[n++ % buyers.length];
              const body = {
                clientKey: `b_${randomBytes(8).toString('hex')}`,
                addressId: buyer.addressId,
                items: [{ skuId: pickSku(skuIds), quantity: 1 }],
              };
              return {
                ...req,
                headers: { 'content-type': 'application/json', TOKEN: buyer.token },
                body: JSON.stringify(body),
              };
            },
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

const variants = [['embedded (PGlite)', { SEED: 'true' }]];
if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  variants.push([
    'cluster (PostgreSQL + Redis)',
    { SEED: 'true', DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL },
  ]);
}
const rows = [];
let port = 18970;
const chosen = process.argv.includes('--cluster-only') ? variants.slice(1) : variants;
for (const [mode, env] of chosen) {
  const app = await startApp(++port, env);
  const fixture = await prepare(app);
  const cases = [
    ['one hot SKU', (ids) => ids[0]],
    ['100 different SKUs', (ids) => ids[Math.floor(Math.random() * ids.length)]],
  ];
  const samples = new Map(cases.map(([label]) => [label, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [label, pick] of cases) {
      const r = await place(app, fixture, pick);
      const row = {
        label: `${mode}: ${label}`,
        ordersPerSec: Math.round(r['2xx'] / seconds),
        p50ms: r.latency.p50,
        p99ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      };
      console.log(JSON.stringify(row));
      samples.get(label).push(row);
    }
  }
  for (const [label] of cases) {
    const list = samples.get(label).sort((a, b) => a.ordersPerSec - b.ordersPerSec);
    rows.push(list[list.length >> 1]);
  }
  await app.stop();
}
console.log(
  `\n${rounds} rounds of ${seconds}s (median shown), ${CONNECTIONS} connections, ${BUYERS} buyers\n`,
);
console.log('| variant | orders/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---:|---:|---:|---:|');
for (const r of rows)
  console.log(`| ${r.label} | ${r.ordersPerSec} | ${r.p50ms} | ${r.p99ms} | ${r.non2xx} |`);
process.exit(0);
