import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, TEST_DB, type TestApp } from '../../../../test/helpers.ts';
import {
  adminGet,
  adminPost,
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../../test/kits/console-kit.ts';

let t: TestApp;
let operator: ConsoleUser;
let ownerA: ConsoleUser;
let ownerB: ConsoleUser;
let clerkA: ConsoleUser;
let storeA: number;
let storeB: number;
let topCat: number;
let subCat: number;
let otherCat: number;

type Row = {
  id: number;
  title: string;
  storeId: number;
  storeName: string;
  categoryName: string;
  minPrice: number;
  maxPrice: number;
  stock: number;
  soldOutSkus: number;
  status: string;
};
type Page = { list: Row[]; total: number };
type Detail = {
  id: number;
  storeId: number;
  images: string[];
  video: string | null;
  detail: string;
  topCategoryId: number;
  skus: { id: number; name: string; stock: number; freeShipping: boolean; specs: object }[];
};
type Saved = { id: number; skuIds: number[] };
type Audit = { list: { resource: string; resourceId: string; action: string; diff: object }[] };

async function category(name: string, parentId: number | null = null) {
  const row = await t.app.deps.db
    .insertInto('category')
    .values({ name, icon: '/i.png', parent_id: parentId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const sku = (name: string, price: number, stock: number, extra: object = {}) => ({
  name,
  price,
  originPrice: 19900,
  stock,
  image: '/s.png',
  ...extra,
});

function product(storeId: number, title: string, over: Record<string, unknown> = {}) {
  return {
    storeId,
    categoryId: subCat,
    title,
    mainImage: '/m1.png',
    images: ['/m1.png', '/m2.png'],
    originPrice: 19900,
    skus: [
      sku('黑色 / M', 9900, 5, { specs: { 颜色: '黑色', 尺码: 'M' }, freeShipping: true }),
      sku('白色 / M', 8900, 0, { specs: { 颜色: '白色', 尺码: 'M' } }),
    ],
    ...over,
  };
}

const save = (token: string, body: Record<string, unknown>) =>
  adminPost<Saved>(t.app, token, 'product/save', body);
const list = (token: string, query: string) =>
  adminGet<Page>(t.app, token, `product/list?pageSize=100&${query}`);
const auditOf = async (id: number | string, resource = 'product') =>
  (await adminGet<Audit>(t.app, operator.token, `audit/list?resource=${resource}&resourceId=${id}`))
    .body.data.list;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  storeA = await makeStore(t.app);
  storeB = await makeStore(t.app);
  ownerA = await makeStoreMember(t.app, operator.token, storeA);
  ownerB = await makeStoreMember(t.app, operator.token, storeB);
  clerkA = await makeStoreMember(t.app, ownerA.token, storeA, 'staff', ['product.read']);
  topCat = await category('控制台女装');
  subCat = await category('控制台连衣裙', topCat);
  otherCat = await category('控制台数码');
});
afterAll(async () => {
  await t.close();
});

describe('console products', () => {
  it('a 商家 creates, reads and edits a product of their store; every write is audited', async () => {
    const created = await save(ownerA.token, {
      ...product(storeA, '控制台新款卫衣'),
      video: '/uploads/video/v.mp4',
      detail: '<p onclick="x()">好看<script>alert(1)</script><img src="javascript:alert(1)"></p>',
    });
    expect(created.status).toBe(200);
    const { id, skuIds } = created.body.data;
    expect(skuIds).toHaveLength(2);

    const detail = await adminGet<Detail>(t.app, ownerA.token, `product/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({
      id,
      storeId: storeA,
      images: ['/m1.png', '/m2.png'],
      video: '/uploads/video/v.mp4',
      topCategoryId: topCat,
    });
    // Scripts, handlers and script URLs are gone; the text stays.
    expect(detail.body.data.detail).toBe('<p>好看<img /></p>');
    expect(detail.body.data.skus.map((s) => [s.name, s.stock, s.freeShipping])).toEqual([
      ['黑色 / M', 5, true],
      ['白色 / M', 0, false],
    ]);

    // The edit renames one SKU, leaves the other out and adds a third; the gallery is reordered.
    const edited = await save(ownerA.token, {
      ...product(storeA, '控制台新款卫衣（加绒）'),
      id,
      images: ['/m2.png', '/m1.png'],
      detail: '<h2>详情</h2><p style="text-align:center;position:fixed">居中</p>',
      skus: [
        { ...sku('黑色 / L', 10900, 7), id: skuIds[0] },
        sku('红色 / L', 9900, 3, { specs: { 颜色: '红色', 尺码: 'L' } }),
      ],
    });
    expect(edited.status).toBe(200);
    const after = (await adminGet<Detail>(t.app, ownerA.token, `product/detail?id=${id}`)).body
      .data;
    expect(after.images).toEqual(['/m2.png', '/m1.png']);
    expect(after.video).toBe('/uploads/video/v.mp4');
    expect(after.detail).toBe('<h2>详情</h2><p style="text-align:center">居中</p>');
    // 包邮 left out of an edit stays as it was; the SKU left out keeps its row with no stock.
    expect(after.skus.map((s) => [s.name, s.stock, s.freeShipping])).toEqual([
      ['黑色 / L', 7, true],
      ['白色 / M', 0, false],
      ['红色 / L', 3, false],
    ]);

    const log = await auditOf(id);
    expect(log.map((r) => r.action)).toEqual(['update', 'create']);
    expect(log[0]?.diff).toMatchObject({
      title: ['控制台新款卫衣', '控制台新款卫衣（加绒）'],
      [`skus.${skuIds[0]}.name`]: ['黑色 / M', '黑色 / L'],
      [`skus.${skuIds[0]}.stock`]: [5, 7],
    });
  });

  it('a new SKU named like one the edit left out takes that row back (no duplicate-name 500)', async () => {
    const { id, skuIds } = (await save(ownerA.token, product(storeA, '控制台复活规格'))).body.data;
    await save(ownerA.token, {
      ...product(storeA, '控制台复活规格'),
      id,
      skus: [sku('黑色 / M', 9900, 1)],
    });
    const back = await save(ownerA.token, {
      ...product(storeA, '控制台复活规格'),
      id,
      skus: [sku('黑色 / M', 9900, 1), sku('白色 / M', 8900, 4)],
    });
    expect(back.status).toBe(200);
    expect(back.body.data.skuIds).toEqual(skuIds);
  });

  it('lists with filters, search, sort and stock-out; a 商家 sees their store only', async () => {
    const a1 = (await save(ownerA.token, product(storeA, '控制台列表甲'))).body.data.id;
    const a2 = (
      await save(ownerA.token, {
        ...product(storeA, '控制台列表乙'),
        categoryId: otherCat,
        skus: [sku('均码', 500, 0)],
      })
    ).body.data.id;
    const b1 = (await save(ownerB.token, product(storeB, '控制台列表丙'))).body.data.id;

    const mine = await list(ownerA.token, 'q=控制台列表');
    expect(mine.body.data.list.map((r) => r.id).sort()).toEqual([a1, a2].sort());
    expect(mine.body.data.list.find((r) => r.id === a1)).toMatchObject({
      storeId: storeA,
      categoryName: '控制台连衣裙',
      minPrice: 8900,
      maxPrice: 9900,
      stock: 5,
      soldOutSkus: 1,
      status: 'on',
    });
    // Asking for another store's products gives nothing.
    expect((await list(ownerA.token, `storeId=${storeB}`)).body.data.total).toBe(0);
    const all = await list(operator.token, 'q=控制台列表');
    expect(all.body.data.list.map((r) => r.id).sort()).toEqual([a1, a2, b1].sort());
    expect(
      (await list(operator.token, `q=控制台列表&storeId=${storeB}`)).body.data.list[0]?.id,
    ).toBe(b1);
    // A first-level category lists its children's products.
    const byTop = await list(ownerA.token, `q=控制台列表&categoryId=${topCat}`);
    expect(byTop.body.data.list.map((r) => r.id)).toEqual([a1]);
    expect(
      (await list(ownerA.token, 'q=控制台列表&stockOut=all')).body.data.list.map((r) => r.id),
    ).toEqual([a2]);
    const anyOut = await list(ownerA.token, 'q=控制台列表&stockOut=any&sort=price&order=asc');
    expect(anyOut.body.data.list.map((r) => r.id)).toEqual([a2, a1]);
    expect((await list(ownerA.token, `q=${a1}`)).body.data.list.map((r) => r.id)).toEqual([a1]);
    expect((await list(ownerA.token, 'q=控制台列表&rx=true')).body.data.total).toBe(0);

    await adminPost(t.app, ownerA.token, 'product/shelf', { id: a2, on: false });
    expect(
      (await list(ownerA.token, 'q=控制台列表&status=off')).body.data.list.map((r) => r.id),
    ).toEqual([a2]);
    const paged = await adminGet<Page>(
      t.app,
      ownerA.token,
      'product/list?q=控制台列表&pageSize=1&pageNum=2&sort=id&order=asc',
    );
    expect(paged.body.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.body.data.list.map((r) => r.id)).toEqual([a2]);
  });

  it('offers the stores a caller may pick: a 商家 their own only', async () => {
    type Options = { id: number; name: string }[];
    const mine = await adminGet<Options>(t.app, ownerA.token, 'store/options');
    expect(mine.body.data.map((s) => s.id)).toEqual([storeA]);
    const nameB = (
      await t.app.deps.db
        .selectFrom('store')
        .select('name')
        .where('id', '=', storeB)
        .executeTakeFirstOrThrow()
    ).name;
    const q = encodeURIComponent(nameB);
    const all = await adminGet<Options>(t.app, operator.token, `store/options?q=${q}`);
    expect(all.body.data.map((s) => s.id)).toEqual([storeB]);
    const none = await adminGet<Options>(t.app, ownerA.token, `store/options?q=${q}`);
    expect(none.body.data).toEqual([]);
  });

  it('refuses bad list queries with the catalogue ids', async () => {
    for (const [query, error] of [
      ['sort=title', 'PRODUCT_QUERY_INVALID'],
      ['order=up', 'PRODUCT_QUERY_INVALID'],
      ['status=gone', 'PRODUCT_QUERY_INVALID'],
      ['stockOut=some', 'PRODUCT_QUERY_INVALID'],
      ['pageSize=101', 'PAGE_INVALID'],
      ['storeId=0', 'STORE_NOT_FOUND'],
    ]) {
      const res = await adminGet(t.app, operator.token, `product/list?${query}`);
      expect([query, res.body.error]).toEqual([query, error]);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const missing = await adminGet(t.app, operator.token, 'product/detail?id=2147483000');
    expect([missing.status, missing.body.error]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });

  it('keeps each store to its own products: reads, saves, shelf and stock (IDOR)', async () => {
    const { id, skuIds } = (await save(ownerA.token, product(storeA, '控制台甲店商品'))).body.data;
    const b = ownerB.token;
    const read = await adminGet(t.app, b, `product/detail?id=${id}`);
    expect([read.status, read.body.error]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect((await list(b, 'q=控制台甲店商品')).body.data.total).toBe(0);

    const tries: Array<[string, Record<string, unknown>, string]> = [
      ['product/save', { ...product(storeA, '偷改'), id }, 'PRODUCT_NOT_FOUND'],
      ['product/save', { ...product(storeB, '偷改'), id }, 'PRODUCT_NOT_FOUND'],
      ['product/save', product(storeA, '代建'), 'STORE_NOT_FOUND'],
      ['product/shelf', { id, on: false }, 'PRODUCT_NOT_FOUND'],
      ['product/shelfBatch', { ids: [id], on: false }, 'PRODUCT_NOT_FOUND'],
      ['sku/stock', { skuId: skuIds[0], stock: 0 }, 'SKU_NOT_FOUND'],
    ];
    for (const [path, body, error] of tries) {
      const res = await adminPost(t.app, b, path, body);
      expect([path, res.status, res.body.error]).toEqual([path, 404, error]);
    }
    const still = (await adminGet<Detail>(t.app, ownerA.token, `product/detail?id=${id}`)).body
      .data;
    expect(still.skus[0]?.stock).toBe(5);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['create']);

    // A 商家 never moves a product to another store; the operator may.
    const moved = await save(ownerA.token, { ...product(storeB, '搬走'), id });
    expect([moved.status, moved.body.error]).toEqual([403, 'PRODUCT_STORE_FIXED']);
    const opMove = await save(operator.token, { ...product(storeB, '平台调店'), id });
    expect(opMove.status).toBe(200);
    const back = await save(ownerB.token, { ...product(storeA, '搬回'), id });
    expect([back.status, back.body.error]).toEqual([403, 'PRODUCT_STORE_FIXED']);
  });

  it('a 店员 without product.write reads but may not write; a shopper may do neither', async () => {
    const { id, skuIds } = (await save(ownerA.token, product(storeA, '控制台店员只读'))).body.data;
    expect((await adminGet(t.app, clerkA.token, `product/detail?id=${id}`)).status).toBe(200);
    for (const [path, body] of [
      ['product/save', { ...product(storeA, '店员改'), id }],
      ['product/shelf', { id, on: false }],
      ['product/shelfBatch', { ids: [id], on: false }],
      ['sku/stock', { skuId: skuIds[0], stock: 1 }],
    ] as const) {
      const res = await adminPost(t.app, clerkA.token, path, body);
      expect([path, res.status, res.body.error]).toEqual([path, 403, 'FORBIDDEN']);
    }
  });

  it('shelves in bulk all or nothing, sets stock, audits each change, and the app follows', async () => {
    const p1 = (await save(ownerA.token, product(storeA, '控制台批量一'))).body.data;
    const p2 = (await save(ownerA.token, product(storeA, '控制台批量二'))).body.data;
    const foreign = (await save(ownerB.token, product(storeB, '控制台批量外店'))).body.data;
    const detailInApp = (id: number) =>
      call<{ stock: number }>(t.app, { method: 'GET', url: `${API}/goods/detail?id=${id}` });
    expect((await detailInApp(p1.id)).status).toBe(200);

    const mixed = await adminPost(t.app, ownerA.token, 'product/shelfBatch', {
      ids: [p1.id, p2.id, foreign.id],
      on: false,
    });
    expect([mixed.status, mixed.body.error]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    expect((await detailInApp(p1.id)).status).toBe(200);

    const off = await adminPost<{ changed: number }>(t.app, ownerA.token, 'product/shelfBatch', {
      ids: [p1.id, p2.id, p2.id],
      on: false,
    });
    expect(off.body.data).toEqual({ changed: 2 });
    expect((await detailInApp(p1.id)).body.error).toBe('PRODUCT_NOT_FOUND');
    expect((await auditOf(p1.id))[0]).toMatchObject({
      action: 'shelf.off',
      diff: { status: ['on', 'off'] },
    });
    const on = await adminPost(t.app, ownerA.token, 'product/shelf', { id: p1.id, on: true });
    expect(on.status).toBe(200);
    expect((await detailInApp(p1.id)).body.data.stock).toBe(5);

    const stock = await adminPost(t.app, ownerA.token, 'sku/stock', {
      skuId: p1.skuIds[0],
      stock: 42,
    });
    expect(stock.status).toBe(200);
    expect((await detailInApp(p1.id)).body.data.stock).toBe(42);
    expect((await auditOf(p1.skuIds[0] as number, 'sku'))[0]).toMatchObject({
      action: 'stock',
      diff: { stock: [5, 42] },
    });
  });

  it.each([
    [{ skus: [] }, 400, 'PRODUCT_INVALID'],
    [{ title: '' }, 400, 'PRODUCT_INVALID'],
    [{ video: `/${'v'.repeat(512)}` }, 400, 'PRODUCT_INVALID'],
    [{ images: Array.from({ length: 21 }, () => '/x.png') }, 400, 'PRODUCT_INVALID'],
    [{ storeId: 2147483000 }, 404, 'STORE_NOT_FOUND'],
    [{ categoryId: 2147483000 }, 404, 'CATEGORY_NOT_FOUND'],
    [{ id: 2147483000 }, 404, 'PRODUCT_NOT_FOUND'],
    [{ skus: [sku('a', 100, 1), sku('a', 100, 1)] }, 400, 'PRODUCT_INVALID'],
    [{ skus: [{ ...sku('a', 100, 1), originPrice: 50 }] }, 400, 'PRODUCT_INVALID'],
    [{ skus: [{ ...sku('a', 100, 1), freeShipping: 'maybe' }] }, 400, 'PRODUCT_INVALID'],
    [{ skus: [{ ...sku('a', 100, 1), id: 2147483000 }] }, 404, 'SKU_NOT_FOUND'],
  ])('refuses a product %o', async (over, status, error) => {
    const res = await save(operator.token, { ...product(storeA, '控制台坏输入'), ...over });
    expect([res.status, res.body.error]).toEqual([status, error]);
  });

  it('refuses bad shelf and stock bodies', async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['product/shelfBatch', { ids: [], on: true }, 'INVALID_PARAM'],
      ['product/shelfBatch', { ids: [1], on: 'x' }, 'INVALID_PARAM'],
      ['product/shelf', { id: 0, on: true }, 'PRODUCT_NOT_FOUND'],
      ['sku/stock', { skuId: 1, stock: -1 }, 'PRODUCT_INVALID'],
    ];
    for (const [path, body, error] of cases) {
      const res = await adminPost(t.app, operator.token, path, body);
      expect([path, res.body.error]).toEqual([path, error]);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  it.runIf(TEST_DB === 'postgres')(
    'a change made through one node shows at once on another node (cluster mode)',
    async () => {
      const node2 = await t.secondNode();
      const { id, skuIds } = (await save(ownerA.token, product(storeA, '控制台两节点'))).body.data;
      const viaNode2 = (path: string) =>
        call<{ stock: number; title: string }>(node2, { method: 'GET', url: `${API}/${path}` });
      expect((await viaNode2(`goods/detail?id=${id}`)).body.data.stock).toBe(5);
      await adminPost(t.app, ownerA.token, 'sku/stock', { skuId: skuIds[0], stock: 9 });
      await save(ownerA.token, { ...product(storeA, '控制台两节点（改）'), id });
      const seen = (await viaNode2(`goods/detail?id=${id}`)).body.data;
      expect(seen).toMatchObject({ title: '控制台两节点（改）', stock: 5 });
      await adminPost(t.app, ownerA.token, 'product/shelf', { id, on: false });
      expect((await viaNode2(`goods/detail?id=${id}`)).body.error).toBe('PRODUCT_NOT_FOUND');
    },
  );

  it('bulk shelf changes at once on the same products leave one consistent state', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await save(ownerA.token, product(storeA, `控制台并发${i}`))).body.data.id);
    }
    const results = await Promise.all([
      adminPost<{ changed: number }>(t.app, ownerA.token, 'product/shelfBatch', { ids, on: false }),
      adminPost<{ changed: number }>(t.app, operator.token, 'product/shelfBatch', {
        ids: [...ids].reverse(),
        on: false,
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    // Each product went off the shelf exactly once: one audit row each, the counts add up.
    expect(results.reduce((n, r) => n + r.body.data.changed, 0)).toBe(3);
    for (const id of ids) {
      expect((await auditOf(id)).map((r) => r.action)).toEqual(['shelf.off', 'create']);
    }
  });
});
