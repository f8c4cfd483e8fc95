import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.ts';
import { openDatabase } from './db.ts';
import { migrateToLatest } from './migrate.ts';

/** The columns migration 0023 adds or fills that the test reads back. */
interface Tables {
  home_popup: { title: string; audience: string };
  rule_page: { code: string; title: string; paragraphs: string[] };
}

describe('migration 0023', () => {
  it('adds the agreement and privacy pages, and marks the 新人 popup for new buyers', async () => {
    const { db, close } = await openDatabase<Tables>({ pgliteDir: 'memory://' });
    try {
      const older = Object.fromEntries(
        Object.entries(migrations).filter(([name]) => name < '0023'),
      );
      const migrator = new Migrator({ db, provider: { getMigrations: async () => older } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await sql`insert into home_popup (title, image, link, starts_at, ends_at) values
        ('新人专享', '/a.svg', '/', now(), now() + interval '1 day'),
        ('双11狂欢', '/b.svg', '/', now(), now() + interval '1 day')`.execute(db);

      expect(await migrateToLatest(db)).toContain('0023_agreement_privacy_popup_audience');
      const popups = await db
        .selectFrom('home_popup')
        .select(['title', 'audience'])
        .orderBy('title')
        .execute();
      expect(popups).toEqual([
        { title: '双11狂欢', audience: 'all' },
        { title: '新人专享', audience: 'new' },
      ]);
      const rules = await db
        .selectFrom('rule_page')
        .select(['code', 'title', 'paragraphs'])
        .where('code', 'in', ['agreement', 'privacy'])
        .orderBy('code')
        .execute();
      expect(rules.map((r) => [r.code, r.title])).toEqual([
        ['agreement', '用户协议'],
        ['privacy', '隐私政策'],
      ]);
      for (const rule of rules) expect(rule.paragraphs.length).toBeGreaterThan(20);
    } finally {
      await close();
    }
  }, 120_000);
});
