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
//   `--pg-only` skips the embedded server; `--no-twin` the bare twins; `--only A` (or B) loads one
//   buyer only; `--cpu-prof DIR` writes each server's CPU profile there (its whole life: take the
//   last `--seconds` of it, e.g. with `--only B --rounds 1 --seconds 15 --no-twin`);
//   BENCH_APP_MAIN=path/to/main.js runs another build.
// The bare twins: a bare Fastify route (bench/bare-server.mjs) taking the same POST and answering
// A's answer bytes, and B's, in rounds of their own: what the bigger answer alone costs this
// machine and its load generator (on the same two cores).
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { API, argNumber, CONNECTIONS, startApp, startBare } from '../lib.mjs';
import { freshDatabase, prepare } from './fixture.mjs';

const seconds = argNumber('seconds', 5);
const rounds = argNumber('rounds', 5);
const connections = argNumber('connections', CONNECTIONS);
const profAt = process.argv.indexOf('--cpu-prof');
const cpuProfDir = profAt > 0 ? resolve(process.argv[profAt + 1]) : undefined;
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;

function preview(target, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
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
async function measure(targets, mode) {
  for (const t of targets) await preview(t, 3);
  const samples = new Map(targets.map((t) => [t.label, []]));
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...targets].reverse() : targets;
    const got = {};
    for (const t of order) {
      const r = await preview(t, seconds);
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
    if (b) ratios.push(b.reqPerSec / a.reqPerSec);
  }
  const rows = targets.map((t) => {
    const list = samples.get(t.label);
    return {
      buyer: t.label,
      reqPerSec: median(list.map((x) => x.reqPerSec)),
      p50ms: median(list.map((x) => x.p50ms)),
      p99ms: median(list.map((x) => x.p99ms)),
      failed: list.reduce((s, x) => s + x.non2xx + x.errors, 0),
      bytes: t.bytes,
      rounds: list.map((x) => x.reqPerSec),
    };
  });
  return { mode, rows, ratios };
}

const variants = [['embedded (PGlite)', {}]];
if (process.env.DATABASE_URL) variants.push(['PostgreSQL', { pg: process.env.DATABASE_URL }]);
const chosen = process.argv.includes('--pg-only') ? variants.slice(1) : variants;
const results = [];
let last;
let port = 18980;
for (const [mode, opts] of chosen) {
  const database = opts.pg ? await freshDatabase(opts.pg) : undefined;
  const env = { SEED: 'true' };
  if (database) env.DATABASE_URL = database.url;
  if (cpuProfDir) {
    env.CPU_PROF_DIR = cpuProfDir;
    env.NODE_OPTIONS = `--import ${new URL('./cpu-profile.mjs', import.meta.url)}`;
  }
  const app = await startApp(++port, env);
  try {
    const targets = (await prepare(app.base)).filter((t) => !only || t.label.startsWith(only));
    for (const t of targets) t.url = `${app.base}${API}/order/preview`;
    const started = new Date();
    results.push({ ...(await measure(targets, mode)), started, load: loadavg() });
    last = targets;
  } finally {
    await app.stop();
    await database?.drop();
  }
}
if (last && !process.argv.includes('--no-twin')) {
  const twinPort = ++port;
  const path = (i) => `/twin${i}${API}/order/preview`;
  const bare = await startBare(
    twinPort,
    Object.fromEntries(last.map((t, i) => [path(i), { status: 200, body: t.answer }])),
  );
  const twins = last.map((t, i) => ({
    ...t,
    label: `${t.label.split(':')[0]}'s answer`,
    url: `http://127.0.0.1:${twinPort}${path(i)}`,
  }));
  const started = new Date();
  results.push({ ...(await measure(twins, 'bare twin')), started, load: loadavg() });
  bare.kill();
}

const pct = (x) => `${x >= 1 ? '+' : '−'}${Math.abs((x - 1) * 100).toFixed(1)} %`;
const hhmm = (d) => d.toISOString().slice(11, 16);
console.log(
  `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${new Date().toISOString()}`,
);
console.log(
  `POST order/preview, 4 lines from 3 stores, no couponIds; ${rounds} rounds of ${seconds}s per buyer, A and B alternating (medians), ${connections} connections\n`,
);
console.log(
  '| server (start UTC, load after) | buyer | req/s | p50 ms | p99 ms | answer bytes | failed | req/s per round |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const { mode, rows, started, load } of results) {
  for (const r of rows) {
    console.log(
      `| ${mode} (${hhmm(started)}, ${load[0].toFixed(1)}) | ${r.buyer} | ${r.reqPerSec} | ${r.p50ms} | ${r.p99ms} | ${r.bytes} | ${r.failed} | ${r.rounds.join(', ')} |`,
    );
  }
}
console.log(
  "\n| server | B/A req/s (medians) | B/A req/s per round (median) | B/A p50 | B/A p99 | B's time per request vs A's |",
);
console.log('|---|---:|---|---:|---:|---:|');
let met = true;
for (const { mode, rows, ratios } of results) {
  const [a, b] = rows;
  if (!b) continue;
  const perRound = median(ratios);
  // At a fixed number of connections, the time per request is connections ÷ throughput.
  const time = 1 / perRound;
  if (mode !== 'bare twin' && time > 1.1) met = false;
  console.log(
    `| ${mode} | ${(b.reqPerSec / a.reqPerSec).toFixed(2)} | ${ratios.map((x) => x.toFixed(2)).join(', ')} (${perRound.toFixed(2)}) | ${(b.p50ms / a.p50ms).toFixed(2)} | ${(b.p99ms / a.p99ms).toFixed(2)} | ${pct(time)} |`,
  );
}
if (!only) console.log(`\ntarget (B within 10 % of A's time): ${met ? 'met' : 'NOT met'}`);
process.exit(0);
