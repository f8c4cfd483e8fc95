import type { ShareData } from '@chaopin/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { seedDemo } from '../../../seed/seed.ts';

describe('goods/share', () => {
  let t: TestApp;
  let productId: number;
  let offShelf: number;
  const db = () => t.app.deps.db;
  const share = (id: number | string) =>
    call<ShareData>(t.app, { method: 'GET', url: `${API}/goods/share?id=${id}` });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.deps);
    const rows = await db().selectFrom('product').select(['id', 'status']).orderBy('id').execute();
    productId = rows.find((r) => r.status === 1)?.id ?? 0;
    offShelf = rows.find((r) => r.status === 0)?.id ?? 0;
  }, 120_000);
  afterAll(() => t?.close());

  it('gives a short link that redirects to the product page, and a 750×1100 PNG poster', async () => {
    const res = await share(productId);
    expect(res.status).toBe(200);
    const { shortUrl, poster } = res.body.data;
    expect(shortUrl).toMatch(/^\/s\/[a-z0-9]{8}$/);
    const go = await t.app.inject({ method: 'GET', url: shortUrl });
    expect(go.statusCode).toBe(302);
    expect(go.headers.location).toBe(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    const png = await t.app.inject({ method: 'GET', url: poster });
    expect(png.statusCode).toBe(200);
    const meta = await sharp(png.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 750, height: 1100 });
  });

  it('keeps one link and one poster per product until its price changes', async () => {
    const first = (await share(productId)).body.data;
    const again = (await share(productId)).body.data;
    expect(again).toEqual(first);
    expect(await db().selectFrom('product_share').selectAll().execute()).toHaveLength(1);
    await db()
      .updateTable('product')
      .set((eb) => ({ price: eb('price', '+', 100) }))
      .where('id', '=', productId)
      .execute();
    const repriced = (await share(productId)).body.data;
    expect(repriced.shortUrl).toBe(first.shortUrl);
    expect(repriced.poster).not.toBe(first.poster);
  });

  it('refuses off-shelf, unknown and malformed products; unknown codes are 404', async () => {
    for (const id of [offShelf, 999_999]) {
      expect((await share(id)).body).toMatchObject({ code: 404, error: 'PRODUCT_NOT_FOUND' });
    }
    expect((await share('x')).status).toBe(400);
    const before = await db().selectFrom('product_share').selectAll().execute();
    expect(before.map((r) => r.product_id)).toEqual([productId]);
    for (const url of ['/s/zzzzzzzz', '/s/BAD-CODE']) {
      const res = await call(t.app, { method: 'GET', url });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 404, data: null });
    }
  });
});
