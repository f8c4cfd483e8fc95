#!/usr/bin/env node
// Checkout preview with a full coupon wallet (the coupons issue: "order/preview with 50 coupons
// in the wallet stays within 10 % of its time with none"). The built server, seeded, embedded
// (PGlite) and, when DATABASE_URL is set, on PostgreSQL (a fresh database made and dropped by the
// bench). Two buyers with an address: A holds no coupon, B holds 50 issued through the operator
// API (platform 满减 / 折扣 / 无门槛, category and product coupons, coupons of the cart's three
// stores and of five other stores; some below their threshold, out of scope or not yet valid).
// Both POST order/preview for the same 4-line cart from 3 stores without couponIds (so the server
// lists the wallet and picks the best combination), at 100 connections (autocannon, keep-alive),
// A and B alternating in every round after a warm-up; each one's median round and the ratio B/A.
//
// Usage (after `npm run build -w @chaopin/server`):
//   npm run bench:coupons -w @chaopin/bench [-- --seconds 5 --rounds 5 --connections 100]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:coupons -w @chaopin/bench
//   `--pg-only` skips the embedded server; `--cpu-prof DIR` writes the servers' CPU profiles there;
//   BENCH_APP_MAIN=path/to/main.js runs another build.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { API, argNumber, buyerWithAddress, CONNECTIONS, postForm, startApp } from '../lib.mjs';

const seconds = argNumber('seconds', 5);
const rounds = argNumber('rounds', 5);
const connections = argNumber('connections', CONNECTIONS);
const WALLET = 50;
const DAY = 86_400_000;
const profAt = process.argv.indexOf('--cpu-prof');
const cpuProfDir = profAt > 0 ? resolve(process.argv[profAt + 1]) : undefined;

async function getJson(base, path, token) {
  const res = await fetch(`${base}${API}${path}`, { headers: token ? { TOKEN: token } : {} });
  return res.json();
}

async function postJson(base, path, body, token) {
  const res = await fetch(`${base}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { TOKEN: token } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200 || json.code !== 1) {
    throw new Error(`${path} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(json)}`);
  }
  return json.data;
}

/** Every on-shelf product with its leaf category (the category list pages), best sellers first. */
async function catalogue(base) {
  const tree = (await getJson(base, '/home/classification')).data;
  const products = new Map();
  for (const top of tree) {
    for (const leaf of top.children ?? []) {
      const page = await getJson(base, `/goods/list?categoryId=${leaf.id}&pageSize=100`);
      for (const p of page.data.list) {
        if (!products.has(p.id)) products.set(p.id, { ...p, categoryId: leaf.id });
      }
    }
  }
  return [...products.values()].sort((a, b) => b.sales - a.sales || a.id - b.id);
}

/** 4 lines from 3 stores: two of the first store (different categories), one of two others. */
async function chooseCart(base, products) {
  const affordable = products.filter((p) => p.price <= 50_000);
  const first = affordable[0];
  const second =
    affordable.find(
      (p) => p.storeId === first.storeId && p.id !== first.id && p.categoryId !== first.categoryId,
    ) ?? affordable.find((p) => p.storeId === first.storeId && p.id !== first.id);
  const third = affordable.find((p) => p.storeId !== first.storeId);
  const fourth = affordable.find((p) => p.storeId !== first.storeId && p.storeId !== third.storeId);
  const lines = [];
  for (const [p, quantity] of [
    [first, 1],
    [second, 2],
    [third, 1],
    [fourth, 1],
  ]) {
    const detail = (await getJson(base, `/goods/detail?id=${p.id}`)).data;
    const sku = detail.skus.find((s) => s.stock >= quantity) ?? detail.skus[0];
    lines.push({ ...p, skuId: sku.id, price: sku.price, quantity, subtotal: sku.price * quantity });
  }
  return lines;
}

/**
 * The 50 coupons of buyer B, set against the cart: [template, how many of it B holds]. Usable ones
 * of every kind and scope, and unusable ones for each reason checkout shows.
 */
function walletFor(lines, products) {
  const total = lines.reduce((s, l) => s + l.subtotal, 0);
  const stores = [...new Set(lines.map((l) => l.storeId))];
  const storeSub = (id) =>
    lines.filter((l) => l.storeId === id).reduce((s, l) => s + l.subtotal, 0);
  const catSub = (id) =>
    lines.filter((l) => l.categoryId === id).reduce((s, l) => s + l.subtotal, 0);
  const inCart = new Set(lines.map((l) => l.id));
  const cartCats = new Set(lines.map((l) => l.categoryId));
  const others = products.filter((p) => !inCart.has(p.id) && !stores.includes(p.storeId));
  const otherStores = [...new Set(others.map((p) => p.storeId))].slice(0, 5);
  const otherCat = others.find((p) => !cartCats.has(p.categoryId)).categoryId;
  const otherProduct = others[0];
  const round = (fen) => Math.max(100, Math.floor(fen / 100) * 100);
  const days = { validDays: 30 };
  const future = {
    startAt: new Date(Date.now() + DAY).toISOString(),
    endAt: new Date(Date.now() + 31 * DAY).toISOString(),
  };
  const T = (name, kind, scope, rest, n = 1) => {
    const t = { name, kind, scope, total: 1_000_000, perUser: n, ...days, ...rest };
    if (kind === 'full') t.threshold = Math.max(t.threshold, t.amount);
    return [t, n];
  };
  const [s1, s2, s3] = stores;
  const [l1, l2, , l4] = lines;
  const list = [
    // Platform: 满减, 折扣, 无门槛.
    T('平台满减券', 'full', 'platform', { threshold: round(total / 2), amount: 1000 }),
    T('平台满减券', 'full', 'platform', { threshold: round(total * 0.9), amount: 3000 }),
    T('平台满减券', 'full', 'platform', { threshold: 9900, amount: 500 }, 2),
    T('平台大额券', 'full', 'platform', { threshold: round(total + 10_000), amount: 8000 }),
    T('平台大额券', 'full', 'platform', { threshold: round(total * 2), amount: 20_000 }),
    T('平台折扣券', 'discount', 'platform', { threshold: 5000, rate: 90, cap: 5000 }),
    T('平台折扣券', 'discount', 'platform', { threshold: 0, rate: 95, cap: 0 }),
    T('平台折扣券', 'discount', 'platform', {
      threshold: round(total + 5000),
      rate: 85,
      cap: 3000,
    }),
    T('无门槛券', 'free', 'platform', { threshold: 0, amount: 500 }, 2),
    T('无门槛券', 'free', 'platform', { threshold: 0, amount: 300 }),
    T('无门槛券', 'free', 'platform', {
      threshold: 0,
      amount: 1000,
      ...future,
      validDays: undefined,
    }),
    // Category and product coupons.
    T('品类专享券', 'full', 'category', {
      scopeIds: [l1.categoryId],
      threshold: round(catSub(l1.categoryId) / 2),
      amount: 800,
    }),
    T('品类专享券', 'full', 'category', {
      scopeIds: [l4.categoryId],
      threshold: round(catSub(l4.categoryId) + 5000),
      amount: 2000,
    }),
    T('品类专享券', 'full', 'category', { scopeIds: [otherCat], threshold: 9900, amount: 1500 }),
    T('品类折扣券', 'discount', 'category', {
      scopeIds: [l1.categoryId, l2.categoryId],
      threshold: 0,
      rate: 88,
      cap: 2000,
    }),
    T('爆款立减券', 'free', 'product', {
      storeId: l1.storeId,
      scopeIds: [l1.id],
      threshold: 0,
      amount: 300,
    }),
    T('爆款立减券', 'free', 'product', {
      storeId: l4.storeId,
      scopeIds: [l4.id],
      threshold: 0,
      amount: 200,
    }),
    T('爆款立减券', 'free', 'product', {
      storeId: otherProduct.storeId,
      scopeIds: [otherProduct.id],
      threshold: 0,
      amount: 500,
    }),
    T('单品满减券', 'full', 'product', {
      storeId: l2.storeId,
      scopeIds: [l2.id],
      threshold: round(l2.subtotal + 3000),
      amount: 1000,
    }),
    // The cart's stores.
    T('店铺满减券', 'full', 'store', {
      storeId: s1,
      threshold: round(storeSub(s1) / 2),
      amount: 1000,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s1,
      threshold: round(storeSub(s1) * 0.95),
      amount: 2000,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s1,
      threshold: round(storeSub(s1) + 5000),
      amount: 5000,
    }),
    T('店铺折扣券', 'discount', 'store', { storeId: s1, threshold: 0, rate: 90, cap: 2000 }),
    T('店铺无门槛券', 'free', 'store', { storeId: s1, threshold: 0, amount: 300 }, 2),
    T('店铺满减券', 'full', 'store', {
      storeId: s2,
      threshold: round(storeSub(s2) / 2),
      amount: 800,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s2,
      threshold: round(storeSub(s2) + 2000),
      amount: 3000,
    }),
    T('店铺无门槛券', 'free', 'store', { storeId: s2, threshold: 0, amount: 500 }),
    T('店铺折扣券', 'discount', 'store', {
      storeId: s2,
      threshold: round(storeSub(s2) + 1000),
      rate: 80,
      cap: 0,
    }),
    T('店铺满减券', 'full', 'store', {
      storeId: s3,
      threshold: round(storeSub(s3) / 3),
      amount: 600,
    }),
    T(
      '店铺满减券',
      'full',
      'store',
      { storeId: s3, threshold: round(storeSub(s3) * 3), amount: 6000 },
      2,
    ),
    T('店铺无门槛券', 'free', 'store', { storeId: s3, threshold: 0, amount: 200 }),
    T('店铺折扣券', 'discount', 'store', { storeId: s3, threshold: 0, rate: 92, cap: 1500 }),
  ];
  // Stores not in the cart: 不适用于当前店铺商品.
  otherStores.forEach((storeId, i) => {
    list.push(
      T('店铺满减券', 'full', 'store', { storeId, threshold: 9900, amount: 1000 }),
      T('店铺无门槛券', 'free', 'store', { storeId, threshold: 0, amount: 300 + i * 100 }),
    );
    if (i < 3) {
      list.push(
        T('店铺折扣券', 'discount', 'store', { storeId, threshold: 0, rate: 85, cap: 2000 }),
      );
    }
  });
  // A small 满减 anyone may hold from an activity.
  list.push(T('平台满减券', 'full', 'platform', { threshold: round(total / 3), amount: 600 }));
  const n = list.reduce((s, [, k]) => s + k, 0);
  if (n !== WALLET) throw new Error(`wallet of ${n} coupons, expected ${WALLET}`);
  return list;
}

async function prepare(base) {
  const admin = (
    await postForm(base, '/user/login', { phone: '13800000000', password: 'Admin@123456' })
  ).data.token;
  const products = await catalogue(base);
  const lines = await chooseCart(base, products);
  // The seed's stock is small on some SKUs; a preview only reads it.
  for (const l of lines) {
    await postForm(base, '/admin/sku/stock', { skuId: l.skuId, stock: 1_000_000 }, admin);
  }
  const a = await buyerWithAddress(base);
  const b = await buyerWithAddress(base);
  const bId = (await getJson(base, '/user/queryUser', b.token)).data.id;
  for (const [template, n] of walletFor(lines, products)) {
    const { id } = await postJson(base, '/admin/coupon/template', template, admin);
    for (let i = 0; i < n; i++) {
      const { issued } = await postJson(
        base,
        '/admin/coupon/issue',
        { templateId: id, userIds: [bId] },
        admin,
      );
      if (issued !== 1) throw new Error(`template ${id} not issued`);
    }
  }
  const items = lines.map((l) => ({ skuId: l.skuId, quantity: l.quantity }));
  const body = (buyer) => JSON.stringify({ items, addressId: buyer.addressId });
  const targets = [
    { label: 'A: no coupon', buyer: a, body: body(a) },
    { label: `B: ${WALLET} coupons`, buyer: b, body: body(b) },
  ];
  // The answers themselves: same cart, A lists no coupon, B lists all 50 and gets a combination.
  for (const t of targets) {
    const res = await fetch(`${base}${API}/order/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', TOKEN: t.buyer.token },
      body: t.body,
    });
    const text = await res.text();
    const data = JSON.parse(text).data;
    if (res.status !== 200 || !data) throw new Error(`order/preview (${t.label}): ${text}`);
    t.bytes = Buffer.byteLength(text);
    t.coupons = data.coupons.length;
    t.usable = data.coupons.filter((c) => c.usable).length;
    t.chosen = data.couponIds.length;
    t.discount = data.discountAmount;
    t.goods = data.goodsAmount;
  }
  const [ta, tb] = targets;
  if (ta.coupons !== 0 || tb.coupons !== WALLET || tb.chosen === 0 || ta.goods !== tb.goods) {
    throw new Error(
      `unexpected previews: ${JSON.stringify(targets.map(({ buyer, body, ...t }) => t))}`,
    );
  }
  const stores = new Set(lines.map((l) => l.storeId)).size;
  console.log(
    `cart: ${lines.length} lines from ${stores} stores, ¥${ta.goods / 100}: ${lines
      .map((l) => `product ${l.id} (store ${l.storeId}, category ${l.categoryId}) × ${l.quantity}`)
      .join(', ')}`,
  );
  for (const t of targets) {
    console.log(
      `${t.label}: answer ${t.bytes} bytes, ${t.coupons} coupons listed, ${t.usable} usable, ${t.chosen} chosen, discount ¥${t.discount / 100}`,
    );
  }
  return targets;
}

function preview(base, target, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${base}${API}/order/preview`,
        method: 'POST',
        connections,
        duration,
        headers: { 'content-type': 'application/json', TOKEN: target.buyer.token },
        body: target.body,
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

/** A and B in turn (the order flips every round), after a warm-up of each. */
async function measure(base, targets, mode) {
  for (const t of targets) await preview(base, t, 3);
  const samples = new Map(targets.map((t) => [t.label, []]));
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...targets].reverse() : targets;
    const got = {};
    for (const t of order) {
      const r = await preview(base, t, seconds);
      const row = {
        label: `${mode}: ${t.label}`,
        reqPerSec: Math.round(r.requests.average),
        p50ms: r.latency.p50,
        p99ms: r.latency.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      };
      console.log(JSON.stringify(row));
      samples.get(t.label).push(row);
      got[t.label] = row;
    }
    const [a, b] = targets.map((t) => got[t.label]);
    ratios.push(b.reqPerSec / a.reqPerSec);
  }
  const rows = targets.map((t) => {
    const list = samples.get(t.label);
    return {
      ...[...list].sort((x, y) => x.reqPerSec - y.reqPerSec)[list.length >> 1],
      p50ms: median(list.map((x) => x.p50ms)),
      p99ms: median(list.map((x) => x.p99ms)),
      non2xx: list.reduce((s, x) => s + x.non2xx, 0),
      errors: list.reduce((s, x) => s + x.errors, 0),
      bytes: t.bytes,
      rounds: list.map((x) => x.reqPerSec),
    };
  });
  return { rows, ratios };
}

async function freshDatabase(url) {
  const name = `bench_coupons_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const variants = [['embedded (PGlite)', {}]];
if (process.env.DATABASE_URL) variants.push(['PostgreSQL', { pg: process.env.DATABASE_URL }]);
const chosen = process.argv.includes('--pg-only') ? variants.slice(1) : variants;
const results = [];
let port = 18980;
for (const [mode, opts] of chosen) {
  const database = opts.pg ? await freshDatabase(opts.pg) : undefined;
  const env = { SEED: 'true' };
  if (database) env.DATABASE_URL = database.url;
  if (cpuProfDir) {
    mkdirSync(cpuProfDir, { recursive: true });
    env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${cpuProfDir}`;
  }
  const started = new Date();
  const app = await startApp(++port, env);
  try {
    const targets = await prepare(app.base);
    const { rows, ratios } = await measure(app.base, targets, mode);
    results.push({ mode, rows, ratios, load: loadavg(), started });
  } finally {
    await app.stop();
    await database?.drop();
  }
}

const pct = (x) => `${x >= 1 ? '+' : '−'}${Math.abs((x - 1) * 100).toFixed(1)} %`;
console.log(
  `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`,
);
console.log(
  `POST order/preview, 4 lines from 3 stores, no couponIds; ${rounds} rounds of ${seconds}s per buyer, A and B alternating (median round), ${connections} connections\n`,
);
console.log(
  '| server | buyer | req/s | p50 ms | p99 ms | answer bytes | non-2xx | req/s per round |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const { mode, rows } of results) {
  for (const r of rows) {
    console.log(
      `| ${mode} | ${r.label.split(': ').slice(1).join(': ')} | ${r.reqPerSec} | ${r.p50ms} | ${r.p99ms} | ${r.bytes} | ${r.non2xx + r.errors} | ${r.rounds.join(', ')} |`,
    );
  }
}
console.log(
  '\n| server | B/A req/s | B/A p50 | B/A p99 | B/A req/s per round (median) | B time per request vs A |',
);
console.log('|---|---:|---:|---:|---|---:|');
let met = true;
for (const { mode, rows, ratios } of results) {
  const [a, b] = rows;
  const perRound = median(ratios);
  // Time per request at a fixed number of connections is connections ÷ throughput.
  const time = 1 / perRound;
  if (time > 1.1) met = false;
  console.log(
    `| ${mode} | ${(b.reqPerSec / a.reqPerSec).toFixed(3)} | ${(b.p50ms / a.p50ms).toFixed(3)} | ${(b.p99ms / a.p99ms).toFixed(3)} | ${ratios.map((x) => x.toFixed(2)).join(', ')} (${perRound.toFixed(3)}) | ${pct(time)} |`,
  );
}
console.log(`\ntarget (B within 10 % of A's time): ${met ? 'met' : 'NOT met'}`);
process.exit(0);
