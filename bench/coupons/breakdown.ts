// Where the time of order/preview goes with 50 coupons in the wallet and with none: the same
// fixture as preview.mjs (through the HTTP API of the server, here built in this process from the
// sources), then each part of one preview timed alone, one call at a time, A and B alternating:
// the wallet's SQL (CouponRepo.wallet), the wallet read with its mapping (CouponService.wallet),
// the in-memory choice and listing (bestCoupons, priceOrder, evaluateCoupon for each coupon, the
// sort), the answer's serialization (the route's response schema through fast-json-stringify),
// the whole service call (OrderService.preview) and the whole request in process (inject).
//
//   npm run bench:coupons-breakdown -w @chaopin/bench             (embedded: PGlite)
//   DATABASE_URL=postgres://… npm run bench:coupons-breakdown -w @chaopin/bench  (a fresh database)
//   ITERATIONS=300
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderPreviewData } from '@chaopin/contracts';
import fastJson from 'fast-json-stringify';
import { CompiledQuery } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/index.ts';
import { CouponRepo } from '../../apps/server/src/modules/coupon/coupon.repo.ts';
import { bestCoupons, evaluateCoupon } from '../../apps/server/src/modules/order/discount.ts';
import { priceOrder } from '../../apps/server/src/modules/order/pricing.ts';
import { ok } from '../../apps/server/src/platform/envelope.ts';
import { API, responses } from '../../apps/server/src/platform/route-schema.ts';
import { seedDemo } from '../../apps/server/src/seed/seed.ts';
import { seedCoupons } from '../../apps/server/src/seed/seed-coupons.ts';
import { seedHomeExtras } from '../../apps/server/src/seed/seed-home.ts';
import { freshDatabase, prepare } from './fixture.mjs';

const ITERATIONS = Number(process.env.ITERATIONS ?? 300);

interface Target {
  label: string;
  buyer: { token: string; userId: number; addressId: number };
  json: { items: { skuId: number; quantity: number }[]; addressId: number };
  body: string;
}

const dataDir = mkdtempSync(join(tmpdir(), 'chaopin-bench-'));
const database = process.env.DATABASE_URL
  ? await freshDatabase(process.env.DATABASE_URL)
  : undefined;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  SEED: 'true',
  PORT: '18979',
  DATA_DIR: dataDir,
  ...(database ? { DATABASE_URL: database.url } : {}),
});
const app = await buildApp(config);
await seedDemo(app.deps);
await seedHomeExtras(app.deps);
await seedCoupons(app);
await app.listen({ host: '127.0.0.1', port: config.PORT });

try {
  const targets: Target[] = await prepare(`http://127.0.0.1:${config.PORT}`);
  const repo = new CouponRepo(app.deps.db);
  const coupons = app.couponModule.coupons;
  const orders = app.orderModule.orders;
  const stock = app.orderModule.stock;
  const serialize = fastJson(responses(OrderPreviewData)[200]);

  /** The in-memory part of OrderService.preview on a wallet already read (its code, in order). */
  const choose = async (t: Target) => {
    const now = new Date();
    const wallet = await coupons.wallet(t.buyer.userId, now);
    const skus = await stock.skus(t.json.items.map((i) => i.skuId));
    const input = t.json.items.map((i) => ({ ...skus.get(i.skuId)!, quantity: i.quantity }));
    return () => {
      const discountLines = input.map((l) => ({ ...l, subtotal: l.price * l.quantity }));
      const usable = wallet.filter((w) => !w.held).map((w) => w.pricing);
      const chosen = bestCoupons(usable, discountLines, now);
      const p = priceOrder(input, {
        balance: 0,
        coupons: chosen,
        redPacket: { balance: 0, maxSharePercent: 50, use: false },
        now,
      });
      const ids = new Set(chosen.map((c) => c.id));
      // Checkout counts the usable coupons; the sheet's list (listCoupons) is not built here.
      const usableCount = wallet.filter(
        (w) => !w.held && evaluateCoupon(w.pricing, discountLines, now).usable,
      ).length;
      return [p, usableCount, ids];
    };
  };
  const pure = new Map<string, () => unknown>();
  const answers = new Map<string, unknown>();
  for (const t of targets) {
    pure.set(t.label, await choose(t));
    answers.set(t.label, ok(await orders.preview(t.buyer.userId, t.json)));
  }

  // The wallet's query with less in its answer: without the order_no subquery, and only the ids.
  const db = app.deps.db;
  const inWallet = (userId: number, now: Date) =>
    db
      .selectFrom('user_coupon as uc')
      .innerJoin('coupon_template as t', 't.id', 'uc.template_id')
      .leftJoin('store as s', 's.id', 't.store_id')
      .where('uc.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('uc.status', '=', 'unused'), eb('uc.valid_to', '>', now)]),
          eb('uc.status', '=', 'held'),
        ]),
      )
      .orderBy('uc.valid_to')
      .limit(200);
  const withoutSubquery = (userId: number) =>
    inWallet(userId, new Date())
      .selectAll('t')
      .select([
        's.name as store_name',
        'uc.id as coupon_id',
        'uc.user_id',
        'uc.status',
        'uc.valid_from',
        'uc.valid_to',
        'uc.group_id',
        'uc.claimed_at',
        'uc.used_at',
      ])
      .execute();
  const idsOnly = (userId: number) => inWallet(userId, new Date()).select('uc.id').execute();

  const parts: [string, (t: Target) => unknown][] = [
    ['wallet SQL (CouponRepo.walletRows)', (t) => repo.walletRows(t.buyer.userId, new Date())],
    ['  the joined rows of the first version', (t) => withoutSubquery(t.buyer.userId)],
    ['  same filter and joins, only uc.id selected', (t) => idsOnly(t.buyer.userId)],
    [
      'wallet read + mapping (CouponService.wallet)',
      (t) => coupons.wallet(t.buyer.userId, new Date()),
    ],
    ['SKUs for pricing (StockService.skus)', (t) => stock.skus(t.json.items.map((i) => i.skuId))],
    ['choice + pricing + listing, in memory', (t) => pure.get(t.label)!()],
    ['serialize the answer (response schema)', (t) => serialize(answers.get(t.label))],
    ['OrderService.preview (whole service)', (t) => orders.preview(t.buyer.userId, t.json)],
    [
      'POST order/preview in process (inject)',
      (t) =>
        app.inject({
          method: 'POST',
          url: `${API}/order/preview`,
          headers: { 'content-type': 'application/json', TOKEN: t.buyer.token },
          payload: t.body,
        }),
    ],
  ];
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  const rows: string[] = [];
  for (const [name, fn] of parts) {
    const times = new Map(targets.map((t) => [t.label, [] as number[]]));
    for (let i = 0; i < 30; i++) for (const t of targets) await fn(t);
    for (let i = 0; i < ITERATIONS; i++) {
      for (const t of i % 2 ? [...targets].reverse() : targets) {
        const t0 = performance.now();
        await fn(t);
        times.get(t.label)!.push(performance.now() - t0);
      }
    }
    const [a, b] = targets.map((t) => times.get(t.label)!);
    const ma = median(a!);
    const mb = median(b!);
    rows.push(
      `| ${name} | ${(ma * 1000).toFixed(0)} | ${(mb * 1000).toFixed(0)} | ${((mb - ma) * 1000).toFixed(0)} |`,
    );
    console.log(rows.at(-1));
  }

  // The wallet's plan, as the database runs it (B's in full; planning and execution for both).
  type Tab = { orderBy(c: string): { limit(n: number): { compile(): CompiledQuery } } };
  const plans: string[][] = [];
  for (const t of targets) {
    const q = (repo as unknown as { tab: (u: number, t: string, n: Date) => Tab })
      .tab(t.buyer.userId, 'unused', new Date())
      .orderBy('uc.valid_to')
      .limit(200)
      .compile();
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, costs off) ${q.sql}`, [...q.parameters]),
    );
    plans.push(plan.rows.map((r) => r['QUERY PLAN']));
  }

  console.log(
    `\nmachine: ${cpus().length} × ${cpus()[0]?.model}, node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${new Date().toISOString()}`,
  );
  console.log(
    `${database ? 'PostgreSQL' : 'embedded (PGlite)'}; median of ${ITERATIONS} calls each, one at a time, A and B alternating\n`,
  );
  console.log('| part of one preview | A: no coupon µs | B: 50 coupons µs | B − A µs |');
  console.log('|---|---:|---:|---:|');
  for (const r of rows) console.log(r);
  targets.forEach((t, i) => {
    const summary = plans[i]!.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ');
    console.log(`\nwallet SQL, ${t.label}: ${summary}`);
  });
  console.log(`\nwallet SQL plan, ${targets[1]!.label}:\n${plans[1]!.join('\n')}`);
} finally {
  await app.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
