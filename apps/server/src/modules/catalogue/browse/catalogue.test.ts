import type { Banner, CategoryNode, MenuEntry, PageOf, ProductCard } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { seedDemo } from '../../../seed/seed.ts';
import { seedRxDrugs } from '../../../seed/seed-rx-drugs.ts';

describe('catalogue', () => {
  let t: TestApp;
  const db = () => t.app.deps.db;
  const get = <T>(url: string) => call<T>(t.app, { method: 'GET', url: `${API}/${url}` });
  const list = (query: string) => get<PageOf<ProductCard>>(`goods/list?${query}`);

  /** Every product of a listing, walking the pages. */
  async function listAll(query: string): Promise<ProductCard[]> {
    const all: ProductCard[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const res = await list(`${query}&pageSize=100&pageNum=${pageNum}`);
      expect(res.status).toBe(200);
      all.push(...res.body.data.list);
      if (res.body.data.list.length < 100) return all;
    }
  }

  const onShelfIds = async (categoryIds?: number[]) => {
    let q = db().selectFrom('product').select('id').where('status', '=', 1);
    if (categoryIds) q = q.where('category_id', 'in', categoryIds);
    return (await q.execute()).map((r) => r.id).sort((a, b) => a - b);
  };
  const sortedIds = (cards: ProductCard[]) => cards.map((c) => c.id).sort((a, b) => a - b);

  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_MS: '0' });
    await seedDemo(t.app.deps);
  }, 120_000);
  afterAll(() => t?.close());

  describe('home', () => {
    it('lists enabled banners in order, exposing only the contract fields', async () => {
      const res = await get<Banner[]>('home/banner');
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(1);
      expect(res.body.data).toHaveLength(4);
      for (const b of res.body.data) {
        expect(Object.keys(b).sort()).toEqual(['id', 'image', 'link', 'title']);
        expect(b.link).toMatch(/^\/pages\/homeClassify\/homeClassify\?id=\d+$/);
      }
      const first = res.body.data[0];
      await db()
        .updateTable('banner')
        .set({ enabled: false })
        .where('id', '=', first?.id ?? 0)
        .execute();
      const after = await get<Banner[]>('home/banner');
      expect(after.body.data.map((b) => b.id)).toEqual(res.body.data.slice(1).map((b) => b.id));
      await db()
        .updateTable('banner')
        .set({ enabled: true })
        .where('id', '=', first?.id ?? 0)
        .execute();
    });

    it('lists menu entries that open first-level categories', async () => {
      const res = await get<MenuEntry[]>('home/menu');
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeGreaterThanOrEqual(8);
      const tops = await db()
        .selectFrom('category')
        .select('id')
        .where('parent_id', 'is', null)
        .execute();
      const topIds = new Set(tops.map((c) => c.id));
      for (const m of res.body.data) {
        expect(Object.keys(m).sort()).toEqual(['icon', 'id', 'link', 'name']);
        expect(topIds.has(Number(m.link.split('?id=')[1]))).toBe(true);
      }
    });

    it('gives the two-level category tree in display order', async () => {
      const res = await get<CategoryNode[]>('home/classification');
      expect(res.status).toBe(200);
      expect(res.body.data.map((c) => c.name)).toEqual([
        '女装',
        '男装',
        '美妆护肤',
        '食品生鲜',
        '数码家电',
        '家居日用',
        '母婴玩具',
        '运动户外',
      ]);
      for (const node of res.body.data) {
        expect(node.children.length).toBeGreaterThanOrEqual(4);
        expect(node.children.length).toBeLessThanOrEqual(6);
        expect(Object.keys(node.children[0] ?? {}).sort()).toEqual(['icon', 'id', 'name']);
      }
    });
  });

  describe('goods/list', () => {
    it('pages on-shelf products with defaults of page 1 and 10 per page', async () => {
      const res = await list('');
      expect(res.status).toBe(200);
      const total = (await onShelfIds()).length;
      expect(res.body.data).toMatchObject({ total, pageNum: 1, pageSize: 10 });
      expect(res.body.data.list).toHaveLength(10);
      const card = res.body.data.list[0];
      expect(Object.keys(card ?? {}).sort()).toEqual(
        ['id', 'image', 'originPrice', 'price', 'sales', 'storeId', 'storeName', 'title'].sort(),
      );
      expect(card?.storeName).toBeTruthy();
    });

    it('walks every page once: no overlap, no gap, and never an off-shelf product', async () => {
      const pages: number[] = [];
      let total = 0;
      for (let pageNum = 1; pageNum <= 20; pageNum++) {
        const res = await list(`pageNum=${pageNum}&pageSize=17`);
        total = res.body.data.total;
        expect(res.body.data.pageNum).toBe(pageNum);
        pages.push(...res.body.data.list.map((c) => c.id));
      }
      expect(new Set(pages).size).toBe(pages.length);
      expect(pages.sort((a, b) => a - b)).toEqual(await onShelfIds());
      expect(total).toBe(pages.length);
      const offShelf = await db()
        .selectFrom('product')
        .select('id')
        .where('status', '=', 0)
        .execute();
      expect(offShelf.length).toBeGreaterThan(0);
      const listed = new Set(pages);
      for (const p of offShelf) expect(listed.has(p.id)).toBe(false);
    });

    it('answers an empty page past the end, with the real total', async () => {
      const res = await list('pageNum=999&pageSize=100');
      expect(res.status).toBe(200);
      expect(res.body.data.list).toEqual([]);
      expect(res.body.data.total).toBe((await onShelfIds()).length);
    });

    it('filters by category: a first-level one includes its children', async () => {
      const tree = (await get<CategoryNode[]>('home/classification')).body.data;
      const top = tree[2] as CategoryNode;
      const childIds = top.children.map((c) => c.id);
      const fromTop = await listAll(`categoryId=${top.id}`);
      expect(fromTop.length).toBeGreaterThan(0);
      expect(sortedIds(fromTop)).toEqual(await onShelfIds(childIds));
      const leaf = top.children[0]?.id ?? 0;
      const fromLeaf = await listAll(`categoryId=${leaf}`);
      expect(fromLeaf.length).toBeGreaterThan(0);
      expect(sortedIds(fromLeaf)).toEqual(await onShelfIds([leaf]));
      const total = (await list(`categoryId=${top.id}`)).body.data.total;
      expect(total).toBe(fromTop.length);
    });

    it.each(['999999', '2147483647'])(
      'answers an empty page for the unknown category %s',
      async (categoryId) => {
        const res = await list(`categoryId=${categoryId}`);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 10 });
      },
    );

    const createdAt = async () => {
      const rows = await db().selectFrom('product').select(['id', 'created_at']).execute();
      return new Map(rows.map((r) => [r.id, r.created_at.getTime()]));
    };
    type Compare = (a: ProductCard, b: ProductCard, created: Map<number, number>) => number;
    const orders: Record<string, Compare> = {
      default: (a, b) => b.id - a.id,
      sales: (a, b) => b.sales - a.sales || b.id - a.id,
      priceAsc: (a, b) => a.price - b.price || a.id - b.id,
      priceDesc: (a, b) => b.price - a.price || b.id - a.id,
      new: (a, b, c) => (c.get(b.id) ?? 0) - (c.get(a.id) ?? 0) || b.id - a.id,
    };
    for (const [sort, compare] of Object.entries(orders)) {
      it(`sorts by ${sort}, ties broken by id`, async () => {
        const created = await createdAt();
        const cards = await listAll(`sort=${sort}`);
        expect(cards.length).toBe((await onShelfIds()).length);
        const expected = [...cards].sort((a, b) => compare(a, b, created));
        expect(cards.map((c) => c.id)).toEqual(expected.map((c) => c.id));
      });
    }

    it.each([
      ['pageSize=0', 'PAGE_INVALID'],
      ['pageSize=101', 'PAGE_INVALID'],
      ['pageNum=-1', 'PAGE_INVALID'],
      ['pageNum=0', 'PAGE_INVALID'],
      ['pageNum=abc', 'PAGE_INVALID'],
      ['sort=bogus', 'INVALID_PARAM'],
      ['categoryId=abc', 'INVALID_PARAM'],
      ['categoryId=0', 'INVALID_PARAM'],
      ['categoryId=1.5', 'INVALID_PARAM'],
      ['categoryId=3000000000', 'INVALID_PARAM'],
      ['categoryId=99999999999999999999', 'INVALID_PARAM'],
      ['pageNum=1e20', 'PAGE_INVALID'],
    ])('rejects %s with a 400 envelope', async (query, error) => {
      const res = await list(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error, data: null });
      expect(res.body.msg).toBeTruthy();
    });
  });

  it('leaves 处方药 out of the general feed; their category and a search still list them', async () => {
    expect(await seedRxDrugs(t.app)).toBe(3);
    const rx = await db()
      .selectFrom('product')
      .select(['id', 'category_id'])
      .where('rx', '=', true)
      .execute();
    const rxIds = new Set(rx.map((r) => r.id));
    const feed = await listAll('sort=priceAsc');
    expect(feed.length).toBeGreaterThan(0);
    expect(feed.filter((c) => rxIds.has(c.id))).toEqual([]);
    expect(feed.length).toBe((await onShelfIds()).length - rx.length);
    const own = await listAll(`categoryId=${rx[0]?.category_id}`);
    expect(sortedIds(own)).toEqual([...rxIds].sort((a, b) => a - b));
    const found = await get<PageOf<ProductCard>>(
      `search/goods?keyword=${encodeURIComponent('阿莫西林胶囊')}&pageNum=1&pageSize=10`,
    );
    expect(found.body.data.list.some((c) => rxIds.has(c.id))).toBe(true);
    // Their box pictures are served as pictures (only seed/ SVGs are served inline).
    const image = found.body.data.list.find((c) => rxIds.has(c.id))?.image ?? '';
    const picture = await t.app.inject({ method: 'GET', url: image });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/svg+xml');
    // Its category is the last tab, not the first a shopper lands on.
    const tree = (await get<CategoryNode[]>('home/classification')).body.data;
    expect(tree.at(-1)?.name).toBe('处方药');
  });

  it('answers unknown routes with the 404 envelope', async () => {
    for (const [method, url] of [
      ['GET', `${API}/goods/nope`],
      ['GET', `${API}/home/nope`],
      ['POST', `${API}/goods/list`],
    ] as const) {
      const res = await call(t.app, { method, url });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, error: 'ROUTE_NOT_FOUND', data: null });
    }
  });
});
