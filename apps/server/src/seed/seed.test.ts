import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, createTestApp, type TestApp } from '../../test/helpers.ts';
import { DEMO_ADMIN, DEMO_STORE_STAFF, type SeedCounts, seedDemo } from './seed.ts';
import { seedHomeExtras } from './seed-home.ts';
import { seedLive } from './seed-live.ts';
import { seedPromotion } from './seed-promotion.ts';
import { seedSeckillDays } from './seed-seckill.ts';
import { seedZones } from './seed-zones.ts';

describe('demo seed', () => {
  let t: TestApp;
  let first: SeedCounts | null;
  const db = () => t.app.deps.db;
  const count = async (table: 'store' | 'category' | 'product' | 'sku' | 'banner' | 'menu_entry') =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp();
    first = await seedDemo(t.app.deps);
  }, 120_000);
  afterAll(() => t?.close());

  it('seeds once: a second run changes nothing and returns null', async () => {
    expect(first).not.toBeNull();
    const before = {
      stores: await count('store'),
      categories: await count('category'),
      products: await count('product'),
      skus: await count('sku'),
    };
    expect(before).toEqual(first);
    expect(await seedDemo(t.app.deps)).toBeNull();
    expect({
      stores: await count('store'),
      categories: await count('category'),
      products: await count('product'),
      skus: await count('sku'),
    }).toEqual(before);
    const meta = await db()
      .selectFrom('app_meta')
      .selectAll()
      .where('key', '=', 'demo_seed')
      .execute();
    expect(meta).toHaveLength(1);
  });

  it('has a realistic catalogue: stores, two-level categories, 200+ products with SKUs', async () => {
    expect(first?.stores).toBeGreaterThanOrEqual(10);
    expect(first?.products).toBeGreaterThanOrEqual(200);
    const tops = await db()
      .selectFrom('category')
      .selectAll()
      .where('parent_id', 'is', null)
      .execute();
    expect(tops).toHaveLength(8);
    for (const top of tops) {
      const children = await db()
        .selectFrom('category')
        .select('id')
        .where('parent_id', '=', top.id)
        .execute();
      expect(children.length).toBeGreaterThanOrEqual(4);
      expect(children.length).toBeLessThanOrEqual(6);
    }
    const withoutSku = await db()
      .selectFrom('product as p')
      .leftJoin('sku as s', 's.product_id', 'p.id')
      .select('p.id')
      .where('s.id', 'is', null)
      .execute();
    expect(withoutSku).toEqual([]);
    expect(await count('banner')).toBe(4);
    const menu = await db().selectFrom('menu_entry').selectAll().execute();
    expect(menu.length).toBeGreaterThanOrEqual(8);
    const topIds = new Set(tops.map((c) => c.id));
    for (const entry of menu) {
      const id = Number(/^\/pages\/homeClassify\/homeClassify\?id=(\d+)$/.exec(entry.link)?.[1]);
      expect(topIds.has(id)).toBe(true);
    }
  });

  it('keeps money in integer fen: product price is its cheapest SKU, origin never below price', async () => {
    const products = await db().selectFrom('product').selectAll().execute();
    const skus = await db().selectFrom('sku').selectAll().execute();
    const skusOf = new Map<number, typeof skus>();
    for (const s of skus) skusOf.set(s.product_id, [...(skusOf.get(s.product_id) ?? []), s]);
    for (const p of products) {
      for (const value of [p.price, p.origin_price, p.sales]) {
        expect(Number.isInteger(value) && value >= 0).toBe(true);
      }
      expect(p.origin_price).toBeGreaterThanOrEqual(p.price);
      const own = skusOf.get(p.id) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(6);
      expect(p.price).toBe(Math.min(...own.map((s) => s.price)));
      expect(p.images.length).toBeGreaterThanOrEqual(3);
      expect(p.images.length).toBeLessThanOrEqual(5);
    }
    for (const s of skus) {
      expect(Number.isInteger(s.price) && s.price >= 990 && s.price <= 299_900).toBe(true);
      expect(s.origin_price).toBeGreaterThanOrEqual(s.price);
      expect(s.stock >= 0 && s.stock <= 500).toBe(true);
      // jsonb does not keep key order, so compare the spec values as a set.
      expect(s.name.split(' / ').sort()).toEqual(Object.values(s.specs).sort());
    }
    expect(skus.some((s) => s.stock === 0)).toBe(true);
    expect(products.some((p) => p.status === 0)).toBe(true);
  });

  it('stores the generated images and serves them', async () => {
    const product = await db().selectFrom('product').select('main_image').executeTakeFirstOrThrow();
    expect(product.main_image).toMatch(/^\/uploads\/seed\/product\/\d+-1\.svg$/);
    const res = await t.app.inject({ method: 'GET', url: product.main_image });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('width="750"');
  });

  it('creates the operator account with the admin role and a working password', async () => {
    const admin = await db()
      .selectFrom('app_user')
      .selectAll()
      .where('phone', '=', DEMO_ADMIN.phone)
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe('admin');
    expect(admin.nickname).toBe('潮品运营');
    expect(admin.password_hash).not.toBeNull();
    expect(await verify(admin.password_hash ?? '', DEMO_ADMIN.password)).toBe(true);
  });

  it("makes the first store's 商家 and 客服, who log in to the console with their password", async () => {
    for (const person of DEMO_STORE_STAFF) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/chaopin-boot/api/v1/user/login',
        payload: { phone: person.phone, password: person.password },
      });
      expect(login.statusCode).toBe(200);
      const me = await t.app.inject({
        method: 'GET',
        url: '/chaopin-boot/api/v1/admin/me',
        headers: { token: login.json().data.token },
      });
      expect(me.json().data).toMatchObject({ role: person.role, storeId: expect.any(Number) });
    }
  });

  it('serves the default avatars', async () => {
    for (let n = 0; n < 8; n++) {
      const res = await t.app.inject({ method: 'GET', url: `/assets/avatars/${n}.svg` });
      expect(res.statusCode).toBe(200);
    }
  });

  it('puts a flash sale on for today and tomorrow, once per day', async () => {
    // 09:00 in Shanghai: the 00:00 slot is on, 10:00, 14:00 and 20:00 follow, then tomorrow's four.
    const nineAm = Date.parse('2030-03-01T01:00:00Z');
    expect(await seedSeckillDays(t.app, nineAm)).toBe(8);
    expect(await seedSeckillDays(t.app, nineAm)).toBe(0);
    const items = await db()
      .selectFrom('seckill_item')
      .select(['flash_price', 'flash_stock'])
      .execute();
    expect(items).toHaveLength(32);
    expect(items.every((i) => i.flash_price > 0 && i.flash_stock > 0)).toBe(true);
  });

  it('opens three demo hosts’ 预告 rooms with stocked shelves, once', async () => {
    expect(await seedLive(t.app)).toBe(3);
    expect(await seedLive(t.app)).toBe(0);
    const res = await t.app.inject({ method: 'GET', url: `${API}/live/notice/list?pageSize=10` });
    const rooms = res.json().data.list as { id: number; stateLabel: string }[];
    expect(rooms).toHaveLength(3);
    expect(rooms.every((r) => r.stateLabel === '预告')).toBe(true);
    const shelf = await t.app.inject({
      method: 'GET',
      url: `${API}/live/shelf?roomId=${rooms[0]?.id}`,
    });
    expect(shelf.json().data).toHaveLength(4);
  });

  it('charges no shipping on any SKU of a product whose words promise 包邮', async () => {
    // Every seed that adds products or SKUs, so the check covers the whole demo catalogue.
    await seedHomeExtras(t.app.deps);
    await seedZones(t.app.deps);
    await seedPromotion(t.app);
    const promising = db()
      .selectFrom('product as p')
      .innerJoin('sku as s', 's.product_id', 'p.id')
      .where((eb) =>
        eb.or([
          eb('p.title', 'like', '%包邮%'),
          eb('p.subtitle', 'like', '%包邮%'),
          eb('p.detail', 'like', '%包邮%'),
        ]),
      );
    const seen = await promising.select('s.id').execute();
    expect(seen.length).toBeGreaterThan(0);
    const charging = await promising
      .select(['p.title', 'p.subtitle', 's.name'])
      .where('s.free_shipping', '=', false)
      .execute();
    expect(charging).toEqual([]);
  });
});
