import type { PageOf, ProductCard, ProductDetail, StoreDetail } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, type TestApp } from '../../../../test/helpers.ts';
import { seedDemo } from '../../../seed/seed.ts';
import { specAxes } from './spec-axes.ts';

describe('goods detail and store pages', () => {
  let t: TestApp;
  const db = () => t.app.deps.db;
  const get = <T>(url: string, token?: string) =>
    call<T>(t.app, { method: 'GET', url: `${API}/${url}`, ...(token ? { token } : {}) });
  const footprints = (productId: number) =>
    db().selectFrom('product_footprint').selectAll().where('product_id', '=', productId).execute();

  let onShelf: { id: number; store_id: number };
  let offShelf: number;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.deps);
    // A product whose SKUs vary along two axes.
    const two = await db()
      .selectFrom('sku')
      .innerJoin('product', 'product.id', 'sku.product_id')
      .select(['product.id', 'product.store_id'])
      .where('product.status', '=', 1)
      .where('sku.name', 'like', '% / %')
      .orderBy('product.id')
      .executeTakeFirstOrThrow();
    onShelf = two;
    offShelf = (
      await db()
        .selectFrom('product')
        .select('id')
        .where('status', '=', 0)
        .executeTakeFirstOrThrow()
    ).id;
  }, 120_000);
  afterAll(() => t?.close());

  describe('goods/detail', () => {
    it('shows the product, its SKUs, picker axes, stock and store card', async () => {
      const res = await get<ProductDetail>(`goods/detail?id=${onShelf.id}`);
      expect(res.status).toBe(200);
      const d = res.body.data;
      const skus = await db()
        .selectFrom('sku')
        .selectAll()
        .where('product_id', '=', onShelf.id)
        .orderBy('id')
        .execute();
      expect(d.skus.map((s) => s.id)).toEqual(skus.map((s) => s.id));
      expect(d.stock).toBe(skus.reduce((n, s) => n + s.stock, 0));
      expect(d.images.length).toBeGreaterThanOrEqual(3);
      expect(d.evaluation).toEqual({ count: 0, goodRate: 100 });
      expect(d.isCollected).toBe(false);
      expect(Number.isInteger(d.price) && Number.isInteger(d.originPrice)).toBe(true);
      // Axes follow the SKU names' order, and list every value used.
      expect(d.specAxes).toHaveLength(2);
      for (const s of d.skus) {
        expect(d.specAxes.map((a) => s.specs[a.name]).join(' / ')).toBe(s.name);
        for (const a of d.specAxes) expect(a.values).toContain(s.specs[a.name]);
      }
      const count = await db()
        .selectFrom('product')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', onShelf.store_id)
        .where('status', '=', 1)
        .executeTakeFirstOrThrow();
      expect(d.store).toMatchObject({ id: onShelf.store_id, productCount: Number(count.n) });
      expect(Object.keys(d.store).sort()).toEqual(['id', 'logo', 'name', 'productCount', 'score']);
      // An anonymous view leaves no footprint.
      expect(await footprints(onShelf.id)).toHaveLength(0);
    });

    it('flags a prescription-only product (处方药) and no other', async () => {
      // Another product than the other tests', so its detail is not cached yet.
      const rx = await db()
        .selectFrom('product')
        .select('id')
        .where('status', '=', 1)
        .where('id', '!=', onShelf.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      await db().updateTable('product').set({ rx: true }).where('id', '=', rx.id).execute();
      expect((await get<ProductDetail>(`goods/detail?id=${rx.id}`)).body.data.rx).toBe(true);
      expect((await get<ProductDetail>(`goods/detail?id=${onShelf.id}`)).body.data.rx).toBe(false);
    });

    it('records one footprint per product and day for a signed-in viewer', async () => {
      const { token } = await login(t.app);
      const first = await get<ProductDetail>(`goods/detail?id=${onShelf.id}`, token);
      expect(first.status).toBe(200);
      const [row] = await footprints(onShelf.id);
      await new Promise((r) => setTimeout(r, 5));
      await get(`goods/detail?id=${onShelf.id}`, token);
      const rows = await footprints(onShelf.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.viewed_at.getTime()).toBeGreaterThan(row?.viewed_at.getTime() ?? 0);
    });

    it('marks a product the viewer collected', async () => {
      const { token } = await login(t.app);
      await call(t.app, {
        method: 'POST',
        url: `${API}/collection/add`,
        token,
        ...form({ productId: onShelf.id }),
      });
      expect(
        (await get<ProductDetail>(`goods/detail?id=${onShelf.id}`, token)).body.data.isCollected,
      ).toBe(true);
      const other = await login(t.app);
      expect(
        (await get<ProductDetail>(`goods/detail?id=${onShelf.id}`, other.token)).body.data
          .isCollected,
      ).toBe(false);
    });

    it('answers 404 for an off-shelf or unknown product, without a footprint', async () => {
      const { token } = await login(t.app);
      for (const id of [offShelf, 999_999]) {
        const res = await get(`goods/detail?id=${id}`, token);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 404, error: 'PRODUCT_NOT_FOUND', data: null });
        expect(await footprints(id)).toHaveLength(0);
      }
    });

    it.each(['', 'id=abc', 'id=0', 'id=1.5', 'id=3000000000'])(
      'rejects "%s" with 400',
      async (q) => {
        const res = await get(`goods/detail?${q}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 400, error: 'INVALID_PARAM' });
      },
    );
  });

  it('orders picker axes by SKU names, whatever the key order of the specs', () => {
    const skus = [
      { name: '红色 / M', specs: { 尺码: 'M', 颜色: '红色' } },
      { name: '黑色 / L', specs: { 尺码: 'L', 颜色: '黑色' } },
      { name: '红色 / L', specs: { 颜色: '红色', 尺码: 'L' } },
    ];
    expect(specAxes(skus)).toEqual([
      { name: '颜色', values: ['红色', '黑色'] },
      { name: '尺码', values: ['M', 'L'] },
    ]);
    expect(specAxes([{ name: '默认', specs: {} }])).toEqual([]);
  });

  describe('store', () => {
    it('shows a store with its counts, and whether the viewer follows it', async () => {
      const { token } = await login(t.app);
      const before = await get<StoreDetail>(`store/detail?id=${onShelf.store_id}`, token);
      expect(before.status).toBe(200);
      expect(before.body.data).toMatchObject({ id: onShelf.store_id, isFollowed: false });
      const followers = before.body.data.followerCount;
      await call(t.app, {
        method: 'POST',
        url: `${API}/focus/add`,
        token,
        ...form({ storeId: onShelf.store_id }),
      });
      const after = await get<StoreDetail>(`store/detail?id=${onShelf.store_id}`, token);
      expect(after.body.data).toMatchObject({ isFollowed: true, followerCount: followers + 1 });
      const anonymous = await get<StoreDetail>(`store/detail?id=${onShelf.store_id}`);
      expect(anonymous.body.data).toMatchObject({
        isFollowed: false,
        followerCount: followers + 1,
      });
    });

    it('pages the store goods: only its on-shelf products', async () => {
      const res = await get<PageOf<ProductCard>>(
        `store/goods?storeId=${onShelf.store_id}&pageSize=100&sort=priceAsc`,
      );
      expect(res.status).toBe(200);
      const ids = (
        await db()
          .selectFrom('product')
          .select('id')
          .where('store_id', '=', onShelf.store_id)
          .where('status', '=', 1)
          .execute()
      ).map((r) => r.id);
      expect(res.body.data.total).toBe(ids.length);
      expect(res.body.data.list.map((c) => c.id).sort((a, b) => a - b)).toEqual(
        ids.sort((a, b) => a - b),
      );
      const prices = res.body.data.list.map((c) => c.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
    });

    it('answers 404 for an unknown store and 400 for a bad id', async () => {
      for (const url of ['store/detail?id=999999', 'store/goods?storeId=999999']) {
        const res = await get(url);
        expect(res.status).toBe(404);
        expect(res.body.error).toBe('STORE_NOT_FOUND');
      }
      for (const url of ['store/detail?id=x', 'store/goods?storeId=0', 'store/goods']) {
        expect((await get(url)).status).toBe(400);
      }
    });
  });
});
