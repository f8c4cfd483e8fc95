import { type Kysely, sql } from 'kysely';
import { Periodic } from './periodic.ts';

/** The first refresh waits this long: startup and short-lived test apps never pay for it. */
const FIRST_AFTER_MS = 30_000;

/**
 * PGlite runs no autovacuum, so the planner never gets statistics and guesses: a promoter's
 * 100,000-member team was taken for 226 rows and walked by 100,000 index lookups (bench/team,
 * docs/BENCHMARKS.md). ANALYZE samples each table (a bounded cost whatever its size); it runs
 * once soon after startup, then every `intervalMs`. Returns the stop function.
 */
export function refreshEmbeddedStats<T>(
  db: Kysely<T>,
  intervalMs: number,
  onError: (err: unknown) => void,
): () => Promise<void> {
  // One table at a time: each ANALYZE is its own statement, so requests queued on the single
  // connection run between tables instead of waiting for the whole database (a stall of
  // seconds on a big install).
  const analyze = async () => {
    const tables = await sql<{ name: string }>`
      select quote_ident(schemaname) || '.' || quote_ident(relname) as name
      from pg_stat_user_tables order by relname`.execute(db);
    for (const { name } of tables.rows) await sql`analyze ${sql.raw(name)}`.execute(db);
  };
  const periodic = new Periodic(analyze, intervalMs, onError);
  let first: Promise<unknown> | undefined;
  const timer = setTimeout(
    () => {
      first = analyze().catch(onError);
      periodic.start();
    },
    Math.min(FIRST_AFTER_MS, intervalMs),
  );
  timer.unref();
  return async () => {
    clearTimeout(timer);
    await periodic.stop();
    await first;
  };
}
