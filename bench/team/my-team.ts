// 我的团队 (GET promotion/team) for a promoter with 10,000 direct and 100,000 indirect members
// (issue 13: a page in ≤ 50 ms on both databases). The team is seeded straight into the database
// with SQL (generate_series), then a server process is started on it, the promoter logs in through
// the SMS flow and pages are fetched one request at a time: the cases visited in turn, round after
// round, so the machine's noise falls on every case alike. Afterwards each case's SQL (as the
// server's own repos build it) is run under EXPLAIN ANALYZE, to show the database's share.
//
//   npm run bench:team -w @chaopin/bench                            (embedded: PGlite in DATA_DIR)
//   DATABASE_URL=postgres://…/test npm run bench:team -w @chaopin/bench   (embedded, then a fresh
//                                                   PostgreSQL database next to it, dropped after)
//   ROUNDS=100 WARMUP=5 PLANS=1 (print every plan, not only the slow ones)
//   MODES=pglite,pglite-unanalyzed,postgres   (the default; postgres only with DATABASE_URL).
//     pglite and postgres: tables vacuumed and analyzed after the load, as PostgreSQL's autovacuum
//     would leave them. pglite-unanalyzed: as the embedded server leaves them, since PGlite runs
//     no autovacuum and the server never runs VACUUM or ANALYZE: no statistics, no visibility map.
//   BENCH_APP_MAIN=apps/server/dist/main.js          (a built server; default: the sources via tsx)
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompiledQuery,
  createQueryId,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DB, Db } from '../../apps/server/src/database.ts';
import { CommissionRepo } from '../../apps/server/src/modules/promotion/commission/commission.repo.ts';
import { PromoUserRepo } from '../../apps/server/src/modules/promotion/team/promo-user.repo.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../../apps/server/src/platform/migrate.ts';
// @ts-expect-error the shared harness is plain JavaScript (no types)
import { API, emptyDatabase, loginPhone, startServerOn } from '../lib.mjs';
import {
  COMMISSIONS,
  DIRECT,
  DIRECT_BASE,
  INDIRECT,
  PROMOTER,
  PROMOTER_PHONE,
  seed,
} from './seed.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 100);
const WARMUP = Number(process.env.WARMUP ?? 5);
const PAGE_SIZE = 20;
const TARGET_MS = 50;
const PORT = 18_991;

interface Case {
  label: string;
  level: 1 | 2;
  pageNum: number;
  keyword: string;
  total: number;
  /** Reached by the keyset cursor of the page before (as the app scrolls), not by pageNum. */
  byCursor?: boolean;
  cursor?: string;
}

const CASES: Case[] = [
  { label: 'level 1, page 1', level: 1, pageNum: 1, keyword: '', total: DIRECT },
  { label: 'level 1, page 400', level: 1, pageNum: 400, keyword: '', total: DIRECT },
  { label: 'level 2, page 1', level: 2, pageNum: 1, keyword: '', total: INDIRECT },
  { label: 'level 2, page 4000', level: 2, pageNum: 4000, keyword: '', total: INDIRECT },
  {
    label: 'level 1, page 400 by cursor',
    level: 1,
    pageNum: 400,
    keyword: '',
    total: DIRECT,
    byCursor: true,
  },
  {
    label: 'level 2, page 4000 by cursor',
    level: 2,
    pageNum: 4000,
    keyword: '',
    total: INDIRECT,
    byCursor: true,
  },
  { label: 'level 1, keyword 小雨, page 1', level: 1, pageNum: 1, keyword: '小雨', total: -1 },
  { label: 'level 2, keyword 小雨, page 1', level: 2, pageNum: 1, keyword: '小雨', total: -1 },
  {
    label: 'level 2, keyword 8888 (phone), page 1',
    level: 2,
    pageNum: 1,
    keyword: '8888',
    total: -1,
  },
];

const query = (c: Case) =>
  `level=${c.level}&pageSize=${PAGE_SIZE}` +
  (c.cursor ? `&cursor=${c.cursor}` : `&pageNum=${c.pageNum}`) +
  (c.keyword ? `&keyword=${encodeURIComponent(c.keyword)}` : '');

// ---------------------------------------------------------------------------------------------
// The server and the requests

interface TeamPageBody {
  code: number;
  data: {
    list: {
      userId: number;
      nickname: string;
      phone: string;
      orderCount: number;
      contribution: number;
    }[];
    total: number;
    directCount: number;
    indirectCount: number;
    nextCursor: string;
  };
}

async function fetchPage(base: string, token: string, c: Case) {
  const t0 = performance.now();
  const res = await fetch(`${base}${API}/promotion/team?${query(c)}`, {
    headers: { TOKEN: token },
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${c.label}: ${res.status} ${text}`);
  return { ms, body: JSON.parse(text) as TeamPageBody, bytes: Buffer.byteLength(text) };
}

/** Each case's answer is what it should be: a full page, the right total, contributions listed. */
async function check(base: string, token: string) {
  const info = new Map<string, string>();
  for (const c of CASES) {
    if (c.byCursor) {
      // The cursor the app holds after scrolling to the page before; the page it opens must be
      // the same as by pageNum.
      const before = await fetchPage(base, token, {
        ...c,
        pageNum: c.pageNum - 1,
        cursor: undefined,
      });
      c.cursor = before.body.data.nextCursor;
      const byNum = await fetchPage(base, token, { ...c, cursor: undefined });
      const byCur = await fetchPage(base, token, c);
      const ids = (r: typeof byNum) => r.body.data.list.map((m) => m.userId).join();
      if (!c.cursor || ids(byNum) !== ids(byCur))
        throw new Error(`${c.label}: cursor page differs`);
    }
    const { body, bytes } = await fetchPage(base, token, c);
    const d = body.data;
    const okTotal = c.total < 0 ? d.total >= PAGE_SIZE : d.total === c.total;
    if (body.code !== 1 || d.list.length !== PAGE_SIZE || !okTotal) {
      throw new Error(`${c.label}: ${JSON.stringify(body).slice(0, 400)}`);
    }
    if (d.directCount !== DIRECT || d.indirectCount !== INDIRECT) throw new Error('counts');
    const withOrders = d.list.filter((m) => m.orderCount > 0).length;
    info.set(c.label, `${d.total} | ${withOrders} | ${(bytes / 1024).toFixed(1)} KB`);
  }
  // Page 1 of level 1 lists the newest direct members, newest first.
  const first = (await fetchPage(base, token, CASES[0]!)).body.data.list.map((m) => m.userId);
  const expected = Array.from({ length: PAGE_SIZE }, (_, i) => DIRECT_BASE + DIRECT - i);
  if (first.join() !== expected.join()) throw new Error(`page 1 order: ${first.join()}`);
  return info;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

/** ROUNDS rounds; in each, every case once (the order turns by one each round). */
async function measure(base: string, token: string) {
  const samples = new Map(CASES.map((c) => [c.label, [] as number[]]));
  for (let r = -WARMUP; r < ROUNDS; r++) {
    for (let i = 0; i < CASES.length; i++) {
      const c = CASES[(i + Math.max(r, 0)) % CASES.length]!;
      const { ms } = await fetchPage(base, token, c);
      if (r >= 0) samples.get(c.label)!.push(ms);
    }
  }
  return samples;
}

// ---------------------------------------------------------------------------------------------
// The database's share: each case's statements, as the server's repos build them, explained

class Capture implements KyselyPlugin {
  nodes: RootOperationNode[] = [];
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

async function explainCases(db: Db, mode: string) {
  const capture = new Capture();
  const spy = db.withPlugin(capture);
  const users = new PromoUserRepo(spy);
  const commissions = new CommissionRepo(spy);
  const out: { label: string; parts: { name: string; ms: number; plan: string }[] }[] = [];
  for (const c of CASES) {
    capture.nodes = [];
    await users.ensure(PROMOTER);
    const [micros = '', id = '0'] = (c.cursor ?? '').split('_');
    const { rows } = await users.team(PROMOTER, c.level, c.keyword, {
      limit: PAGE_SIZE,
      offset: (c.pageNum - 1) * PAGE_SIZE,
      after: c.cursor ? { micros, id: Number(id) } : undefined,
    });
    await commissions.contributions(
      PROMOTER,
      rows.map((r) => r.user_id),
    );
    const names = ['promo_user row (ensure)', 'page rows', 'contributions'];
    const compiled = capture.nodes.map((n) => spy.getExecutor().compileQuery(n, createQueryId()));
    const parts = [];
    for (const [i, q] of compiled.entries()) {
      const times: number[] = [];
      let plan = '';
      for (let k = 0; k < 5; k++) {
        const res = await db.executeQuery<Record<string, string>>(
          CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]),
        );
        const lines = res.rows.map((row) => Object.values(row)[0] as string);
        plan = lines.join('\n');
        const m = /Execution Time: ([\d.]+) ms/.exec(plan);
        times.push(Number(m?.[1] ?? Number.NaN));
      }
      parts.push({
        name: names[i] ?? `query ${i}`,
        ms: percentile(times, 50),
        plan: `${q.sql}\n${JSON.stringify(q.parameters)}\n${plan}`,
      });
    }
    out.push({ label: c.label, parts });
  }
  console.log(`\nEXPLAIN ANALYZE, ${mode}: execution time in the database, median of 5, ms`);
  console.log('| case | promo_user row | page rows (and total) | contributions |');
  console.log('|---|---:|---:|---:|');
  for (const { label, parts } of out) {
    const at = (name: string) => parts.find((p) => p.name === name)?.ms.toFixed(2) ?? '—';
    console.log(
      `| ${label} | ${at('promo_user row (ensure)')} | ${at('page rows')} | ${at('contributions')} |`,
    );
  }
  for (const { label, parts } of out) {
    for (const p of parts) {
      if (process.env.PLANS === '1' || p.ms > 5) {
        console.log(`\n--- ${mode}: ${label}: ${p.name} (${p.ms.toFixed(2)} ms)\n${p.plan}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------

interface Row {
  mode: string;
  label: string;
  info: string;
  p50: number;
  p99: number;
  max: number;
}

type Mode = 'pglite' | 'pglite-unanalyzed' | 'postgres';
const LABELS: Record<Mode, string> = {
  pglite: 'PGlite (embedded), analyzed',
  'pglite-unanalyzed': 'PGlite (embedded), never analyzed (EMBEDDED_ANALYZE_MS=0)',
  postgres: 'PostgreSQL',
};

async function runMode(mode: Mode): Promise<Row[]> {
  const label = LABELS[mode];
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-team-'));
  const pgDb =
    mode === 'postgres' ? await emptyDatabase(process.env.DATABASE_URL!, 'bench_team') : undefined;
  const open = () => openDatabase<DB>({ databaseUrl: pgDb?.url, pgliteDir: join(dataDir, 'pg') });
  try {
    console.log(`\n== ${label}${pgDb ? ` (${new URL(pgDb.url).pathname.slice(1)})` : ''}`);
    {
      const { db, close } = await open();
      try {
        await migrateToLatest(db);
        await seed(db, { analyze: mode !== 'pglite-unanalyzed' });
      } finally {
        await close();
      }
    }
    const t0 = performance.now();
    const server = await startServerOn(PORT, {
      DATA_DIR: dataDir,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      ...(mode === 'pglite-unanalyzed' ? { EMBEDDED_ANALYZE_MS: '0' } : {}),
    });
    let rows: Row[];
    try {
      console.log(`server up in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const token = await loginPhone(server.base, PROMOTER_PHONE);
      const info = await check(server.base, token);
      const before = loadavg()[0]!.toFixed(1);
      const samples = await measure(server.base, token);
      console.log(`${ROUNDS} rounds, load ${before} before, ${loadavg()[0]!.toFixed(1)} after`);
      rows = CASES.map((c) => {
        const xs = samples.get(c.label)!;
        return {
          mode: label,
          label: c.label,
          info: info.get(c.label)!,
          p50: percentile(xs, 50),
          p99: percentile(xs, 99),
          max: Math.max(...xs),
        };
      });
      printRows(rows);
    } finally {
      await server.stop();
    }
    // The server is gone (PGlite is single-process): explain each case's SQL on the same data.
    const { db, close } = await open();
    try {
      await explainCases(db, label);
    } finally {
      await close();
    }
    return rows;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

function printRows(rows: Row[]) {
  console.log(
    `\n| database | case | total | members with orders | answer | p50 ms | p99 ms | max ms | p99 ≤ ${TARGET_MS} ms |`,
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.mode} | ${r.label} | ${r.info} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.p99 <= TARGET_MS ? 'yes' : '**no**'} |`,
    );
  }
}

const modes = (process.env.MODES ?? 'pglite,pglite-unanalyzed,postgres')
  .split(',')
  .filter((m): m is Mode => m in LABELS && (m !== 'postgres' || Boolean(process.env.DATABASE_URL)));
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ${new Date().toISOString()}`,
);
console.log(
  `team: ${DIRECT} direct, ${INDIRECT} indirect, ${COMMISSIONS} commissions; pages of ${PAGE_SIZE}; one request at a time, ${ROUNDS} rounds after ${WARMUP} of warm-up; server: ${process.env.BENCH_APP_MAIN ?? 'apps/server/src/main.ts (tsx)'}`,
);
const all: Row[] = [];
for (const m of modes) all.push(...(await runMode(m)));
console.log('\nAll:');
printRows(all);
process.exit(0);
