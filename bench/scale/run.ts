// bench:scale (issue 31, "a year's data"): seeds a year of a shop (seed.ts, × SCALE) into a fresh
// database, starts the server on it, sweeps every page at 100 concurrent connections (p50, p99,
// req/s per page), measures order placement there against a database holding only the
// catalogue and users, and reports the seed's times, the database's size and the server's RSS.
//
//   npm run bench:scale -w @chaopin/bench -- --scale 0.01                          (embedded)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ npm run bench:scale -w @chaopin/bench --
//     --scale 0.01               (PostgreSQL: databases SCALE_DB and SCALE_DB_empty, re-created)
//   SECONDS=5 (per page)  USERS_SIGNED_IN=50  PLACE_SECONDS=10  MODES=pglite,postgres
import { cpus, loadavg } from 'node:os';
import { countsFor, scaleArg } from './counts.ts';
import { pagesFor } from './pages.ts';
import { placeOrders } from './placement.ts';
import { dropTarget, freshTarget, rowCounts, seedTarget, type Target } from './seed.ts';
import {
  imSessions,
  loadIm,
  loadPage,
  operatorToken,
  type Row,
  rssMb,
  settle,
  signIn,
  startOn,
} from './sweep.ts';

const SECONDS = Number(process.env.SECONDS ?? 5);
/** Seconds of each page one request at a time (what the statements cost, without the queue). */
const SOLO_SECONDS = Number(process.env.SOLO_SECONDS ?? 2);
const PLACE_SECONDS = Number(process.env.PLACE_SECONDS ?? 10);
const SIGNED_IN = Number(process.env.USERS_SIGNED_IN ?? 50);
const PORT = 18_995;
const TARGET_P99 = { postgres: 50, pglite: 150 };

const scale = scaleArg();
const counts = countsFor(scale);
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

async function placement(target: Target) {
  const server = await startOn(target, PORT);
  try {
    const sessions = await signIn(server.base, counts, SIGNED_IN);
    // A fresh server on each database, warmed up alike: the seeded one is not ahead by the
    // sweep's JIT warm-up.
    await placeOrders(server.base, counts, sessions, Math.max(2, PLACE_SECONDS / 2));
    return await placeOrders(server.base, counts, sessions, PLACE_SECONDS);
  } finally {
    await server.stop();
  }
}

async function runMode(kind: 'postgres' | 'pglite') {
  const env = kind === 'postgres' ? process.env : { ...process.env, DATABASE_URL: undefined };
  const target = await freshTarget(scale, env);
  console.log(`\n== ${kind}: seeding SCALE=${scale} into ${target.url ?? target.dataDir}`);
  let t0 = performance.now();
  await seedTarget(target, counts);
  const seedSeconds = seconds(t0);
  const seeded = await rowCounts(target);
  console.log(`seeded in ${seedSeconds} s: ${JSON.stringify(seeded.rows)}`);
  t0 = performance.now();
  const server = await startOn(target, PORT);
  console.log(`server up in ${seconds(t0)} s, RSS ${rssMb(server.pid)} MB`);
  const rows: Array<Row & { soloP50: number }> = [];
  let rssAfter = 0;
  try {
    const sessions = await signIn(server.base, counts, SIGNED_IN);
    const operator = await operatorToken(server.base);
    const load = loadavg()[0]?.toFixed(1);
    for (const page of pagesFor(counts)) {
      await loadPage(server.base, page, sessions, operator, 1); // warm-up
      await settle(server.base, page, sessions, operator);
      const row = await loadPage(server.base, page, sessions, operator, SECONDS);
      await settle(server.base, page, sessions, operator);
      const solo = await loadPage(server.base, page, sessions, operator, SOLO_SECONDS, 1);
      console.log(JSON.stringify({ ...row, soloP50: solo.p50 }));
      rows.push({ ...row, soloP50: solo.p50 });
    }
    const socks = await imSessions(server.base, sessions);
    for (const page of ['conversation list', 'conversation history'] as const) {
      await loadIm(socks, page, 1);
      const row = await loadIm(socks, page, SECONDS);
      const solo = await loadIm(socks, page, SOLO_SECONDS, 1);
      console.log(JSON.stringify({ ...row, soloP50: solo.p50 }));
      rows.push({ ...row, soloP50: solo.p50 });
    }
    for (const s of socks) s.socket.close();
    console.log(`sweep: load ${load} before, ${loadavg()[0]?.toFixed(1)} after`);
    rssAfter = rssMb(server.pid);
  } finally {
    await server.stop();
  }
  const placeSeeded = await placement(target);
  const empty = await freshTarget(scale, env, '-empty');
  await seedTarget(empty, counts, { catalogueOnly: true });
  const placeEmpty = await placement(empty).finally(() => dropTarget(empty, env));
  return { kind, seedSeconds, seeded, rows, rssAfter, placeSeeded, placeEmpty };
}

console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ${new Date().toISOString()}`,
);
console.log(`bench:scale SCALE=${scale}: ${JSON.stringify(counts)}; ${SECONDS} s per page`);
const modes = (process.env.MODES ?? 'pglite,postgres')
  .split(',')
  .filter(
    (m): m is 'postgres' | 'pglite' =>
      m === 'pglite' || (m === 'postgres' && Boolean(process.env.DATABASE_URL)),
  );
for (const kind of modes) {
  const r = await runMode(kind);
  const target = TARGET_P99[kind];
  console.log(
    `\n### ${kind}, SCALE=${scale}: seeded in ${r.seedSeconds} s, database ${(r.seeded.bytes / 2 ** 20).toFixed(0)} MB, server RSS ${r.rssAfter} MB after the sweep\n`,
  );
  console.log('| page | p50 ms | p99 ms | req/s | non-2xx | p99 within target | p50 ms alone |');
  console.log('|---|---:|---:|---:|---:|---|---:|');
  for (const row of r.rows) {
    const ok =
      row.reqPerSec === 0
        ? '**no answer**'
        : row.p99 <= target
          ? `yes (≤ ${target})`
          : `**no** (> ${target})`;
    console.log(
      `| ${row.label} | ${row.p50} | ${row.p99} | ${row.reqPerSec} | ${row.non2xx + row.errors} | ${ok} | ${row.soloP50} |`,
    );
  }
  const pct = Math.round(
    (r.placeSeeded.ordersPerSec / Math.max(1, r.placeEmpty.ordersPerSec)) * 100,
  );
  console.log(
    `\norder placement: ${r.placeSeeded.ordersPerSec}/s seeded (p99 ${r.placeSeeded.p99} ms, non-2xx ${r.placeSeeded.non2xx}) against ${r.placeEmpty.ordersPerSec}/s on the catalogue alone (p99 ${r.placeEmpty.p99} ms): ${pct} % (target ≥ 80 %)`,
  );
}
process.exit(0);
