import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/** Shards of the per-day buyer counts (a buyer's row is user_id % SHARDS): as rollup.repo.ts. */
const SHARDS = 16;

/**
 * The dashboard's distinct buyers as counters (bench/dashboard: the platform's 30-day paying users
 * counted from dash_buyer were 95 ms p50 embedded at 1,000,000 orders):
 * - dash_day_buyers: a day's distinct buyers (the fresh dash_buyer_day rows, counted as they come);
 * - dash_last_day: how many buyers' LAST payment is on each day, so a period ending today counts
 *   its paying users from at most 30 days of rows.
 * Both in 16 shards by buyer (a row per store, day and shard): store 0's row of the day would
 * otherwise be one row every payment locks. Filled from the rollups 0050 keeps.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table dash_day_buyers (
      store_id integer not null,
      day date not null,
      shard smallint not null,
      buyers integer not null default 0,
      primary key (store_id, day, shard)
    );

    create table dash_last_day (
      store_id integer not null,
      day date not null,
      shard smallint not null,
      buyers integer not null default 0,
      primary key (store_id, day, shard)
    );
    `,
  );
  await backfillBuyerCounts(db);
}

/**
 * Counts dash_buyer_day and dash_buyer into the two counters, replacing what they held. Exported
 * for bench/dashboard and the dashboard test, which run it after 0050's backfillDashboard.
 */
export async function backfillBuyerCounts<T>(db: Kysely<T>): Promise<void> {
  await runScript(
    db,
    `
    delete from dash_day_buyers;
    insert into dash_day_buyers (store_id, day, shard, buyers)
    select store_id, day, user_id % ${SHARDS}, count(*) from dash_buyer_day group by 1, 2, 3;

    delete from dash_last_day;
    insert into dash_last_day (store_id, day, shard, buyers)
    select store_id, last_day, user_id % ${SHARDS}, count(*) from dash_buyer group by 1, 2, 3;
    `,
  );
}
