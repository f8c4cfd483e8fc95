import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  orderStatus,
  stockOf,
  topUp,
} from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
let buyer: Buyer;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  const { token, phone } = await login(t.app);
  await t.app.deps.db
    .updateTable('app_user')
    .set({ role: 'admin' })
    .where('phone', '=', phone)
    .execute();
  admin = token;
  buyer = await makeBuyer(t.app);
});
afterAll(async () => {
  await t.close();
});

type Data = Record<string, unknown>;
const post = (url: string, token: string, payload: Record<string, unknown>) =>
  call<Data>(t.app, { method: 'POST', url: `${API}/${url}`, token, payload });

describe('merchant API', () => {
  it('is for the admin role only', async () => {
    for (const url of [
      'admin/product/save',
      'admin/product/shelf',
      'admin/sku/stock',
      'admin/order/ship',
    ]) {
      const res = await post(url, buyer.token, {});
      expect([url, res.status, res.body.error]).toEqual([url, 403, 'FORBIDDEN']);
      const anon = await call(t.app, { method: 'POST', url: `${API}/${url}`, payload: {} });
      expect(anon.status).toBe(401);
    }
  });

  it('creates and edits a product with SKUs, shelves it and sets stock', async () => {
    const base = await makeProduct(t.app);
    const category = await t.app.deps.db
      .selectFrom('category')
      .select('id')
      .executeTakeFirstOrThrow();
    const body = {
      storeId: base.storeId,
      categoryId: category.id,
      title: '新款卫衣',
      mainImage: '/a.png',
      originPrice: 19900,
      skus: [
        {
          name: '黑色 M',
          price: 9900,
          originPrice: 19900,
          stock: 5,
          image: '/b.png',
          specs: { 颜色: '黑色' },
        },
        { name: '白色 M', price: 8900, originPrice: 19900, stock: 0, image: '/c.png' },
      ],
    };
    const created = await post('admin/product/save', admin, body);
    expect(created.status).toBe(200);
    const { id, skuIds } = created.body.data as { id: number; skuIds: number[] };
    const product = await t.app.deps.db
      .selectFrom('product')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({ title: '新款卫衣', price: 8900, status: 1 });

    const edited = await post('admin/product/save', admin, {
      ...body,
      id,
      title: '新款卫衣（加绒）',
      skus: [
        {
          id: skuIds[0],
          name: '黑色 L',
          price: 10900,
          originPrice: 19900,
          stock: 7,
          image: '/b.png',
        },
      ],
    });
    expect(edited.body.data).toEqual({ id, skuIds: [skuIds[0]] });
    expect(await stockOf(t.app, skuIds[0] as number)).toBe(7);
    expect(await stockOf(t.app, skuIds[1] as number)).toBe(0);

    expect((await post('admin/sku/stock', admin, { skuId: skuIds[0], stock: 2 })).body.code).toBe(
      1,
    );
    expect(await stockOf(t.app, skuIds[0] as number)).toBe(2);
    expect((await post('admin/product/shelf', admin, { id, on: false })).body.code).toBe(1);
    const off = await newOrder(t.app, buyer, [{ skuId: skuIds[0] as number, quantity: 1 }]);
    expect(off.body.error).toBe('PRODUCT_OFF_SHELF');
    await post('admin/product/shelf', admin, { id, on: 'true' });
    expect(
      (await newOrder(t.app, buyer, [{ skuId: skuIds[0] as number, quantity: 1 }])).status,
    ).toBe(200);
  });

  it.each([
    [{ skus: [] }, 400, 'PRODUCT_INVALID'],
    [{ title: '' }, 400, 'PRODUCT_INVALID'],
    [{ storeId: 2147483000 }, 404, 'STORE_NOT_FOUND'],
    [{ categoryId: 2147483000 }, 404, 'CATEGORY_NOT_FOUND'],
    [{ id: 2147483000 }, 404, 'PRODUCT_NOT_FOUND'],
    [
      { skus: [{ name: 'a', price: 100, originPrice: 50, stock: 1, image: '/x' }] },
      400,
      'PRODUCT_INVALID',
    ],
    [
      { skus: [{ name: 'a', price: -1, originPrice: 50, stock: 1, image: '/x' }] },
      400,
      'PRODUCT_INVALID',
    ],
  ])('refuses a product %o', async (over, status, error) => {
    const base = await makeProduct(t.app);
    const category = await t.app.deps.db
      .selectFrom('category')
      .select('id')
      .executeTakeFirstOrThrow();
    const res = await post('admin/product/save', admin, {
      storeId: base.storeId,
      categoryId: category.id,
      title: '商品',
      mainImage: '/a.png',
      originPrice: 100,
      skus: [{ name: 'a', price: 100, originPrice: 100, stock: 1, image: '/x' }],
      ...over,
    });
    expect([res.status, res.body.error]).toEqual([status, error]);
  });

  it('ships a paid order; the buyer confirms receipt and may then delete it', async () => {
    await topUp(t.app, buyer.token, 10000);
    const p = await makeProduct(t.app, { price: 2000 });
    const order = await newOrder(t.app, buyer, [{ skuId: p.skuIds[0] as number, quantity: 1 }]);
    const orderNo = order.body.data.orderNos[0] as string;
    const early = await post('admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰',
      trackingNo: 'SF123456',
    });
    expect([early.status, early.body.error]).toEqual([409, 'ORDER_STATE']);
    await post('order/newBalancePay', buyer.token, { orderNo, payPassword: '135790' });
    const confirmEarly = await post('order/newConfirm', buyer.token, { orderNo });
    expect(confirmEarly.body.error).toBe('ORDER_STATE');
    const bad = await post('admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰',
      trackingNo: '!',
    });
    expect([bad.status, bad.body.error]).toEqual([400, 'SHIPPING_INFO_INVALID']);
    const missing = await post('admin/order/ship', admin, {
      orderNo: 'nope',
      carrier: '顺丰',
      trackingNo: 'SF123456',
    });
    expect(missing.status).toBe(404);
    expect(
      (await post('admin/order/ship', admin, { orderNo, carrier: '顺丰', trackingNo: 'SF123456' }))
        .body.code,
    ).toBe(1);
    const changeAfter = await post('order/changeAddress', buyer.token, {
      orderNo,
      addressId: buyer.addressId,
    });
    expect(changeAfter.body.error).toBe('ORDER_STATE');
    const shipped = await orderStatus(t.app, buyer.token, orderNo);
    // 顺丰 is one of 顺丰速运's names: the order shows the carrier's own.
    expect(shipped.body.data).toMatchObject({
      status: 'unreceived',
      carrier: '顺丰速运',
      trackingNo: 'SF123456',
    });
    expect((await post('order/newConfirm', buyer.token, { orderNo })).body.code).toBe(1);
    const received = await orderStatus(t.app, buyer.token, orderNo);
    expect(received.body.data.status).toBe('unevaluated');
    expect(received.body.data.timeline.map((e) => e.status)).toEqual([
      'unpaid',
      'unshipped',
      'unreceived',
      'unevaluated',
    ]);
    expect((await post('order/delete', buyer.token, { orderNo })).body.code).toBe(1);
  });

  it('refuses to ship again an order refunded in full after it went out', async () => {
    await topUp(t.app, buyer.token, 10000);
    const p = await makeProduct(t.app, { price: 1500 });
    const skuId = p.skuIds[0] as number;
    const order = await newOrder(t.app, buyer, [{ skuId, quantity: 1 }]);
    const orderNo = order.body.data.orderNos[0] as string;
    await post('order/newBalancePay', buyer.token, { orderNo, payPassword: '135790' });
    const parcel = { orderNo, carrier: '顺丰速运', trackingNo: 'SF55550001' };
    expect((await post('admin/order/ship', admin, parcel)).status).toBe(200);
    // The same parcel again is a harmless replay while the order is out.
    expect((await post('admin/order/ship', admin, parcel)).status).toBe(200);
    const applied = await post('order/refundApply', buyer.token, {
      orderNo,
      skuId,
      amount: 1500,
      type: 'refund',
      reason: '不想要了',
    });
    expect(applied.status).toBe(200);
    const approved = await post('admin/refund/approve', admin, {
      refundNo: (applied.body.data as Data).refundNo,
    });
    expect(approved.status).toBe(200);
    expect((await orderStatus(t.app, buyer.token, orderNo)).body.data.status).toBe('cancelled');
    // Closed by the refund: the same parcel, or another, is refused, and nothing changes.
    for (const trackingNo of ['SF55550001', 'SF55550002']) {
      const again = await post('admin/order/ship', admin, { ...parcel, trackingNo });
      expect([again.status, again.body.error]).toEqual([409, 'ORDER_STATE']);
    }
    expect((await orderStatus(t.app, buyer.token, orderNo)).body.data.status).toBe('cancelled');
  });
});
