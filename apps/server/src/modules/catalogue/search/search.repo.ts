import { sql } from 'kysely';
import { escapeLike, ON_SHELF } from '../browse/catalogue.repo.ts';
import type { CatalogueDb } from '../catalogue.tables.ts';

/** SQL for search: per-user history, the log behind hot searches, and suggestions. */
export class SearchRepo {
  constructor(private readonly db: CatalogueDb) {}

  /** Records a search: the log row, and for a signed-in user the history kept to `keep` entries. */
  /** Anonymous searches, written in batches (see SearchLogBuffer). */
  /** Anonymous searches since the last flush: one row per keyword with its count. */
  async insertLogs(counts: ReadonlyMap<string, number>): Promise<void> {
    if (counts.size === 0) return;
    await this.db
      .insertInto('search_log')
      .values([...counts].map(([keyword, hits]) => ({ keyword, user_id: null, hits })))
      .execute();
  }

  async record(keyword: string, userId: number | undefined, keep: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('search_log')
        .values({ keyword, user_id: userId ?? null })
        .execute();
      if (userId === undefined) return;
      await trx
        .insertInto('search_history')
        .values({ user_id: userId, keyword })
        .onConflict((oc) =>
          oc.columns(['user_id', 'keyword']).doUpdateSet({ searched_at: sql`now()` }),
        )
        .execute();
      await trx
        .deleteFrom('search_history')
        .where('user_id', '=', userId)
        .where('keyword', 'not in', (eb) =>
          eb
            .selectFrom('search_history')
            .select('keyword')
            .where('user_id', '=', userId)
            .orderBy('searched_at', 'desc')
            .orderBy('keyword')
            .limit(keep),
        )
        .execute();
    });
  }

  async history(userId: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('search_history')
      .select('keyword')
      .where('user_id', '=', userId)
      .orderBy('searched_at', 'desc')
      .orderBy('keyword')
      .limit(limit)
      .execute();
    return rows.map((r) => r.keyword);
  }

  async clearHistory(userId: number): Promise<number> {
    const res = await this.db
      .deleteFrom('search_history')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** The most searched keywords since `since`, counting each user (or anonymous search) once. */
  async hot(since: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('search_log')
      .select([
        'keyword',
        // A signed-in user counts once however often they search; each anonymous search counts.
        sql<number>`count(distinct user_id) + coalesce(sum(hits) filter (where user_id is null), 0)`.as(
          'searches',
        ),
      ])
      .where('created_at', '>=', since)
      .groupBy('keyword')
      .orderBy('searches', 'desc')
      .orderBy('keyword')
      .limit(limit)
      .execute();
    return rows.map((r) => r.keyword);
  }

  /** Titles of on-shelf products containing the text, best sellers first. */
  async titlesContaining(text: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('product')
      .select('title')
      .where('status', '=', ON_SHELF)
      .where('title', 'ilike', `%${escapeLike(text)}%`)
      .groupBy('title')
      .orderBy(sql`max(sales)`, 'desc')
      .orderBy('title')
      .limit(limit)
      .execute();
    return rows.map((r) => r.title);
  }

  /** Searched keywords (last `since`) containing the text, most searched first. */
  async keywordsContaining(text: string, since: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('search_log')
      .select('keyword')
      .where('created_at', '>=', since)
      .where('keyword', 'ilike', `%${escapeLike(text)}%`)
      .groupBy('keyword')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('keyword')
      .limit(limit)
      .execute();
    return rows.map((r) => r.keyword);
  }
}
