import type {
  EvaluationView,
  HomeActivity,
  HomePopup,
  PageOf,
  ProductDetail,
  StoreDetail,
  StoreLicense,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { makeBuyer, newOrder } from '../../../../test/kits/order-kit.ts';
import { seedDemo } from '../../../seed/seed.ts';
import { seedHomeExtras } from '../../../seed/seed-home.ts';
import { creditCheckChar, creditCodeFor } from '../goods/license.ts';

/** Pages of the web app the seeded links may lead to (apps/web/src/app/pageConfig.ts). */
const inAppPathsOfSeed = [
  '/pages/homeClassify/homeClassify',
  '/pages/homeSearch/homeSearch',
  '/pages/shopDetails/shopDetails',
  '/pages/shopReceiveCoupon/shopReceiveCoupon',
];

describe('home activity, popup, store licence and evaluations', () => {
  let t: TestApp;
  const db = () => t.app.deps.db;
  const get = <T>(url: string) => call<T>(t.app, { method: 'GET', url: `${API}/${url}` });

  beforeAll(async () => {
    t = await createTestApp({ CATALOGUE_CACHE_MS: '0' });
    await seedDemo(t.app.deps);
  }, 120_000);
  afterAll(() => t?.close());

  describe('seedHomeExtras', () => {
    it('writes once, with links only to pages that exist', async () => {
      expect(await seedHomeExtras(t.app.deps)).toEqual({ activities: 3 });
      expect(await seedHomeExtras(t.app.deps)).toBeNull();
      const links = [
        ...(await db().selectFrom('home_activity').select('link').execute()),
        ...(await db().selectFrom('home_popup').select('link').execute()),
      ].map((r) => r.link);
      expect(links).toHaveLength(4);
      for (const link of links) expect(inAppPathsOfSeed).toContain(link.split('?')[0]);
    });

    it('seeds a 新人专享 popup that advertises the new-user pack and leads to claiming it', async () => {
      const popup = await db()
        .selectFrom('home_popup')
        .select(['title', 'link', 'image', 'audience'])
        .executeTakeFirstOrThrow();
      expect(popup).toMatchObject({
        title: '新人专享礼包',
        link: '/pages/shopReceiveCoupon/shopReceiveCoupon',
        audience: 'new',
      });
      const art = await t.app.inject({ method: 'GET', url: popup.image });
      expect(art.body).toContain('新人券包');
      expect(art.body).toContain('立即领取');
      expect(art.body).not.toContain('男装');
    });

    it('moves an install seeded with the old 男装 popup to the new-user pack, once', async () => {
      await db()
        .updateTable('app_meta')
        .set({ value: '1' })
        .where('key', '=', 'demo_seed_home')
        .execute();
      await db()
        .updateTable('home_popup')
        .set({ title: '新人专享', link: '/pages/homeClassify/homeClassify?id=1' })
        .execute();
      expect(await seedHomeExtras(t.app.deps)).toBeNull();
      expect(
        await db().selectFrom('home_popup').select(['title', 'link']).executeTakeFirstOrThrow(),
      ).toEqual({ title: '新人专享礼包', link: '/pages/shopReceiveCoupon/shopReceiveCoupon' });
      expect(await db().selectFrom('home_popup').select('id').execute()).toHaveLength(1);
    });
  });

  describe('home/activity', () => {
    it('lists enabled buttons by sort', async () => {
      await db()
        .insertInto('home_activity')
        .values([
          { title: '隐藏', image: '/x.svg', link: '/', sort: 1, enabled: false },
          { title: '置顶', image: '/y.svg', link: '/', sort: 0 },
        ])
        .execute();
      const res = await get<HomeActivity[]>('home/activity');
      expect(res.status).toBe(200);
      const titles = res.body.data.map((a) => a.title);
      expect(titles).toEqual(['置顶', '今日特卖', '爆款推荐', '美妆专场']);
      expect(res.body.data[1]?.image).toMatch(/^\/uploads\/.+\.svg$/);
    });
  });

  describe('home/popup', () => {
    it('answers the live popup, and null outside every window', async () => {
      const live = await get<HomePopup | null>('home/popup');
      expect(live.status).toBe(200);
      expect(live.body.data).toMatchObject({ title: '新人专享礼包' });
      const image = await t.app.inject({ method: 'GET', url: live.body.data?.image ?? '' });
      expect(image.statusCode).toBe(200);

      await db().updateTable('home_popup').set({ enabled: false }).execute();
      const future = new Date(Date.now() + 86_400_000);
      await db()
        .insertInto('home_popup')
        .values({
          title: '明天',
          image: '/z.svg',
          link: '/',
          starts_at: future,
          ends_at: new Date(future.getTime() + 86_400_000),
        })
        .execute();
      const none = await get<HomePopup | null>('home/popup');
      expect(none.status).toBe(200);
      expect(none.body.data).toBeNull();
    });
  });

  describe('store detail and licence', () => {
    it('shows the opening date, and a licence image generated once', async () => {
      const store = await db().selectFrom('store').select(['id', 'name']).executeTakeFirstOrThrow();
      const detail = await get<StoreDetail>(`store/detail?id=${store.id}`);
      expect(detail.body.data.openedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

      const first = await get<StoreLicense>(`store/license?id=${store.id}`);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ storeId: store.id, companyName: store.name });
      expect(first.body.data.creditCode).toBe(creditCodeFor(store.id));
      const svg = await t.app.inject({ method: 'GET', url: first.body.data.image });
      expect(svg.statusCode).toBe(200);
      expect(svg.body).toContain('营业执照');
      expect(svg.body).toContain(store.name);
      expect(svg.body).toContain(first.body.data.creditCode);
      const again = await get<StoreLicense>(`store/license?id=${store.id}`);
      expect(again.body.data).toEqual(first.body.data);
    });

    it('makes well-formed, distinct credit codes', () => {
      const codes = [1, 2, 3, 999].map(creditCodeFor);
      expect(new Set(codes).size).toBe(4);
      for (const code of codes) {
        expect(code).toMatch(/^91330106[0-9]{8}[0-9X][0-9A-HJ-NPQRTUWXY]$/);
        expect(creditCheckChar(code.slice(0, 17))).toBe(code[17]);
      }
      // A published example code (GB 32100 check character).
      expect(creditCheckChar('91350100M000100Y4')).toBe('3');
    });

    it('rejects a bad or unknown id with a catalogue error', async () => {
      const bad = await get('store/license?id=abc');
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('INVALID_PARAM');
      const unknown = await get('store/license?id=999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ error: 'STORE_NOT_FOUND', msg: '店铺不存在' });
    });
  });

  describe('goods/evaluations', () => {
    it('is an empty page until evaluations exist, then lists them and feeds the summary', async () => {
      const product = await db()
        .selectFrom('product')
        .select('id')
        .where('status', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const empty = await get<PageOf<EvaluationView>>(
        `goods/evaluations?productId=${product.id}&pageNum=1&pageSize=10`,
      );
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 10 });

      // Evaluations name real order lines (foreign key): three orders of this product.
      const buyer = await makeBuyer(t.app);
      const user = await db()
        .selectFrom('app_user')
        .select(['id', 'nickname'])
        .where('id', '=', buyer.userId)
        .executeTakeFirstOrThrow();
      const sku = await db()
        .selectFrom('sku')
        .select('id')
        .where('product_id', '=', product.id)
        .where('stock', '>=', 3)
        .executeTakeFirstOrThrow();
      const lines: number[] = [];
      for (let i = 0; i < 3; i++) {
        const placed = await newOrder(t.app, buyer, [{ skuId: sku.id, quantity: 1 }]);
        const item = await db()
          .selectFrom('order_item as i')
          .innerJoin('shop_order as o', 'o.id', 'i.order_id')
          .select('i.id')
          .where('o.order_no', '=', placed.body.data.orderNos[0] as string)
          .executeTakeFirstOrThrow();
        lines.push(item.id);
      }
      const [line1, line2, line3] = lines as [number, number, number];
      await db()
        .insertInto('evaluation')
        .values([
          {
            product_id: product.id,
            user_id: user.id,
            order_item_id: line1,
            stars: 5,
            content: '很好',
          },
          {
            product_id: product.id,
            user_id: user.id,
            order_item_id: line2,
            stars: 4,
            content: '不错',
          },
          {
            product_id: product.id,
            user_id: user.id,
            order_item_id: line3,
            stars: 2,
            content: '一般',
            images: JSON.stringify(['/uploads/a.png']),
            anonymous: true,
          },
        ])
        .execute();
      const page = await get<PageOf<EvaluationView>>(
        `goods/evaluations?productId=${product.id}&pageNum=1&pageSize=2`,
      );
      expect(page.body.data.total).toBe(3);
      expect(page.body.data.list).toHaveLength(2);
      expect(page.body.data.list[0]).toMatchObject({
        nickname: '匿名用户',
        stars: 2,
        images: ['/uploads/a.png'],
      });
      expect(page.body.data.list[1]).toMatchObject({ nickname: user.nickname, stars: 4 });
      const detail = await get<ProductDetail>(`goods/detail?id=${product.id}`);
      expect(detail.body.data.evaluation).toEqual({ count: 3, goodRate: 67 });
    });

    it('rejects bad paging, a missing id and an unknown product', async () => {
      const noId = await get('goods/evaluations?pageNum=1');
      expect(noId.status).toBe(400);
      const badPage = await get('goods/evaluations?productId=1&pageNum=0');
      expect(badPage.status).toBe(400);
      expect(badPage.body.error).toBe('PAGE_INVALID');
      const unknown = await get('goods/evaluations?productId=999999');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toBe('PRODUCT_NOT_FOUND');
    });

    it('refuses stars outside 1-5 and a second evaluation of one order line', async () => {
      const row = await db().selectFrom('evaluation').selectAll().executeTakeFirstOrThrow();
      const again = { product_id: row.product_id, user_id: row.user_id, content: '' };
      await expect(
        db()
          .insertInto('evaluation')
          .values({ ...again, order_item_id: 99, stars: 6 })
          .execute(),
      ).rejects.toThrow();
      await expect(
        db()
          .insertInto('evaluation')
          .values({ ...again, order_item_id: row.order_item_id, stars: 5 })
          .execute(),
      ).rejects.toThrow();
    });
  });
});
