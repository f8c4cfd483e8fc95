import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { refreshEmbeddedStats } from './embedded-stats.ts';

describe('planner statistics on the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Only embedded databases get it (PostgreSQL runs autovacuum; its test database is shared).
  it('analyzes every table, one statement each, soon after it starts', async (ctx) => {
    if (t.app.deps.dbKind !== 'pglite') return ctx.skip();
    const { db } = t.app.deps;
    const errors: unknown[] = [];
    const stop = refreshEmbeddedStats(db, 50, (err) => errors.push(err));
    const analyzed = async () => {
      const r = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_user_tables
        where coalesce(last_analyze, last_autoanalyze) is null`.execute(db);
      return r.rows[0]?.n;
    };
    const deadline = Date.now() + 10_000;
    while ((await analyzed()) !== 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await stop();
    expect(errors).toEqual([]);
    expect(await analyzed()).toBe(0);
  });
});
