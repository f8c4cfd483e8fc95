import type { AdminZoneSaved, NewUserRefundData, ZoneList, ZonePage } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import {
  apply,
  get,
  ledgerSum,
  makeAdmin,
  orderAt,
  post,
} from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  type Catalogue,
  makeBuyer,
  makeProduct,
} from '../../../test/kits/order-kit.ts';
import { seedDemo } from '../../seed/seed.ts';
import { seedHomeExtras } from '../../seed/seed-home.ts';
import { seedZones } from '../../seed/seed-zones.ts';
import { dailyPick, nextChinaMidnight } from './zone.service.ts';

const HOUR = 3_600_000;
let t: TestApp;
let app: FastifyInstance;
let admin: string;
/** ¥30.00, in the refund zone; `other` is not in any zone. */
let zoneShop: Catalogue;
let other: Catalogue;

const zoneBody = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  title: '测试专区',
  banner: '/b.png',
  rules: '规则',
  theme: '#FF0135',
  kind: 'normal',
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({
    AUTH_CACHE_MS: '0',
    NEW_USER_REFUND_SETTLE_SECONDS: '3600',
    ZONE_SWEEP_MS: '600000',
    ZONE_DAILY_SALE_SIZE: '3',
  });
  app = t.app;
  admin = await makeAdmin(app);
  zoneShop = await makeProduct(app, { price: 3_000, stock: 100 });
  other = await makeProduct(app, { price: 5_000, stock: 100 });
  const saved = await post(
    app,
    'admin/zone/save',
    admin,
    zoneBody('newPeopleReturn', { kind: 'newUser', title: '新人全额返' }),
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const items = await post(app, 'admin/zone/items', admin, {
    key: 'newPeopleReturn',
    items: [{ productId: zoneShop.productId, label: '全额返' }],
  });
  expect(items.status, JSON.stringify(items.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const status = async (b: Buyer | undefined) =>
  (await get<NewUserRefundData>(app, 'zone/newUserRefund', b?.token)).body.data;
const packets = (userId: number) =>
  app.deps.db
    .selectFrom('red_packet')
    .select(['amount', 'max_amount', 'title'])
    .where('user_id', '=', userId)
    .where('title', '=', '新人全额返')
    .execute();
const later = () => new Date(Date.now() + 2 * HOUR);

describe('zones', () => {
  it('lets only the operator configure zones, all or nothing', async () => {
    const b = await makeBuyer(app);
    expect((await post(app, 'admin/zone/save', undefined, zoneBody('a1'))).status).toBe(401);
    expect((await post(app, 'admin/zone/save', b.token, zoneBody('a1'))).body).toMatchObject({
      code: 403,
      error: 'FORBIDDEN',
    });
    expect((await post(app, 'admin/zone/items', b.token, { key: 'a1', items: [] })).status).toBe(
      403,
    );
    const bad = await post(app, 'admin/zone/save', admin, zoneBody('a1', { theme: 'red' }));
    expect(bad.body).toMatchObject({ code: 400, error: 'ZONE_INVALID' });
    const badKind = await post(app, 'admin/zone/save', admin, zoneBody('a1', { kind: 'x' }));
    expect(badKind.body).toMatchObject({ code: 400, error: 'ZONE_INVALID' });
    const ok = await post<AdminZoneSaved>(app, 'admin/zone/save', admin, zoneBody('a1'));
    expect(ok.body.data).toEqual({ key: 'a1', items: 0 });
    const set = (items: unknown[], key = 'a1') =>
      post(app, 'admin/zone/items', admin, { key, items });
    expect((await set([{ productId: other.productId }])).status).toBe(200);
    // Foreign ids: an unknown product, a SKU of another product, an unknown zone, a repeat.
    expect((await set([{ productId: 999_999 }])).body).toMatchObject({
      code: 404,
      error: 'PRODUCT_NOT_FOUND',
    });
    expect(
      (await set([{ productId: other.productId, skuId: zoneShop.skuIds[0] }])).body,
    ).toMatchObject({ code: 404, error: 'SKU_NOT_FOUND' });
    expect((await set([], 'nope')).body).toMatchObject({ code: 404, error: 'ZONE_NOT_FOUND' });
    expect(
      (await set([{ productId: other.productId }, { productId: other.productId }])).body,
    ).toMatchObject({ code: 400, error: 'ZONE_ITEMS_INVALID' });
    expect((await set([{ productId: 0 }])).body).toMatchObject({
      code: 400,
      error: 'ZONE_ITEMS_INVALID',
    });
    // The refused calls left the list as it was.
    const page = (await get<ZonePage>(app, 'zone/page', undefined, { key: 'a1' })).body.data;
    expect(page.list.map((p) => p.productId)).toEqual([other.productId]);
  });

  it('reads a zone page with paging, stock state and the zone SKU price', async () => {
    const extra = await makeProduct(app, { price: 990, stock: 0, skus: 2 });
    await post(app, 'admin/zone/save', admin, zoneBody('p1', { title: '9.9元专区' }));
    await post(app, 'admin/zone/items', admin, {
      key: 'p1',
      items: [
        { productId: zoneShop.productId, sort: 20 },
        { productId: extra.productId, skuId: extra.skuIds[1], label: '9.9特惠', sort: 10 },
      ],
    });
    const first = (await get<ZonePage>(app, 'zone/page', undefined, { key: 'p1', pageSize: 1 }))
      .body.data;
    expect(first).toMatchObject({ total: 2, pageNum: 1, pageSize: 1, endsAt: null });
    expect(first.zone).toMatchObject({ key: 'p1', title: '9.9元专区', theme: '#FF0135' });
    expect(first.list[0]).toMatchObject({
      productId: extra.productId,
      skuId: extra.skuIds[1],
      price: 990,
      label: '9.9特惠',
      stock: 0,
      soldOut: true,
    });
    const second = (
      await get<ZonePage>(app, 'zone/page', undefined, { key: 'p1', pageSize: 1, pageNum: 2 })
    ).body.data;
    expect(second.list[0]).toMatchObject({
      productId: zoneShop.productId,
      skuId: null,
      price: 3_000,
      soldOut: false,
    });
    const list = (await get<ZoneList>(app, 'zone/list', undefined)).body.data;
    expect(list.find((z) => z.key === 'p1')?.itemCount).toBe(2);
    // Bad input: unknown and malformed keys, bad paging, a bad category.
    expect((await get(app, 'zone/page', undefined, { key: 'nope' })).body).toMatchObject({
      code: 404,
      error: 'ZONE_NOT_FOUND',
    });
    expect((await get(app, 'zone/page', undefined, { key: '../x' })).body).toMatchObject({
      code: 404,
      error: 'ZONE_NOT_FOUND',
    });
    expect((await get(app, 'zone/page', undefined)).status).toBe(404);
    const badPages: Record<string, string | number>[] = [
      { pageNum: 0 },
      { pageSize: 101 },
      { pageNum: 'x' },
    ];
    for (const q of badPages) {
      expect((await get(app, 'zone/page', undefined, { key: 'p1', ...q })).body).toMatchObject({
        code: 400,
        error: 'PAGE_INVALID',
      });
    }
    expect((await get(app, 'zone/page', undefined, { key: 'p1', categoryId: -1 })).status).toBe(
      404,
    );
    expect((await get(app, 'zone/categories', undefined, { key: 'nope' })).status).toBe(404);
  });

  it('serves the mall by category and the daily sale by China-time day', async () => {
    const products = [];
    for (let i = 0; i < 5; i++) products.push(await makeProduct(app, { price: 1_000 + i }));
    await post(app, 'admin/zone/save', admin, zoneBody('m1', { kind: 'mall' }));
    await post(app, 'admin/zone/items', admin, {
      key: 'm1',
      items: products.map((p) => ({ productId: p.productId })),
    });
    const cats = (
      await get<{ list: { id: number; count: number }[] }>(app, 'zone/categories', undefined, {
        key: 'm1',
      })
    ).body.data;
    expect(cats.list).toHaveLength(5);
    const one = (
      await get<ZonePage>(app, 'zone/page', undefined, {
        key: 'm1',
        categoryId: cats.list[2]?.id ?? 0,
      })
    ).body.data;
    expect(one.list.map((p) => p.productId)).toEqual([products[2]?.productId]);

    await post(app, 'admin/zone/save', admin, zoneBody('d1', { kind: 'daily' }));
    await post(app, 'admin/zone/items', admin, {
      key: 'd1',
      items: products.map((p) => ({ productId: p.productId })),
    });
    const daily = (await get<ZonePage>(app, 'zone/page', undefined, { key: 'd1' })).body.data;
    expect(daily.total).toBe(3);
    expect(daily.endsAt).toBe(nextChinaMidnight(new Date()).toISOString());
    // Consecutive days show different products; the same day the same ones.
    const day = new Date('2030-05-01T03:00:00Z');
    const next = new Date(day.getTime() + 24 * HOUR);
    expect(dailyPick([1, 2, 3, 4, 5], 3, day)).toEqual(
      dailyPick([1, 2, 3, 4, 5], 3, new Date(day.getTime() + 10 * HOUR)),
    );
    expect(dailyPick([1, 2, 3, 4, 5], 3, day)).not.toEqual(dailyPick([1, 2, 3, 4, 5], 3, next));
    // 2030-05-01 23:59 China time ends at 2030-05-02 00:00 China time.
    expect(nextChinaMidnight(new Date('2030-05-01T15:59:00Z')).toISOString()).toBe(
      '2030-05-01T16:00:00.000Z',
    );
  });
});

describe('new-user full refund', () => {
  it('pays the first zone order back once, after receipt and the window, even with racing sweepers', async () => {
    expect(await status(undefined)).toMatchObject({
      loggedIn: false,
      state: 'eligible',
      settleDays: 1,
    });
    const b = await makeBuyer(app);
    expect(await status(b)).toMatchObject({ loggedIn: true, state: 'eligible' });
    const { orderNo, payAmount } = await orderAt(
      app,
      b,
      admin,
      [{ skuId: zoneShop.skuIds[0] as number, quantity: 2 }],
      'shipped',
    );
    // ¥60 of goods is under the free-shipping threshold: 实付 includes the ¥8 shipping.
    expect(payAmount).toBe(6_800);
    expect(await status(b)).toMatchObject({
      state: 'pending',
      orderNo,
      amount: payAmount,
      settleAt: null,
    });
    // A second zone order of the same user does not count.
    const second = await orderAt(
      app,
      b,
      admin,
      [{ skuId: zoneShop.skuIds[0] as number, quantity: 1 }],
      'received',
    );
    await post(app, 'order/newConfirm', b.token, { orderNo });
    const pending = await status(b);
    expect(pending).toMatchObject({ state: 'pending', orderNo });
    expect(Date.parse(pending.settleAt ?? '') - Date.now()).toBeGreaterThan(0.9 * HOUR);
    // The window is open: nothing yet.
    await app.zoneModule.sweep();
    expect(await packets(b.userId)).toHaveLength(0);
    // It closes: two sweepers (two nodes in cluster mode) race; one packet.
    const node2 = TEST_DB === 'postgres' ? await t.secondNode() : app;
    const paid = await Promise.all([
      app.zoneModule.refund.settleDue(later()),
      node2.zoneModule.refund.settleDue(later()),
      app.zoneModule.refund.settleDue(later()),
    ]);
    expect(paid.reduce((a, n) => a + n, 0)).toBe(1);
    expect(await packets(b.userId)).toEqual([
      { amount: null, max_amount: payAmount, title: '新人全额返' },
    ]);
    expect(await status(b)).toMatchObject({ state: 'paid', orderNo, amount: payAmount });
    expect(await app.zoneModule.refund.settleDue(later())).toBe(0);
    expect(second.orderNo).not.toBe(orderNo);
    expect(await ledgerSum(app)).toBe(0);
  });

  it('gives nothing for an order outside the zone, nor for a refunded one', async () => {
    const b = await makeBuyer(app);
    await orderAt(app, b, admin, [{ skuId: other.skuIds[0] as number, quantity: 1 }], 'received');
    expect(await status(b)).toMatchObject({ state: 'eligible' });
    const { orderNo, payAmount } = await orderAt(
      app,
      b,
      admin,
      [{ skuId: zoneShop.skuIds[0] as number, quantity: 1 }],
      'paid',
    );
    const r = await apply(app, b, {
      orderNo,
      skuId: zoneShop.skuIds[0] as number,
      amount: payAmount,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await post(app, 'admin/refund/approve', admin, { refundNo: r.body.data.refundNo });
    expect(await status(b)).toMatchObject({ state: 'used', orderNo });
    // The chance is spent: a later zone order gets nothing either.
    await orderAt(
      app,
      b,
      admin,
      [{ skuId: zoneShop.skuIds[0] as number, quantity: 1 }],
      'received',
    );
    expect(await app.zoneModule.refund.settleDue(later())).toBe(0);
    expect(await packets(b.userId)).toHaveLength(0);
  });

  it('gives a phone number its refund once, whichever account it is on', async () => {
    const a = await makeBuyer(app);
    await orderAt(app, a, admin, [{ skuId: zoneShop.skuIds[0] as number, quantity: 1 }], 'paid');
    const c = await makeBuyer(app);
    // a's number moves to the new account c (a took another one).
    await app.deps.db
      .updateTable('app_user')
      .set({ phone: '19900000001' })
      .where('id', '=', a.userId)
      .execute();
    await app.deps.db
      .updateTable('app_user')
      .set({ phone: a.phone })
      .where('id', '=', c.userId)
      .execute();
    expect(await status(c)).toMatchObject({ state: 'used', orderNo: null });
    await orderAt(
      app,
      c,
      admin,
      [{ skuId: zoneShop.skuIds[0] as number, quantity: 1 }],
      'received',
    );
    expect(await status(c)).toMatchObject({ state: 'used' });
    expect(
      await app.deps.db
        .selectFrom('new_user_refund')
        .select('id')
        .where('user_id', '=', c.userId)
        .execute(),
    ).toHaveLength(0);
  });
});

describe('demo zones', () => {
  it('seeds every zone with 6–12 products, ¥9.90 SKUs in the 9.9 zone, and links home to them', async () => {
    await seedDemo(app.deps);
    await seedHomeExtras(app.deps);
    expect(await seedZones(app.deps)).toBe(8);
    expect(await seedZones(app.deps)).toBe(0);
    for (const key of [
      'helpFarmers',
      'sauceWine',
      'npn',
      'specialtyFood',
      'shopMall',
      'nationalDay',
      'dailySale',
    ]) {
      const page = (await get<ZonePage>(app, 'zone/page', undefined, { key, pageSize: 20 })).body
        .data;
      // The daily sale shows ZONE_DAILY_SALE_SIZE (3 here) of its pool a day.
      expect(page.total, key).toBeGreaterThanOrEqual(key === 'dailySale' ? 3 : 6);
      expect(page.total, key).toBeLessThanOrEqual(12);
      if (key === 'npn') expect(page.list.every((p) => p.price === 990 && p.skuId)).toBe(true);
    }
    const activity = await app.deps.db
      .selectFrom('home_activity')
      .select('link')
      .where('title', '=', '今日特卖')
      .executeTakeFirst();
    expect(activity?.link).toBe('/pages/homeDailySale/homeDailySale');
    const menu = await app.deps.db.selectFrom('menu_entry').select('link').execute();
    expect(menu.filter((m) => m.link === '/pages/npnZone/npnZone')).toHaveLength(1);
  });
});
