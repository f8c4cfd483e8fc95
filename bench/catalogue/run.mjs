#!/usr/bin/env node
// Catalogue benchmark: home feed page, category list page, product detail and search on the seeded
// embedded server, each against a bare Fastify route answering the very same JSON bytes from memory
// (the machine's limit for that payload), in one run. Target: each ≥ 70 % of its twin, p99 ≤ 30 ms.
// With --compressed, each real route is also loaded as Chrome asks for it (Accept-Encoding with br):
// the cache's stored brotli bytes, against the same bare twin.
// Usage: npm run bench:catalogue [-- --seconds 5 --rounds 3 --compressed]
import { API, argNumber, interleaved, printTable, startApp, startBare } from '../lib.mjs';

const seconds = argNumber('seconds', 5);
const rounds = argNumber('rounds', 3);
const compressed = process.argv.includes('--compressed');
const CHROME_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const app = await startApp(18950, { SEED: 'true' });
const routes = [
  ['home feed page (20 items)', `${API}/goods/list?pageNum=1&pageSize=20`],
  [
    'category list page (20, by sales)',
    `${API}/goods/list?categoryId=1&sort=sales&pageNum=1&pageSize=20`,
  ],
  ['product detail', `${API}/goods/detail?id=1`],
  [
    'search (连衣裙, 20)',
    `${API}/search/goods?keyword=${encodeURIComponent('连衣裙')}&pageNum=1&pageSize=20`,
  ],
];

const twinPath = (path) => `/bare/${Buffer.from(path).toString('base64url')}`;
const bare = {};
for (const [, path] of routes)
  bare[twinPath(path)] = await (await fetch(`${app.base}${path}`)).text();
await startBare(18951, bare);

const targets = [];
for (const [label, path] of routes) {
  const bytes = Buffer.byteLength(bare[twinPath(path)]);
  targets.push({
    label: `bare twin: ${label} (${(bytes / 1024).toFixed(1)} KB)`,
    url: `http://127.0.0.1:18951${twinPath(path)}`,
  });
  targets.push({ label, url: `${app.base}${path}` });
  if (compressed) {
    targets.push({
      label: `${label}, brotli`,
      url: `${app.base}${path}`,
      headers: { 'accept-encoding': CHROME_ACCEPT_ENCODING },
    });
  }
}

const rows = await interleaved(targets, { rounds, seconds });
await app.stop();
printTable(rows, {
  baselineOf: (r) =>
    r.label.startsWith('bare twin')
      ? undefined
      : rows.slice(0, rows.indexOf(r)).findLast((b) => b.label.startsWith('bare twin')),
  rounds,
  seconds,
});
process.exit(0);
