import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../../test/helpers.ts';
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
let owner: ConsoleUser;
let storeId: number;

type Leaf = {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  productCount: number;
};
type Node = Leaf & { children: Leaf[] };
type AppNode = { id: number; name: string; children: { id: number; name: string }[] };

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  storeId = await makeStore(t.app);
  owner = await makeStoreMember(t.app, operator.token, storeId);
});
afterAll(async () => {
  await t.close();
});

const saveCategory = (body: Record<string, unknown>, token = operator.token) =>
  adminPost<{ id: number }>(t.app, token, 'category/save', body);
const tree = async (token = operator.token) =>
  (await adminGet<{ list: Node[] }>(t.app, token, 'category/list')).body.data.list;
const appTree = async () =>
  (await call<AppNode[]>(t.app, { method: 'GET', url: `${API}/home/classification` })).body.data;
const auditOf = async (id: number | string) =>
  (
    await adminGet<{ list: { action: string; diff: object }[] }>(
      t.app,
      operator.token,
      `audit/list?resource=category&resourceId=${id}`,
    )
  ).body.data.list;

describe('console categories', () => {
  it('builds a two-level tree the app shows at once, with product counts; audited', async () => {
    await appTree(); // cached before the change
    const top = (await saveCategory({ name: '控制台家居', icon: '/c1.png' })).body.data.id;
    const a = (await saveCategory({ name: '床品', icon: '/c2.png', parentId: top })).body.data.id;
    const b = (await saveCategory({ name: '收纳', icon: '/c3.png', parentId: top })).body.data.id;
    await t.app.deps.db
      .insertInto('product')
      .values({
        store_id: storeId,
        category_id: b,
        title: '收纳箱',
        subtitle: '',
        main_image: '/p.png',
        images: '[]',
        price: 100,
        origin_price: 100,
      })
      .execute();

    const node = (await tree()).find((n) => n.id === top);
    expect(node).toMatchObject({ name: '控制台家居', parentId: null, productCount: 1 });
    expect(node?.children.map((c) => [c.name, c.productCount])).toEqual([
      ['床品', 0],
      ['收纳', 1],
    ]);
    expect((await appTree()).find((n) => n.id === top)?.children.map((c) => c.id)).toEqual([a, b]);
    // A 商家 reads the tree (to file products) but does not change it.
    expect((await tree(owner.token)).some((n) => n.id === top)).toBe(true);
    const denied = await saveCategory({ name: '商家分类', icon: '/x.png' }, owner.token);
    expect([denied.status, denied.body.error]).toEqual([403, 'FORBIDDEN']);

    // Renamed; reordered atomically; the app follows each change.
    expect(
      (await saveCategory({ id: a, name: '床上用品', icon: '/c2.png', parentId: top })).status,
    ).toBe(200);
    const sorted = await adminPost(t.app, operator.token, 'category/sort', {
      parentId: top,
      ids: [b, a],
    });
    expect(sorted.status).toBe(200);
    const inApp = (await appTree()).find((n) => n.id === top);
    expect(inApp?.children.map((c) => c.name)).toEqual(['收纳', '床上用品']);
    expect((await auditOf(a)).map((r) => r.action)).toEqual(['update', 'create']);
    expect((await auditOf(a))[0]?.diff).toEqual({ name: ['床品', '床上用品'] });
    expect((await auditOf(top)).map((r) => r.action)).toEqual(['sort', 'create']);

    // Deleting: refused while it has children or products, then allowed when empty.
    const withKids = await adminPost(t.app, operator.token, 'category/delete', { id: top });
    expect([withKids.status, withKids.body.error, withKids.body.msg]).toEqual([
      409,
      'CATEGORY_HAS_CHILDREN',
      '该分类下还有子分类，请先删除子分类',
    ]);
    const withGoods = await adminPost(t.app, operator.token, 'category/delete', { id: b });
    expect([withGoods.status, withGoods.body.error]).toEqual([409, 'CATEGORY_HAS_PRODUCTS']);
    expect((await adminPost(t.app, operator.token, 'category/delete', { id: a })).status).toBe(200);
    expect((await appTree()).find((n) => n.id === top)?.children.map((c) => c.id)).toEqual([b]);
    expect((await auditOf(a))[0]?.action).toBe('delete');
  });

  it('refuses bad names, parents and orders with catalogue errors', async () => {
    const top = (await saveCategory({ name: '控制台食品', icon: '/c.png' })).body.data.id;
    const child = (await saveCategory({ name: '零食', icon: '/c.png', parentId: top })).body.data
      .id;
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      [
        'category/save',
        { name: '一二三四五六七八九十一', icon: '/c.png' },
        400,
        'CATEGORY_NAME_INVALID',
      ],
      ['category/save', { name: '   ', icon: '/c.png' }, 400, 'CATEGORY_NAME_INVALID'],
      ['category/save', { name: '无图标', icon: '' }, 400, 'CATEGORY_ICON_INVALID'],
      [
        'category/save',
        { name: '三级', icon: '/c.png', parentId: child },
        400,
        'CATEGORY_PARENT_INVALID',
      ],
      [
        'category/save',
        { name: '不存在', icon: '/c.png', parentId: 2147483000 },
        400,
        'CATEGORY_PARENT_INVALID',
      ],
      [
        'category/save',
        { name: '零食', icon: '/c.png', parentId: top },
        409,
        'CATEGORY_NAME_TAKEN',
      ],
      ['category/save', { name: '控制台食品', icon: '/c.png' }, 409, 'CATEGORY_NAME_TAKEN'],
      // A first-level category with children cannot become a child.
      [
        'category/save',
        { id: top, name: '控制台食品', icon: '/c.png', parentId: top },
        400,
        'CATEGORY_PARENT_INVALID',
      ],
      ['category/save', { id: 2147483000, name: '无', icon: '/c.png' }, 404, 'CATEGORY_NOT_FOUND'],
      ['category/sort', { parentId: top, ids: [] }, 400, 'CATEGORY_SORT_INVALID'],
      ['category/sort', { parentId: top, ids: [child, child] }, 400, 'CATEGORY_SORT_INVALID'],
      ['category/sort', { parentId: top, ids: [top] }, 400, 'CATEGORY_SORT_INVALID'],
      ['category/sort', { parentId: child, ids: [child] }, 400, 'CATEGORY_PARENT_INVALID'],
      ['category/sort', { parentId: null, ids: [top] }, 400, 'CATEGORY_SORT_INVALID'],
      ['category/delete', { id: 2147483000 }, 404, 'CATEGORY_NOT_FOUND'],
      ['category/delete', { id: 'x' }, 404, 'CATEGORY_NOT_FOUND'],
    ];
    for (const [path, body, status, error] of cases) {
      const res = await adminPost(t.app, operator.token, path, body);
      expect([path, body, res.status, res.body.error]).toEqual([path, body, status, error]);
    }
  });

  it('reorders the first level with every first-level id', async () => {
    const ids = (await tree()).map((n) => n.id);
    const reversed = [...ids].reverse();
    const res = await adminPost(t.app, operator.token, 'category/sort', {
      parentId: null,
      ids: reversed,
    });
    expect(res.status).toBe(200);
    expect((await tree()).map((n) => n.id)).toEqual(reversed);
    expect((await appTree()).map((n) => n.id)).toEqual(reversed);
  });
});
