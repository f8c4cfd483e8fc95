import type { CartAddData, CartCountData, CartView } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, login } from '../../../test/helpers.ts';
import { type CartFixture, cartFixture } from '../../../test/kits/cart-kit.ts';

describe('cart', () => {
  let f: CartFixture;
  let a: string;
  let b: string;
  let userA: number;
  const app = () => f.t.app;
  const db = () => f.db();
  const post: CartFixture['post'] = (...args) => f.post(...args);
  const postJson: CartFixture['postJson'] = (...args) => f.postJson(...args);
  const get: CartFixture['get'] = (...args) => f.get(...args);
  const view = (token: string) => f.view(token);
  const lines = () => f.lines();
  const setStock = (skuId: number, stock: number) => f.setStock(skuId, stock);
  const setStatus = (productId: number, status: number) => f.setStatus(productId, status);
  const newUser = () => f.newUser();
  const sku = (i: number) => f.sku(i);

  beforeAll(async () => {
    f = await cartFixture();
    const ua = await newUser();
    a = ua.token;
    userA = ua.id;
    b = (await login(app())).token;
  }, 120_000);
  afterAll(() => f?.t.close());

  it('needs a login for every route', async () => {
    for (const [method, url] of [
      ['GET', 'list'],
      ['GET', 'count'],
      ['POST', 'add'],
      ['POST', 'edit'],
      ['POST', 'select'],
      ['POST', 'deleteBatch'],
    ] as const) {
      const res = await call(app(), { method, url: `${API}/cart/${url}` });
      expect(res.status, url).toBe(401);
      expect(res.body.error).toBe('LOGIN_REQUIRED');
    }
  });

  describe('add', () => {
    it('adds a line and merges later adds of the same SKU', async () => {
      const first = await post<CartAddData>('add', { skuId: sku(0).skuId, quantity: 2 }, a);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ quantity: 2, count: 2 });
      const again = await postJson<CartAddData>('add', { skuId: sku(0).skuId, quantity: 3 }, a);
      expect(again.body.data).toEqual({ id: first.body.data.id, quantity: 5, count: 5 });
      const count = await get<CartCountData>('count', a);
      expect(count.body.data).toEqual({ count: 5 });
      expect((await lines()).filter((l) => l.user_id === userA)).toHaveLength(1);
    });

    it('refuses bad input with a catalogue error and writes nothing', async () => {
      const before = await lines();
      await setStatus(sku(3).productId, 0);
      await setStock(sku(2).skuId, 0);
      const cases: [Record<string, string | number>, number, string][] = [
        [{ skuId: 2_000_000_000, quantity: 1 }, 404, 'SKU_NOT_FOUND'],
        [{ skuId: 0, quantity: 1 }, 400, 'INVALID_PARAM'],
        [{ skuId: 'abc', quantity: 1 }, 400, 'INVALID_PARAM'],
        [{ quantity: 1 }, 400, 'INVALID_PARAM'],
        [{ skuId: sku(1).skuId, quantity: 0 }, 400, 'QUANTITY_INVALID'],
        [{ skuId: sku(1).skuId, quantity: -1 }, 400, 'QUANTITY_INVALID'],
        [{ skuId: sku(1).skuId, quantity: 1.5 }, 400, 'QUANTITY_INVALID'],
        [{ skuId: sku(1).skuId, quantity: 1000 }, 400, 'QUANTITY_INVALID'],
        [{ skuId: sku(1).skuId }, 400, 'QUANTITY_INVALID'],
        [{ skuId: sku(1).skuId, quantity: 51 }, 409, 'STOCK_NOT_ENOUGH'],
        // merged total over stock: the line keeps its 5
        [{ skuId: sku(0).skuId, quantity: 46 }, 409, 'STOCK_NOT_ENOUGH'],
        [{ skuId: sku(2).skuId, quantity: 1 }, 409, 'SKU_SOLD_OUT'],
        [{ skuId: sku(3).skuId, quantity: 1 }, 409, 'PRODUCT_OFF_SHELF'],
      ];
      for (const [body, status, error] of cases) {
        const res = await post('add', body, a);
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body).toMatchObject({ code: status, error, data: null });
      }
      const bad = await call(app(), {
        method: 'POST',
        url: `${API}/cart/add`,
        token: a,
        headers: { 'content-type': 'application/json' },
        payload: '{"skuId":',
      });
      expect(bad.status).toBe(400);
      expect(await lines()).toEqual(before);
      await setStatus(sku(3).productId, 1);
      await setStock(sku(2).skuId, 50);
    });

    it('caps a line at 999 even when stock is larger', async () => {
      const c = (await login(app())).token;
      await setStock(sku(1).skuId, 5000);
      expect((await post('add', { skuId: sku(1).skuId, quantity: 999 }, c)).status).toBe(200);
      const over = await post('add', { skuId: sku(1).skuId, quantity: 1 }, c);
      expect(over.status).toBe(400);
      expect(over.body.error).toBe('QUANTITY_INVALID');
      expect((await view(c)).stores[0]?.items[0]?.quantity).toBe(999);
      await setStock(sku(1).skuId, 50);
    });

    it('keeps at most 120 distinct lines, while merging still works', async () => {
      const c = await newUser();
      await post('add', { skuId: sku(0).skuId, quantity: 1 }, c.token);
      await db()
        .insertInto('cart_item')
        .values(
          Array.from({ length: 119 }, (_, i) => ({
            user_id: c.id,
            sku_id: 1_000_000 + i,
            quantity: 1,
            title: '已删除的商品',
            image: '/x.jpg',
            sku_name: '默认',
          })),
        )
        .execute();
      const full = await post('add', { skuId: sku(1).skuId, quantity: 1 }, c.token);
      expect(full.status).toBe(409);
      expect(full.body.error).toBe('CART_FULL');
      const merge = await post<CartAddData>('add', { skuId: sku(0).skuId, quantity: 1 }, c.token);
      expect(merge.status).toBe(200);
      expect(merge.body.data.quantity).toBe(2);
      const count = await db()
        .selectFrom('cart_item')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', c.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(120);
    });

    it('merges concurrent adds of one SKU into one line with the summed quantity', async () => {
      const c = (await login(app())).token;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => post('add', { skuId: sku(1).skuId, quantity: 2 }, c)),
      );
      expect(results.every((r) => r.status === 200)).toBe(true);
      const v = await view(c);
      expect(v.stores.flatMap((g) => g.items.map((i) => i.quantity))).toEqual([20]);
    });
  });

  describe('list', () => {
    it('groups by store with live prices, the invalid section and totals', async () => {
      await post('add', { skuId: sku(2).skuId, quantity: 1 }, a);
      await post('add', { skuId: sku(1).skuId, quantity: 2 }, a);
      await post('add', { skuId: sku(3).skuId, quantity: 4 }, a);
      // the newest line's store comes first: store Y (sku 3, sku 2), then store X (sku 1, sku 0)
      let v = await view(a);
      expect(v.stores.map((g) => g.storeId)).toEqual([sku(3).storeId, sku(0).storeId]);
      expect(v.stores[0]?.items.map((i) => i.skuId)).toEqual([sku(3).skuId, sku(2).skuId]);
      expect(v.stores[1]?.items.map((i) => i.skuId)).toEqual([sku(1).skuId, sku(0).skuId]);
      expect(v.stores[0]?.storeName.length).toBeGreaterThan(0);
      const price = (i: number) => sku(i).price;
      expect(v.totals).toEqual({
        selectedCount: 12,
        totalPrice: price(0) * 5 + price(1) * 2 + price(2) + price(3) * 4,
        allSelected: true,
      });

      // a price change shows at once: prices are never copied into the cart
      await db().updateTable('sku').set({ price: 12_345 }).where('id', '=', sku(0).skuId).execute();
      v = await view(a);
      const item0 = v.stores[1]?.items.find((i) => i.skuId === sku(0).skuId);
      expect(item0?.price).toBe(12_345);
      expect(v.totals.totalPrice).toBe(12_345 * 5 + price(1) * 2 + price(2) + price(3) * 4);
      await db()
        .updateTable('sku')
        .set({ price: price(0) })
        .where('id', '=', sku(0).skuId)
        .execute();

      // off shelf, sold out: moved to the invalid section and out of totals and the badge
      await setStatus(sku(3).productId, 0);
      await setStock(sku(1).skuId, 0);
      v = await view(a);
      expect(v.invalid.map((i) => [i.skuId, i.reason])).toEqual([
        [sku(3).skuId, 'offShelf'],
        [sku(1).skuId, 'soldOut'],
      ]);
      expect(v.stores.flatMap((g) => g.items.map((i) => i.skuId))).toEqual([
        sku(2).skuId,
        sku(0).skuId,
      ]);
      expect(v.totals).toEqual({
        selectedCount: 6,
        totalPrice: price(0) * 5 + price(2),
        allSelected: true,
      });
      expect((await get<CartCountData>('count', a)).body.data.count).toBe(6);
      await setStatus(sku(3).productId, 1);
      await setStock(sku(1).skuId, 50);
    });

    it("never shows another user's lines", async () => {
      const v = await view(b);
      expect(v).toEqual({
        stores: [],
        invalid: [],
        totals: { selectedCount: 0, totalPrice: 0, allSelected: false },
      });
      expect((await get<CartCountData>('count', b)).body.data.count).toBe(0);
    });
  });

  describe('edit, select, deleteBatch', () => {
    const idOf = async (token: string, i: number) => {
      const v = await view(token);
      const item = v.stores.flatMap((g) => g.items).find((x) => x.skuId === sku(i).skuId);
      if (!item) throw new Error(`sku ${i} not in cart`);
      return item.id;
    };

    it('changes quantity within 1..stock and toggles selection', async () => {
      const id = await idOf(a, 0);
      const res = await post<CartView>('edit', { id, quantity: 7 }, a);
      expect(res.status).toBe(200);
      const item = res.body.data.stores.flatMap((g) => g.items).find((i) => i.id === id);
      expect(item?.quantity).toBe(7);
      const off = await post<CartView>('edit', { id, selected: 'false' }, a);
      expect(off.body.data.stores.flatMap((g) => g.items).find((i) => i.id === id)?.selected).toBe(
        false,
      );
      expect(off.body.data.totals.allSelected).toBe(false);
      const before = await lines();
      for (const [body, status, error] of [
        [{ id, quantity: 51 }, 409, 'STOCK_NOT_ENOUGH'],
        [{ id, quantity: 0 }, 400, 'QUANTITY_INVALID'],
        [{ id, quantity: 1000 }, 400, 'QUANTITY_INVALID'],
        [{ id }, 400, 'INVALID_PARAM'],
        [{ id: 'x', quantity: 1 }, 400, 'INVALID_PARAM'],
        [{ id: 2_000_000_000, quantity: 1 }, 404, 'CART_ITEM_NOT_FOUND'],
      ] as const) {
        const r = await post('edit', body, a);
        expect(r.status, JSON.stringify(body)).toBe(status);
        expect(r.body.error).toBe(error);
      }
      await setStatus(sku(0).productId, 0);
      const offShelf = await post('edit', { id, quantity: 2 }, a);
      expect(offShelf.status).toBe(409);
      expect(offShelf.body.error).toBe('PRODUCT_OFF_SHELF');
      await setStatus(sku(0).productId, 1);
      expect(await lines()).toEqual(before);
      await post('edit', { id, selected: 'true' }, a);
    });

    it('selects by ids, by store, or all; exactly one of them', async () => {
      const id0 = await idOf(a, 0);
      const id1 = await idOf(a, 1);
      let v = (await post<CartView>('select', { selected: 'false', ids: `${id0},${id1}` }, a)).body
        .data;
      const selectedOf = (x: CartView) =>
        Object.fromEntries(x.stores.flatMap((g) => g.items.map((i) => [i.skuId, i.selected])));
      expect(selectedOf(v)).toEqual({
        [sku(0).skuId]: false,
        [sku(1).skuId]: false,
        [sku(2).skuId]: true,
        [sku(3).skuId]: true,
      });
      v = (await postJson<CartView>('select', { selected: true, storeId: sku(0).storeId }, a)).body
        .data;
      expect(Object.values(selectedOf(v)).every(Boolean)).toBe(true);
      v = (await post<CartView>('select', { selected: 'false', all: 'true' }, a)).body.data;
      expect(Object.values(selectedOf(v)).some(Boolean)).toBe(false);
      expect(v.totals).toMatchObject({ selectedCount: 0, totalPrice: 0, allSelected: false });
      v = (await postJson<CartView>('select', { selected: true, all: true }, a)).body.data;
      expect(v.totals.allSelected).toBe(true);

      const before = await lines();
      for (const [body, status, error] of [
        [{ selected: 'true' }, 400, 'INVALID_PARAM'],
        [{ selected: 'true', all: 'false' }, 400, 'INVALID_PARAM'],
        [{ selected: 'true', all: 'true', ids: `${id0}` }, 400, 'INVALID_PARAM'],
        [{ selected: 'false', ids: 'a,b' }, 400, 'IDS_INVALID'],
        [{ selected: 'false', ids: `${id0},2000000000` }, 404, 'CART_ITEM_NOT_FOUND'],
        [{ selected: 'false', storeId: 2_000_000_000 }, 404, 'CART_ITEM_NOT_FOUND'],
        [{ ids: `${id0}` }, 400, 'INVALID_PARAM'],
      ] as const) {
        const r = await post('select', body, a);
        expect(r.status, JSON.stringify(body)).toBe(status);
        expect(r.body.error).toBe(error);
      }
      expect(await lines()).toEqual(before);
    });

    it("gives 404 for another user's lines on every route and changes nothing of theirs", async () => {
      const id0 = await idOf(a, 0);
      await post('add', { skuId: sku(0).skuId, quantity: 1 }, b);
      const theirs = await idOf(b, 0);
      const before = await lines();
      for (const [url, body] of [
        ['edit', { id: id0, quantity: 1 }],
        ['edit', { id: id0, selected: 'false' }],
        ['select', { selected: 'false', ids: `${id0}` }],
        ['select', { selected: 'false', ids: `${theirs},${id0}` }],
        ['deleteBatch', { ids: `${id0}` }],
        ['deleteBatch', { ids: `${theirs},${id0}` }],
      ] as const) {
        const r = await post(url, body, b);
        expect(r.status, `${url} ${JSON.stringify(body)}`).toBe(404);
        expect(r.body.error).toBe('CART_ITEM_NOT_FOUND');
      }
      // selecting "all" or a store only ever touches the caller's own lines
      await post('select', { selected: 'false', all: 'true' }, b);
      await post('select', { selected: 'false', storeId: sku(0).storeId }, b);
      const after = await lines();
      expect(after.filter((l) => l.user_id === userA)).toEqual(
        before.filter((l) => l.user_id === userA),
      );
    });

    it('deletes in batch from a comma list, a JSON array or repeated fields, all or nothing', async () => {
      const c = (await login(app())).token;
      for (const i of [0, 1, 2, 3]) await post('add', { skuId: sku(i).skuId, quantity: 1 }, c);
      const ids = await Promise.all([0, 1, 2, 3].map((i) => idOf(c, i)));
      const [i0, i1, i2, i3] = ids as [number, number, number, number];
      const before = await lines();
      const mixed = await post('deleteBatch', { ids: `${i0},${i1},2000000000` }, c);
      expect(mixed.status).toBe(404);
      expect(mixed.body.error).toBe('CART_ITEM_NOT_FOUND');
      for (const bad of ['', 'a', '1,,2', '-1']) {
        const r = await post('deleteBatch', { ids: bad }, c);
        expect(r.status, bad).toBe(400);
        expect(r.body.error).toBe('IDS_INVALID');
      }
      expect((await postJson('deleteBatch', { ids: [] }, c)).body.error).toBe('IDS_INVALID');
      expect(await lines()).toEqual(before);

      let v = (await post<CartView>('deleteBatch', { ids: `${i0}, ${i1}` }, c)).body.data;
      expect(v.stores.flatMap((g) => g.items.map((i) => i.id)).sort()).toEqual([i2, i3].sort());
      v = (await postJson<CartView>('deleteBatch', { ids: [i2] }, c)).body.data;
      expect(v.stores.flatMap((g) => g.items.map((i) => i.id))).toEqual([i3]);
      const repeated = await call<CartView>(app(), {
        method: 'POST',
        url: `${API}/cart/deleteBatch`,
        token: c,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `ids=${i3}&ids=${i3}`,
      });
      expect(repeated.status).toBe(200);
      expect(repeated.body.data.stores).toEqual([]);
    });

    it('deletes an invalid line whose SKU is gone', async () => {
      const c = await newUser();
      await db()
        .insertInto('cart_item')
        .values({
          user_id: c.id,
          sku_id: 1_999_999,
          quantity: 3,
          title: '旧商品',
          image: '/old.jpg',
          sku_name: '红色',
        })
        .execute();
      const v = await view(c.token);
      expect(v.invalid).toEqual([
        expect.objectContaining({ reason: 'gone', title: '旧商品', productId: 0, quantity: 3 }),
      ]);
      const id = v.invalid[0]?.id ?? 0;
      const after = await post<CartView>('deleteBatch', { ids: id }, c.token);
      expect(after.body.data.invalid).toEqual([]);
    });
  });
});
