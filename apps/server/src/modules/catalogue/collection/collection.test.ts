import type {
  ChangedCount,
  CollectedProduct,
  FollowedStore,
  FootprintDay,
  PageOf,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, type TestApp } from '../../../../test/helpers.ts';
import { seedDemo } from '../../../seed/seed.ts';

describe('collection, browse and focus', () => {
  let t: TestApp;
  let a: string;
  let b: string;
  let products: number[];
  let offShelf: number;
  let stores: number[];
  const db = () => t.app.deps.db;
  const get = <T>(url: string, token?: string) =>
    call<T>(t.app, { method: 'GET', url: `${API}/${url}`, ...(token ? { token } : {}) });
  const post = <T>(url: string, token: string | undefined, body: Record<string, string | number>) =>
    call<T>(t.app, {
      method: 'POST',
      url: `${API}/${url}`,
      ...(token ? { token } : {}),
      ...form(body),
    });
  const postJson = <T>(url: string, token: string, payload: unknown) =>
    call<T>(t.app, { method: 'POST', url: `${API}/${url}`, token, payload: payload as object });
  const rows = (table: 'product_favorite' | 'product_footprint' | 'store_follow') =>
    db().selectFrom(table).selectAll().execute();
  const view = (id: number, token: string) => get(`goods/detail?id=${id}`, token);

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.deps);
    a = (await login(t.app)).token;
    b = (await login(t.app)).token;
    const all = await db().selectFrom('product').select(['id', 'status']).orderBy('id').execute();
    products = all
      .filter((p) => p.status === 1)
      .map((p) => p.id)
      .slice(0, 5);
    offShelf = all.find((p) => p.status === 0)?.id ?? 0;
    stores = (await db().selectFrom('store').select('id').orderBy('id').execute()).map((s) => s.id);
  }, 120_000);
  afterAll(() => t?.close());

  describe('collection', () => {
    it('needs a login', async () => {
      expect(
        (await post('collection/add', undefined, { productId: products[0] ?? 0 })).status,
      ).toBe(401);
      expect((await get('collection/list')).status).toBe(401);
      expect((await rows('product_favorite')).length).toBe(0);
    });

    it('adds idempotently and lists newest first', async () => {
      for (const id of products.slice(0, 3)) {
        expect((await post('collection/add', a, { productId: id })).status).toBe(200);
        await new Promise((r) => setTimeout(r, 3));
      }
      expect((await post('collection/add', a, { productId: products[0] ?? 0 })).status).toBe(200);
      expect((await rows('product_favorite')).length).toBe(3);
      const res = await get<PageOf<CollectedProduct>>('collection/list', a);
      expect(res.body.data.total).toBe(3);
      expect(res.body.data.list.map((p) => p.id)).toEqual(products.slice(0, 3).reverse());
      expect(res.body.data.list.every((p) => !p.invalid)).toBe(true);
      const page2 = await get<PageOf<CollectedProduct>>('collection/list?pageNum=2&pageSize=2', a);
      expect(page2.body.data.list.map((p) => p.id)).toEqual([products[0]]);
      expect((await get<PageOf<CollectedProduct>>('collection/list', b)).body.data.total).toBe(0);
    });

    it('keeps a product that went off shelf, marked invalid', async () => {
      const id = products[1] ?? 0;
      await db().updateTable('product').set({ status: 0 }).where('id', '=', id).execute();
      const res = await get<PageOf<CollectedProduct>>('collection/list', a);
      expect(res.body.data.list.find((p) => p.id === id)?.invalid).toBe(true);
      await db().updateTable('product').set({ status: 1 }).where('id', '=', id).execute();
    });

    it('refuses off-shelf, unknown and malformed products, writing nothing', async () => {
      const before = (await rows('product_favorite')).length;
      for (const [productId, status, error] of [
        [offShelf, 404, 'PRODUCT_NOT_FOUND'],
        [999_999, 404, 'PRODUCT_NOT_FOUND'],
        ['abc', 400, 'INVALID_PARAM'],
        [0, 400, 'INVALID_PARAM'],
      ] as const) {
        const res = await post('collection/add', a, { productId });
        expect(res.status).toBe(status);
        expect(res.body.error).toBe(error);
      }
      expect((await post('collection/add', a, {})).status).toBe(400);
      expect((await rows('product_favorite')).length).toBe(before);
    });

    it("removes in batch, only the caller's own", async () => {
      await post('collection/add', b, { productId: products[0] ?? 0 });
      const ids = products.slice(0, 2).join(',');
      const byB = await post<ChangedCount>('collection/remove', b, { productIds: ids });
      expect(byB.body.data.count).toBe(1);
      const byA = await post<ChangedCount>('collection/remove', a, { productIds: ids });
      expect(byA.body.data.count).toBe(2);
      const json = await postJson<ChangedCount>('collection/remove', a, {
        productIds: [products[2]],
      });
      expect(json.body.data.count).toBe(1);
      expect((await rows('product_favorite')).length).toBe(0);
    });

    it.each([['a,b'], [''], [','], ['1,,2'], ['99999999999']])(
      'rejects the id list "%s"',
      async (productIds) => {
        const res = await post('collection/remove', a, { productIds });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('IDS_INVALID');
      },
    );
  });

  describe('browse (footprints)', () => {
    it('groups footprints by day, newest first, per user', async () => {
      for (const id of products.slice(0, 3)) {
        await view(id, a);
        await new Promise((r) => setTimeout(r, 3));
      }
      await view(products[3] ?? 0, b);
      // Move the first view to yesterday.
      const yesterday = new Date(Date.now() - 24 * 3600_000);
      const day = new Date(yesterday.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      await db()
        .updateTable('product_footprint')
        .set({ day, viewed_at: yesterday })
        .where('product_id', '=', products[0] ?? 0)
        .execute();
      const res = await get<PageOf<FootprintDay>>('browse/list', a);
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(3);
      const days = res.body.data.list;
      expect(days).toHaveLength(2);
      expect(days[0]?.items.map((i) => i.id)).toEqual([products[2], products[1]]);
      expect(days[1]).toMatchObject({ date: day });
      expect(days[1]?.items.map((i) => i.id)).toEqual([products[0]]);
      expect((days[0]?.date ?? '') > day).toBe(true);
      const mine = (await get<PageOf<FootprintDay>>('browse/list', b)).body.data;
      expect(mine.list.flatMap((d) => d.items.map((i) => i.id))).toEqual([products[3]]);
    });

    it("deletes only the caller's footprints, then clears", async () => {
      const list = (await get<PageOf<FootprintDay>>('browse/list', a)).body.data.list;
      const ids = list.flatMap((d) => d.items.map((i) => i.footprintId));
      const bIds = (await get<PageOf<FootprintDay>>('browse/list', b)).body.data.list.flatMap((d) =>
        d.items.map((i) => i.footprintId),
      );
      const byB = await post<ChangedCount>('browse/delete', b, { ids: ids.join(',') });
      expect(byB.body.data.count).toBe(0);
      const one = await post<ChangedCount>('browse/delete', a, { ids: String(ids[0]) });
      expect(one.body.data.count).toBe(1);
      expect((await post('browse/delete', a, { ids: 'x' })).body.error).toBe('IDS_INVALID');
      const cleared = await call<ChangedCount>(t.app, {
        method: 'POST',
        url: `${API}/browse/clear`,
        token: a,
      });
      expect(cleared.body.data.count).toBe(2);
      expect((await get<PageOf<FootprintDay>>('browse/list', a)).body.data).toMatchObject({
        total: 0,
        list: [],
      });
      const left = (await rows('product_footprint')).map((r) => r.id);
      expect(left).toEqual(bIds);
      expect((await call(t.app, { method: 'POST', url: `${API}/browse/clear` })).status).toBe(401);
    });
  });

  describe('focus (followed stores)', () => {
    it('follows idempotently, lists, and unfollows; per user', async () => {
      const [s1 = 0, s2 = 0] = stores;
      expect((await post('focus/add', a, { storeId: s1 })).status).toBe(200);
      expect((await post('focus/add', a, { storeId: s1 })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3));
      expect((await post('focus/add', a, { storeId: s2 })).status).toBe(200);
      expect((await rows('store_follow')).length).toBe(2);
      const list = (await get<PageOf<FollowedStore>>('focus/list', a)).body.data;
      expect(list.list.map((s) => s.id)).toEqual([s2, s1]);
      expect(list.list[0]).toMatchObject({ followerCount: 1 });
      expect((await get<PageOf<FollowedStore>>('focus/list', b)).body.data.total).toBe(0);
      expect((await post<ChangedCount>('focus/remove', b, { storeId: s1 })).body.data.count).toBe(
        0,
      );
      expect((await post<ChangedCount>('focus/remove', a, { storeId: s1 })).body.data.count).toBe(
        1,
      );
      expect(
        (await get<PageOf<FollowedStore>>('focus/list', a)).body.data.list.map((s) => s.id),
      ).toEqual([s2]);
    });

    it('refuses unknown and malformed stores, writing nothing', async () => {
      const before = (await rows('store_follow')).length;
      const unknown = await post('focus/add', a, { storeId: 999_999 });
      expect(unknown.body).toMatchObject({ code: 404, error: 'STORE_NOT_FOUND' });
      expect((await post('focus/add', a, { storeId: 'x' })).status).toBe(400);
      expect((await post('focus/add', undefined, { storeId: stores[0] ?? 0 })).status).toBe(401);
      expect((await rows('store_follow')).length).toBe(before);
    });
  });
});
