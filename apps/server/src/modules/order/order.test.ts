import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, type TestApp } from '../../../test/helpers.ts';
import {
  type Buyer,
  clientKey,
  makeBuyer,
  makeProduct,
  newOrder,
  orderStatus,
  stockOf,
} from '../../../test/kits/order-kit.ts';

let t: TestApp;
let a: Buyer;
let b: Buyer;
beforeAll(async () => {
  t = await createTestApp();
  [a, b] = await Promise.all([makeBuyer(t.app), makeBuyer(t.app)]);
});
afterAll(async () => {
  await t.close();
});

type Data = Record<string, unknown>;
const post = (url: string, token: string, payload: Record<string, unknown>) =>
  call<Data>(t.app, { method: 'POST', url: `${API}/order/${url}`, token, payload });

describe('order preview', () => {
  it('groups items per store with shipping, totals and the default address', async () => {
    const cheap = await makeProduct(t.app, { price: 3000 });
    const dear = await makeProduct(t.app, { price: 12000 });
    const res = await call<Data>(t.app, {
      method: 'POST',
      url: `${API}/order/preview`,
      token: a.token,
      ...form({
        items: JSON.stringify([
          { skuId: cheap.skuIds[0], quantity: 2 },
          { skuId: dear.skuIds[0], quantity: 1 },
        ]),
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      address: { id: a.addressId, name: '张三' },
      goodsAmount: 18000,
      shippingFee: 800,
      totalAmount: 18800,
      balance: 0,
      balanceDeductible: 0,
      stores: [
        { storeId: cheap.storeId, goodsAmount: 6000, shippingFee: 800, payAmount: 6800 },
        { storeId: dear.storeId, goodsAmount: 12000, shippingFee: 0, payAmount: 12000 },
      ],
    });
  });

  it.each([
    [{ items: 'not json' }, 400, 'ORDER_ITEMS_INVALID'],
    [{ items: '[]' }, 400, 'ORDER_ITEMS_INVALID'],
    [{ items: '[{"skuId":1,"quantity":0}]' }, 400, 'QUANTITY_INVALID'],
    [{ items: '[{"skuId":1,"quantity":1.5}]' }, 400, 'QUANTITY_INVALID'],
    [{ items: '[{"skuId":2147483000,"quantity":1}]' }, 404, 'SKU_NOT_FOUND'],
    [{ items: [{ skuId: 'x', quantity: 1 }] }, 404, 'SKU_NOT_FOUND'],
  ])('rejects %o', async (body, status, error) => {
    const res = await post('preview', a.token, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(res.body.msg).toBeTruthy();
  });

  it('needs a session', async () => {
    const res = await call(t.app, { method: 'POST', url: `${API}/order/preview`, payload: {} });
    expect(res.status).toBe(401);
  });
});

describe('order submit', () => {
  it('creates one order per store, reserves stock and is idempotent on the client key', async () => {
    const p1 = await makeProduct(t.app, { price: 3000, stock: 5 });
    const p2 = await makeProduct(t.app, { price: 5000, stock: 5 });
    const key = clientKey();
    const body = {
      clientKey: key,
      addressId: a.addressId,
      items: JSON.stringify([
        { skuId: p1.skuIds[0], quantity: 2 },
        { skuId: p2.skuIds[0], quantity: 1 },
      ]),
      note: '请尽快发货',
    };
    const first = await call<Data>(t.app, {
      method: 'POST',
      url: `${API}/order/newAdd`,
      token: a.token,
      ...form(body as Record<string, string | number>),
    });
    expect(first.status).toBe(200);
    const data = first.body.data as { payNo: string; orderNos: string[]; payAmount: number };
    expect(data.orderNos).toHaveLength(2);
    expect(data.payAmount).toBe(6800 + 5800);
    expect(await stockOf(t.app, p1.skuIds[0] as number)).toBe(3);
    const again = await post('newAdd', a.token, body);
    expect(again.body.data).toEqual(first.body.data);
    expect(await stockOf(t.app, p1.skuIds[0] as number)).toBe(3);

    const detail = await orderStatus(t.app, a.token, data.orderNos[0] as string);
    expect(detail.body.data).toMatchObject({
      status: 'unpaid',
      statusText: '待付款',
      note: '请尽快发货',
      address: { id: a.addressId, fullAddress: expect.stringContaining('文三路100号') },
      timeline: [{ status: 'unpaid' }],
    });
    const expiresAt = Date.parse(detail.body.data.expiresAt as string);
    expect(expiresAt - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5000);
  });

  it('answers concurrent repeats of one submit with the same orders', async () => {
    const p = await makeProduct(t.app, { stock: 50 });
    const body = {
      clientKey: clientKey(),
      addressId: a.addressId,
      items: [{ skuId: p.skuIds[0], quantity: 1 }],
    };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('newAdd', a.token, body)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    expect(await stockOf(t.app, p.skuIds[0] as number)).toBe(49);
  });

  it('rolls everything back when one SKU is short', async () => {
    const p = await makeProduct(t.app, { stock: 5, skus: 2 });
    await t.app.deps.db
      .updateTable('sku')
      .set({ stock: 1 })
      .where('id', '=', p.skuIds[1] as number)
      .execute();
    const before = await t.app.deps.db
      .selectFrom('shop_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await newOrder(t.app, a, [
      { skuId: p.skuIds[0] as number, quantity: 2 },
      { skuId: p.skuIds[1] as number, quantity: 2 },
    ]);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('STOCK_NOT_ENOUGH');
    expect(await stockOf(t.app, p.skuIds[0] as number)).toBe(5);
    expect(await stockOf(t.app, p.skuIds[1] as number)).toBe(1);
    const after = await t.app.deps.db
      .selectFrom('shop_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each([
    [{ clientKey: 'short' }, 400, 'CLIENT_KEY_INVALID'],
    [{ clientKey: undefined }, 400, 'CLIENT_KEY_INVALID'],
    [{ addressId: 0 }, 404, 'ADDRESS_REQUIRED'],
    [{ addressId: 2147483000 }, 404, 'ADDRESS_REQUIRED'],
    [{ note: 'x'.repeat(201) }, 400, 'ORDER_NOTE_TOO_LONG'],
    [{ items: '[{"skuId":1}]' }, 400, 'QUANTITY_INVALID'],
  ])('rejects %o and writes nothing', async (over, status, error) => {
    const p = await makeProduct(t.app, { stock: 5 });
    const body = {
      clientKey: clientKey(),
      addressId: a.addressId,
      items: [{ skuId: p.skuIds[0], quantity: 1 }],
      ...over,
    };
    const res = await post('newAdd', a.token, body);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
    expect(await stockOf(t.app, p.skuIds[0] as number)).toBe(5);
  });

  it("refuses another user's address, off-shelf products and over-stock quantities", async () => {
    const p = await makeProduct(t.app, { stock: 3 });
    const sku = p.skuIds[0] as number;
    const other = await post('newAdd', a.token, {
      clientKey: clientKey(),
      addressId: b.addressId,
      items: [{ skuId: sku, quantity: 1 }],
    });
    expect(other.body.error).toBe('ADDRESS_REQUIRED');
    expect((await newOrder(t.app, a, [{ skuId: sku, quantity: 4 }])).body.error).toBe(
      'STOCK_NOT_ENOUGH',
    );
    await t.app.deps.db
      .updateTable('product')
      .set({ status: 0 })
      .where('id', '=', p.productId)
      .execute();
    expect((await newOrder(t.app, a, [{ skuId: sku, quantity: 1 }])).body.error).toBe(
      'PRODUCT_OFF_SHELF',
    );
    expect(await stockOf(t.app, sku)).toBe(3);
  });
});

describe('order lifecycle', () => {
  it('cancels an unpaid order once and releases its stock', async () => {
    const p = await makeProduct(t.app, { stock: 5 });
    const sku = p.skuIds[0] as number;
    const res = await newOrder(t.app, a, [{ skuId: sku, quantity: 2 }]);
    const orderNo = res.body.data.orderNos[0] as string;
    expect(await stockOf(t.app, sku)).toBe(3);
    expect((await post('cancel', b.token, { orderNo })).status).toBe(404);
    expect((await post('cancel', a.token, { orderNo })).body.code).toBe(1);
    expect(await stockOf(t.app, sku)).toBe(5);
    const again = await post('cancel', a.token, { orderNo });
    expect([again.status, again.body.error]).toEqual([409, 'ORDER_CANCELLED']);
    expect(await stockOf(t.app, sku)).toBe(5);
    const detail = await orderStatus(t.app, a.token, orderNo);
    expect(detail.body.data.status).toBe('cancelled');
    expect(detail.body.data.expiresAt).toBeNull();
    expect(detail.body.data.timeline.map((e) => e.status)).toEqual(['unpaid', 'cancelled']);
  });

  it("lists by tab and hides B's orders from A", async () => {
    const p = await makeProduct(t.app, { stock: 5 });
    const res = await newOrder(t.app, b, [{ skuId: p.skuIds[0] as number, quantity: 1 }]);
    const orderNo = res.body.data.orderNos[0] as string;
    const list = (token: string, status: string) =>
      call<{ list: { orderNo: string }[]; total: number }>(t.app, {
        method: 'GET',
        url: `${API}/order/list?status=${status}&pageNum=1&pageSize=50`,
        token,
      });
    expect((await list(b.token, 'unpaid')).body.data.list.map((o) => o.orderNo)).toContain(orderNo);
    expect((await list(b.token, 'unshipped')).body.data.list.map((o) => o.orderNo)).not.toContain(
      orderNo,
    );
    expect((await list(b.token, 'aftersale')).body.data.total).toBe(0);
    expect((await list(a.token, 'all')).body.data.list.map((o) => o.orderNo)).not.toContain(
      orderNo,
    );
    expect((await list(a.token, 'bogus')).status).toBe(400);
    const pageErr = await call(t.app, {
      method: 'GET',
      url: `${API}/order/list?pageSize=101`,
      token: a.token,
    });
    expect(pageErr.status).toBe(400);
    expect((await orderStatus(t.app, a.token, orderNo)).status).toBe(404);
    for (const action of ['delete', 'buyAgain', 'newConfirm']) {
      const r = await post(action, a.token, { orderNo });
      expect([action, r.status, r.body.error]).toEqual([action, 404, 'ORDER_NOT_FOUND']);
    }
    const change = await post('changeAddress', a.token, { orderNo, addressId: a.addressId });
    expect(change.status).toBe(404);
  });

  it('deletes only closed orders, changes the address before shipping, and buys again', async () => {
    const p = await makeProduct(t.app, { stock: 5 });
    const sku = p.skuIds[0] as number;
    const orderNo = (await newOrder(t.app, a, [{ skuId: sku, quantity: 2 }])).body.data
      .orderNos[0] as string;
    const del = await post('delete', a.token, { orderNo });
    expect([del.status, del.body.error]).toEqual([409, 'ORDER_STATE']);
    const second = await call<{ id: number }>(t.app, {
      method: 'POST',
      url: `${API}/address/add`,
      token: a.token,
      ...form({
        name: '李四',
        phone: a.phone,
        provinceCode: '110000',
        cityCode: '110100',
        districtCode: '110101',
        detail: '长安街1号',
      }),
    });
    const changed = await post('changeAddress', a.token, {
      orderNo,
      addressId: second.body.data.id,
    });
    expect(changed.body.data).toMatchObject({ address: { name: '李四' } });
    const again = await post('buyAgain', a.token, { orderNo });
    expect(again.body.data).toEqual({ added: [sku], skipped: [] });
    await post('cancel', a.token, { orderNo });
    expect((await post('delete', a.token, { orderNo })).body.code).toBe(1);
    expect((await orderStatus(t.app, a.token, orderNo)).status).toBe(404);
  });
});
