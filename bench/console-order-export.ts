// The console's 导出订单 (GET admin/order/export) of 100,000 orders (issue 26: streamed, memory
// flat at any size). 100,000 paid orders are seeded straight into a migrated database with one
// insert…select per table, a server process is started on it, the operator logs in through the
// SMS flow and exports: first the 10,000 orders of one store, then all 100,000, each once, the
// body read as it streams (never held). Meanwhile the server's resident memory (VmRSS of its
// process) is sampled every 20 ms: a flat export peaks at about the same height for 10,000 and
// for 100,000 orders.
//
//   npm run bench:console-order-export -w @chaopin/bench          (embedded: PGlite on disk)
//   DATABASE_URL=postgres://…/test MODES=pglite,postgres npm run bench:console-order-export -w @chaopin/bench
//   ORDERS=100000 SMALL=10000
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { DB, Db } from '../apps/server/src/database.ts';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../apps/server/src/platform/migrate.ts';
// @ts-expect-error the shared harness is plain JavaScript (no types)
import { API, emptyDatabase, loginPhone, startServerOn } from './lib.mjs';

const ORDERS = Number(process.env.ORDERS ?? 100_000);
const SMALL = Number(process.env.SMALL ?? 10_000);
const BUYERS = 1000;
const OPERATOR_PHONE = '13800000009';
const PORT = 18_993;

/** Store 2 holds the SMALL orders, store 1 the rest; 3 lines in 10 orders have a second line. */
async function seed(db: Db) {
  const t0 = performance.now();
  await sql`insert into app_user (phone, nickname, avatar, role)
    values (${OPERATOR_PHONE}, '平台运营', '/assets/avatars/0.svg', 'admin')`.execute(db);
  await sql`insert into app_user (phone, nickname, avatar)
    select '137' || lpad(g::text, 8, '0'), '买家' || g, '/assets/avatars/1.svg'
    from generate_series(1, ${BUYERS}::int) g`.execute(db);
  await sql`insert into store (name, logo) values ('潮品自营', '/l.png'), ('小店', '/l.png')`.execute(
    db,
  );
  await sql`insert into category (name, icon) values ('服饰', '/c.png')`.execute(db);
  await sql`insert into product (store_id, category_id, title, main_image, price, origin_price)
    select s, 1, case s when 1 then '潮品纯棉T恤' else '手工皂' end, '/p.png', 9900, 12900
    from generate_series(1, 2) s`.execute(db);
  await sql`insert into sku (product_id, name, price, origin_price, stock, image)
    select p, '默认', 9900, 12900, 1000000, '/p.png' from generate_series(1, 2) p`.execute(db);
  const buyer = sql.raw(`(select min(id) from app_user where phone like '137%') + g % ${BUYERS}`);
  await sql`insert into order_group (user_id, client_key, total_amount, created_at)
    select ${buyer}, 'bench-export-' || g, 9900 + g % 5000,
      timestamptz '2026-01-01 00:00+08' + g * interval '37 seconds'
    from generate_series(1, ${ORDERS}::int) g`.execute(db);
  // One insert…select: every order paid, a tenth shipped, store 2's the last SMALL.
  await sql`insert into shop_order (group_id, user_id, store_id, status, goods_amount,
      shipping_fee, pay_amount, address, note, pay_method, payment_no, carrier, tracking_no,
      expires_at, paid_at, shipped_at, created_at)
    select g.id, g.user_id, case when g.id > ${ORDERS - SMALL}::int then 2 else 1 end,
      case when g.id % 10 = 0 then 'unreceived' else 'unshipped' end,
      g.total_amount, 0, g.total_amount,
      jsonb_build_object('id', 0, 'name', '张三' || (g.id % 100), 'phone', '139' || lpad((g.id % 100000000)::text, 8, '0'),
        'province', '浙江省', 'city', '杭州市', 'district', '西湖区', 'detail', '文三路' || g.id || '号',
        'fullAddress', '浙江省杭州市西湖区文三路' || g.id || '号'),
      case when g.id % 7 = 0 then '请尽快发货' else '' end, 'balance', 'T' || g.id,
      case when g.id % 10 = 0 then '顺丰速运' end, case when g.id % 10 = 0 then 'SF' || g.id end,
      g.created_at + interval '30 minutes', g.created_at + interval '1 minute',
      case when g.id % 10 = 0 then g.created_at + interval '1 day' end, g.created_at
    from order_group g`.execute(db);
  await sql`insert into order_item (order_id, product_id, sku_id, title, sku_name, image, price, quantity)
    select o.id, o.store_id, o.store_id, case o.store_id when 1 then '潮品纯棉T恤' else '手工皂' end,
      '默认', '/p.png', o.pay_amount, 1
    from shop_order o
    union all
    select o.id, o.store_id, o.store_id, '赠品袜子', '均码', '/p.png', 0, 1
    from shop_order o where o.id % 10 < 3`.execute(db);
  await sql`analyze`.execute(db);
  console.log(`seeded ${ORDERS} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

/** Resident memory of a process, MiB (Linux /proc). */
function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0) / 1024;
}

interface Run {
  label: string;
  rows: number;
  mib: number;
  seconds: number;
  before: number;
  peak: number;
  /** RSS as each tenth of the rows arrived: flat, not climbing with the rows sent. */
  deciles: number[];
}

/** One export, read as it streams: rows counted by line breaks, RSS sampled every 20 ms. */
async function exportOnce(
  base: string,
  pid: number,
  token: string,
  label: string,
  query: string,
  expected = 1,
) {
  const before = rssMiB(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 20);
  const t0 = performance.now();
  const res = await fetch(`${base}${API}/admin/order/export?${query}`, {
    headers: { TOKEN: token },
  });
  if (res.status !== 200 || !res.body)
    throw new Error(`${label}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  const deciles: number[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
    while (deciles.length < 10 && lines - 1 >= ((deciles.length + 1) * expected) / 10) {
      deciles.push(rssMiB(pid));
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssMiB(pid));
  return {
    label,
    rows: lines - 1,
    mib: bytes / 2 ** 20,
    seconds,
    before,
    peak,
    deciles,
  } satisfies Run;
}

type Mode = 'pglite' | 'postgres';
const LABELS: Record<Mode, string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };

async function runMode(mode: Mode): Promise<(Run & { mode: string })[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-export-'));
  const pgDb =
    mode === 'postgres'
      ? await emptyDatabase(process.env.DATABASE_URL ?? '', 'bench_export')
      : undefined;
  try {
    console.log(`\n== ${LABELS[mode]}`);
    const { db, close } = await openDatabase<DB>({
      databaseUrl: pgDb?.url,
      pgliteDir: join(dataDir, 'pg'),
    });
    try {
      await migrateToLatest(db);
      await seed(db);
    } finally {
      await close();
    }
    const server = await startServerOn(PORT, {
      DATA_DIR: dataDir,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    try {
      const token = await loginPhone(server.base, OPERATOR_PHONE);
      // Warm-up: the route, the queries and the JIT, on one page's worth.
      await exportOnce(server.base, server.pid, token, 'warm-up', 'orderNo=none');
      const load = loadavg()[0]?.toFixed(1);
      const runs = [
        await exportOnce(server.base, server.pid, token, `store 2 (${SMALL})`, 'storeId=2', SMALL),
        await exportOnce(server.base, server.pid, token, `all (${ORDERS})`, '', ORDERS),
      ];
      console.log(`load ${load} before, ${loadavg()[0]?.toFixed(1)} after`);
      for (const r of runs) {
        const want = r.label.startsWith('all') ? ORDERS : SMALL;
        if (r.rows !== want) throw new Error(`${r.label}: ${r.rows} rows, want ${want}`);
      }
      return runs.map((r) => ({ ...r, mode: LABELS[mode] }));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

const modes = (process.env.MODES ?? 'pglite')
  .split(',')
  .filter((m): m is Mode => m in LABELS && (m !== 'postgres' || Boolean(process.env.DATABASE_URL)));
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, ${new Date().toISOString()}`,
);
const all: (Run & { mode: string })[] = [];
for (const m of modes) all.push(...(await runMode(m)));
console.log(
  '\n| database | export | rows | CSV MiB | seconds | rows/s | server RSS before MiB | peak MiB | peak − before MiB |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of all) {
  console.log(
    `| ${r.mode} | ${r.label} | ${r.rows} | ${r.mib.toFixed(1)} | ${r.seconds.toFixed(1)} | ${Math.round(r.rows / r.seconds)} | ${r.before.toFixed(0)} | ${r.peak.toFixed(0)} | ${(r.peak - r.before).toFixed(0)} |`,
  );
}
console.log('\nServer RSS (MiB) as each tenth of the rows arrived:');
for (const r of all)
  console.log(`${r.mode}, ${r.label}: ${r.deciles.map((d) => d.toFixed(0)).join(' ')}`);
process.exit(0);
