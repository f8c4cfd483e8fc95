import { type PageOf, type ProductCard, SEARCH_HOT_FALLBACK } from '@chaopin/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../../test/helpers.ts';
import { seedDemo } from '../../../seed/seed.ts';

describe('search', () => {
  let t: TestApp;
  const db = () => t.app.deps.db;
  const get = <T>(url: string, token?: string) =>
    call<T>(t.app, { method: 'GET', url: `${API}/${url}`, ...(token ? { token } : {}) });
  const search = (keyword: string, extra = '', token?: string) =>
    get<PageOf<ProductCard>>(`search/goods?keyword=${encodeURIComponent(keyword)}${extra}`, token);
  const history = (token: string) => get<string[]>('search/history', token);
  const logCount = async () =>
    Number(
      (
        await db()
          .selectFrom('search_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A 3-character piece of a real on-shelf title, and the on-shelf ids whose title has it. */
  let word: string;
  let expectedIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.deps);
    const titles = await db().selectFrom('product').select(['id', 'title', 'status']).execute();
    const sample = titles.find((p) => p.status === 1)?.title.replace(/\s/g, '') ?? '';
    word = [...sample].slice(-3).join('');
    expectedIds = titles
      .filter((p) => p.status === 1 && p.title.toLowerCase().includes(word.toLowerCase()))
      .map((p) => p.id)
      .sort((a, b) => a - b);
  }, 120_000);
  afterAll(() => t?.close());

  it('offers the fallback hot list before anyone searched', async () => {
    const res = await get<string[]>('search/hot');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(SEARCH_HOT_FALLBACK);
  });

  it('finds exactly the on-shelf products whose title contains the keyword', async () => {
    expect(expectedIds.length).toBeGreaterThan(0);
    const res = await search(` ${word} `, '&pageSize=100&sort=priceDesc');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(expectedIds.length);
    expect(res.body.data.list.map((c) => c.id).sort((a, b) => a - b)).toEqual(expectedIds);
    const prices = res.body.data.list.map((c) => c.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const one = await search(word.slice(0, 1), '&pageSize=1');
    expect(one.body.data.total).toBeGreaterThanOrEqual(expectedIds.length);
  });

  it('matches LIKE wildcards literally', async () => {
    for (const kw of ['%', '_', '\\']) {
      const res = await search(kw);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(0);
    }
  });

  it.each([
    ['', 'KEYWORD_INVALID'],
    ['   ', 'KEYWORD_INVALID'],
    ['很'.repeat(31), 'KEYWORD_INVALID'],
  ])('rejects the keyword "%s" with 400 and logs nothing', async (kw, error) => {
    const before = await logCount();
    const res = await search(kw);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error, data: null });
    expect(await logCount()).toBe(before);
  });

  it('rejects a missing keyword and a bad sort', async () => {
    expect((await get('search/goods')).body.error).toBe('KEYWORD_INVALID');
    expect((await search(word, '&sort=cheap')).body.error).toBe('INVALID_PARAM');
    expect((await search(word, '&pageSize=500')).body.error).toBe('PAGE_INVALID');
  });

  it('uses the trigram index for title search on a realistically sized table', async () => {
    // 240 demo rows are cheaper to scan than to look up; with 30,000 more (rolled back after)
    // the planner's own choice for the search predicate is the pg_trgm GIN index.
    const rollback = new Error('rollback');
    let plan = '';
    await db()
      .transaction()
      .execute(async (trx) => {
        await sql`
          insert into product (store_id, category_id, title, main_image, price, origin_price, status)
          select p.store_id, p.category_id, '填充商品' || g || '号', p.main_image, 100, 100, 1
          from generate_series(1, 30000) g, (select * from product limit 1) p`.execute(trx);
        // What autovacuum does in the background: move GIN's pending entries into the index.
        await sql`select gin_clean_pending_list('product_title_trgm_idx')`.execute(trx);
        await sql`analyze product`.execute(trx);
        const rows = await trx
          .selectFrom('product as p')
          .select('p.id')
          .where('p.status', '=', 1)
          .where('p.title', 'ilike', `%${word}%`)
          .explain();
        plan = rows.map((row) => Object.values(row).join(' ')).join('\n');
        throw rollback;
      })
      .catch((err) => {
        if (err !== rollback) throw err;
      });
    expect(plan).toContain('product_title_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan/);
  }, 60_000);

  it('keeps each user a history of their own: deduplicated, newest first, at most 20', async () => {
    const a = await login(t.app);
    const b = await login(t.app);
    await search('连衣裙', '', a.token);
    await search('耳机', '', a.token);
    await search(' 连衣裙 ', '', a.token);
    await search('耳机', '&pageNum=2', a.token); // paging does not count as a new search
    expect((await history(a.token)).body.data).toEqual(['连衣裙', '耳机']);
    expect((await history(b.token)).body.data).toEqual([]);
    for (let i = 0; i < 25; i++) await search(`词${i}`, '', b.token);
    const kept = (await history(b.token)).body.data;
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe('词24');
    expect(kept.at(-1)).toBe('词5');
    const cleared = await call(t.app, {
      method: 'POST',
      url: `${API}/search/clearHistory`,
      token: b.token,
    });
    expect(cleared.status).toBe(200);
    expect((await history(b.token)).body.data).toEqual([]);
    expect((await history(a.token)).body.data).toEqual(['连衣裙', '耳机']);
  });

  it('needs a login for the history', async () => {
    expect((await get('search/history')).status).toBe(401);
    const res = await call(t.app, { method: 'POST', url: `${API}/search/clearHistory` });
    expect(res.body).toMatchObject({ code: 401, error: 'LOGIN_REQUIRED' });
  });

  it('ranks hot searches by people over the last 7 days', async () => {
    await get<string[]>('search/hot'); // earlier tests' anonymous searches are written first
    await db().deleteFrom('search_log').execute();
    const users = await Promise.all([login(t.app), login(t.app), login(t.app)]);
    for (const u of users) await search('羽绒服', '', u.token);
    for (const u of users.slice(0, 2)) await search('面膜', '', u.token);
    // One user repeating a keyword counts once.
    for (let i = 0; i < 5; i++) await search('刷榜', '', users[0]?.token);
    await search('旧词', '');
    // Anonymous searches are written in batches; reading the ranking writes what is pending.
    await get<string[]>('search/hot');
    await db()
      .updateTable('search_log')
      .set({ created_at: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where('keyword', '=', '旧词')
      .execute();
    const hot = (await get<string[]>('search/hot')).body.data;
    expect(hot.slice(0, 3)).toEqual(['羽绒服', '面膜', '刷榜']);
    expect(hot).not.toContain('旧词');
  });

  it('writes a flood of anonymous searches as one row per keyword, each search counted', async () => {
    await get<string[]>('search/hot'); // earlier tests' anonymous searches are written first
    await db().deleteFrom('search_log').execute();
    await Promise.all(Array.from({ length: 60 }, () => search('洪水词')));
    await Promise.all(Array.from({ length: 3 }, () => search('小众词')));
    const users = await Promise.all([login(t.app), login(t.app)]);
    for (const u of users) await search('小众词', '', u.token);
    await get<string[]>('search/hot'); // writes what is pending
    const rows = await db()
      .selectFrom('search_log')
      .select(['keyword', 'hits', 'user_id'])
      .where('user_id', 'is', null)
      .execute();
    expect(rows.length).toBeLessThanOrEqual(4); // a flush may split a burst in two, never more
    const hits = (k: string) => rows.filter((r) => r.keyword === k).reduce((s, r) => s + r.hits, 0);
    expect([hits('洪水词'), hits('小众词')]).toEqual([60, 3]);
    const hot = (await get<string[]>('search/hot')).body.data;
    expect(hot.slice(0, 2)).toEqual(['洪水词', '小众词']);
  });

  it('suggests up to 10 titles containing the text', async () => {
    const res = await get<string[]>(`search/suggest?keyword=${encodeURIComponent(word)}`);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    for (const s of res.body.data) expect(s.toLowerCase()).toContain(word.toLowerCase());
    const bad = await get('search/suggest?keyword=%20');
    expect(bad.body).toMatchObject({ code: 400, error: 'KEYWORD_INVALID' });
  });
});
