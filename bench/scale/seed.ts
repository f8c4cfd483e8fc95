// bench:scale's data: a year of a shop (counts.ts) seeded with set-based SQL into a freshly
// migrated database, PostgreSQL or embedded (PGlite), then the dashboard's rollups filled by the
// migrations' own backfills, and the statistics (and, on PostgreSQL, the visibility map) made.
//
//   node --import tsx bench/scale/seed.ts --scale 0.01                       (embedded: DATA_DIR
//                                     or /tmp/chaopin-scale-<scale>; its pg/ is the server's)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ node --import tsx bench/scale/seed.ts
//                                     --scale 0.01   (drops and creates SCALE_DB, default `scale`)
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { backfillDashboard } from '../../apps/server/migrations/0050_dashboard.ts';
import { backfillBuyerCounts } from '../../apps/server/migrations/0054_dashboard_buyer_counts.ts';
import { backfillFunnel } from '../../apps/server/migrations/0055_dashboard_funnel_users.ts';
import type { DB, Db } from '../../apps/server/src/database.ts';
import { openDatabase } from '../../apps/server/src/platform/db.ts';
import { migrateToLatest } from '../../apps/server/src/platform/migrate.ts';
import { type Counts, countsFor, scaleArg } from './counts.ts';
import { seedCatalogue, seedPromotionTree } from './seed-catalogue.ts';
import {
  seedAftersales,
  seedCommissions,
  seedLedgerAccounts,
  seedOrders,
  seedPostings,
  settleBalances,
} from './seed-orders.ts';
import {
  seedCartsAndAddresses,
  seedChats,
  seedCoupons,
  seedLive,
  seedSignins,
} from './seed-social.ts';

export interface Target {
  kind: 'postgres' | 'pglite';
  /** The server's environment for this database (DATABASE_URL, or DATA_DIR holding pg/). */
  env: Record<string, string>;
  url?: string;
  dataDir?: string;
}

/** Where the seed goes: a re-created PostgreSQL database, or an emptied embedded data dir. */
export async function freshTarget(scale: number, env = process.env, suffix = ''): Promise<Target> {
  if (env.DATABASE_URL) {
    const name = `${env.SCALE_DB ?? 'scale'}${suffix.replace(/-/g, '_')}`;
    if (name === 'test') throw new Error('bench:scale never seeds the test database');
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(env.DATABASE_URL);
    url.pathname = `/${name}`;
    return { kind: 'postgres', url: url.toString(), env: { DATABASE_URL: url.toString() } };
  }
  const dataDir = `${env.DATA_DIR ?? `/tmp/chaopin-scale-${scale}`}${suffix}`;
  rmSync(dataDir, { recursive: true, force: true });
  return { kind: 'pglite', dataDir, env: { DATA_DIR: dataDir } };
}

/** Removes a target made by freshTarget (the catalogue-only one, once measured). */
export async function dropTarget(target: Target, env = process.env) {
  if (target.dataDir) rmSync(target.dataDir, { recursive: true, force: true });
  if (target.url && env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: env.DATABASE_URL });
    await admin.connect();
    await admin.query(
      `drop database if exists ${new URL(target.url).pathname.slice(1)} with (force)`,
    );
    await admin.end();
  }
}

export type StepTimes = Array<{ step: string; seconds: number }>;

/**
 * Migrates and seeds `target`; the seconds of each step. `catalogueOnly`: the products, users
 * and their addresses but nothing a year adds (the empty database order placement is compared with).
 */
export async function seedTarget(
  target: Target,
  counts: Counts,
  {
    catalogueOnly = false,
    pgliteTemplate,
    quiet = false,
  }: { catalogueOnly?: boolean; pgliteTemplate?: Blob; quiet?: boolean } = {},
): Promise<StepTimes> {
  const { db, close } = await openDatabase<DB>({
    databaseUrl: target.url,
    pgliteDir: join(target.dataDir ?? '', 'pg'),
    // A migrated data dir to start from (the tests' template): the migrations are then done.
    pgliteTemplate,
    poolSize: 1,
  });
  try {
    await migrateToLatest(db);
    // One connection for every step: session_replication_role and the temp tables are the session's.
    return await db
      .connection()
      .execute((conn) =>
        seedAll(conn, counts, { vacuum: target.kind === 'postgres', catalogueOnly, quiet }),
      );
  } finally {
    await close();
  }
}

async function seedAll(
  db: Kysely<DB>,
  c: Counts,
  { vacuum, catalogueOnly, quiet }: { vacuum: boolean; catalogueOnly: boolean; quiet: boolean },
): Promise<StepTimes> {
  const times: StepTimes = [];
  const step = async (label: string, run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    const seconds = (performance.now() - t0) / 1000;
    times.push({ step: label, seconds });
    if (!quiet) console.log(`  ${label}: ${seconds.toFixed(1)} s`);
  };
  const d = db as Db;
  await sql`set session_replication_role = replica`.execute(d);
  await step('catalogue and users', () => seedCatalogue(d, c));
  if (catalogueOnly) {
    await step('carts and addresses', () => seedCartsAndAddresses(d, c));
    await sql`set session_replication_role = default`.execute(d);
    await sql.raw(vacuum ? 'vacuum analyze' : 'analyze').execute(d);
    return times;
  }
  await step('promotion tree', () => seedPromotionTree(d, c));
  await step('ledger accounts', () => seedLedgerAccounts(d, c));
  await step('orders and lines', () => seedOrders(d, c));
  // Statistics before the steps that join what was just loaded: without them the planner walks
  // order_item's primary key for each order's first line (minutes at SCALE=0.05).
  await step('analyze orders', () =>
    sql`analyze product, sku, app_user, shop_order, order_item`.execute(d),
  );
  await step('after-sales', () => seedAftersales(d, c));
  await step('postings', () => seedPostings(d, c));
  await step('commissions', () => seedCommissions(d));
  await step('sign-ins', () => seedSignins(d, c));
  await step('analyze postings', () =>
    sql`analyze refund, ledger_txn, ledger_entry, promo_user, commission`.execute(d),
  );
  await step('balances', () => settleBalances(d));
  await step('live rooms and gifts', () => seedLive(d, c));
  await step('coupons', () => seedCoupons(d, c));
  await step('chats', () => seedChats(d, c));
  await step('carts and addresses', () => seedCartsAndAddresses(d, c));
  await sql`set session_replication_role = default`.execute(d);
  await step('dashboard rollups', async () => {
    await backfillDashboard(d);
    await backfillBuyerCounts(d);
    await backfillFunnel(d);
  });
  await step(vacuum ? 'vacuum analyze' : 'analyze', () =>
    sql.raw(vacuum ? 'vacuum analyze' : 'analyze').execute(d),
  );
  return times;
}

/** Row counts of the seeded tables (what the report prints). */
export async function rowCounts(target: Target) {
  const { db, close } = await openDatabase<DB>({
    databaseUrl: target.url,
    pgliteDir: join(target.dataDir ?? '', 'pg'),
    poolSize: 1,
  });
  try {
    const tables = [
      'product',
      'sku',
      'app_user',
      'shop_order',
      'order_item',
      'payment',
      'ledger_entry',
      'refund',
      'im_message',
      'live_room',
      'live_gift_send',
      'user_coupon',
      'promo_user',
      'commission',
    ];
    const out: Record<string, number> = {};
    for (const t of tables) {
      const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(t)}`.execute(
        db,
      );
      out[t] = Number(r.rows[0]?.n);
    }
    const size = await sql<{
      b: number;
    }>`select pg_database_size(current_database())::bigint as b`.execute(db);
    return { rows: out, bytes: Number(size.rows[0]?.b) };
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scale = scaleArg();
  const target = await freshTarget(scale);
  const t0 = performance.now();
  console.log(`seeding SCALE=${scale} into ${target.kind} (${target.url ?? target.dataDir})`);
  await seedTarget(target, countsFor(scale));
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(JSON.stringify(await rowCounts(target)));
}
