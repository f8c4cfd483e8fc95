import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  type Buyer,
  balanceOf,
  type Catalogue,
  makeBuyer,
  makeProduct,
  salesOf,
  stockOf,
} from '../order/order-fixture.ts';
import { apply, get, makeAdmin, orderAt, post } from './aftersale-fixture.ts';

let t: TestApp;
let admin: string;
let a: Buyer;
let b: Buyer;
let shop: Catalogue;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0', AFTERSALE_DAYS: '7' });
  admin = await makeAdmin(t.app);
  a = await makeBuyer(t.app);
  b = await makeBuyer(t.app);
  // ¥25.00 a piece: under the free-shipping threshold, so single orders carry ¥8 shipping.
  shop = await makeProduct(t.app, { price: 2500, stock: 1000, skus: 2 });
});
afterAll(async () => {
  await t.close();
});

const sku = () => shop.skuIds[0] as number;
const sku2 = () => shop.skuIds[1] as number;
const refundCount = async () =>
  Number(
    (
      await t.app.deps.db
        .selectFrom('refund')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('authorization', () => {
  it('buyer routes need a session; merchant routes need the admin role', async () => {
    for (const url of ['order/refundApply', 'order/returnOrder', 'order/cancelReturnOrder']) {
      const anon = await call(t.app, { method: 'POST', url: `${API}/${url}`, payload: {} });
      expect([url, anon.status]).toEqual([url, 401]);
    }
    for (const url of ['order/queryRefundMoney', 'order/refundDetails', 'order/refundList']) {
      const anon = await call(t.app, { method: 'GET', url: `${API}/${url}` });
      expect([url, anon.status]).toEqual([url, 401]);
    }
    for (const url of ['admin/refund/approve', 'admin/refund/reject', 'admin/refund/receive']) {
      const res = await post(t.app, url, a.token, { refundNo: 'R1', reason: 'x' });
      expect([url, res.status, res.body.error]).toEqual([url, 403, 'FORBIDDEN']);
    }
    const list = await get(t.app, 'admin/refund/list', a.token);
    expect(list.status).toBe(403);
  });

  it("a buyer never sees or changes another buyer's order or request", async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    const quote = await get(t.app, 'order/queryRefundMoney', b.token, { orderNo, skuId: sku() });
    expect([quote.status, quote.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const stolen = await apply(t.app, b, { orderNo, skuId: sku(), amount: 100 });
    expect([stolen.status, stolen.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const mine = await apply(t.app, a, { orderNo, skuId: sku(), amount: 3300 });
    expect(mine.status).toBe(200);
    const refundNo = mine.body.data.refundNo;
    const detail = await get(t.app, 'order/refundDetails', b.token, { refundNo });
    expect([detail.status, detail.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    const cancel = await post(t.app, 'order/cancelReturnOrder', b.token, { refundNo });
    expect([cancel.status, cancel.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    const send = await post(t.app, 'order/returnOrder', b.token, {
      refundNo,
      carrier: '顺丰',
      trackingNo: 'SF0001',
    });
    expect(send.status).toBe(404);
    const listB = await get<{ total: number }>(t.app, 'order/refundList', b.token);
    expect(listB.body.data.total).toBe(0);
    const byOrder = await get(t.app, 'order/refundList', b.token, { orderNo });
    expect(byOrder.status).toBe(404);
    // Clean up: a's request withdrawn.
    expect((await post(t.app, 'order/cancelReturnOrder', a.token, { refundNo })).status).toBe(200);
  });
});

describe('queryRefundMoney', () => {
  it('before shipping: the whole line plus shipping, refund only, amount fixed', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 2 }], 'paid');
    const res = await get<Record<string, unknown>>(t.app, 'order/queryRefundMoney', a.token, {
      orderNo,
      skuId: sku(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      itemAmount: 5000,
      refunded: 0,
      shippingIncluded: 800,
      maxAmount: 5800,
      fullRequired: true,
      types: ['refund'],
      refundTo: 'balance',
      windowEndsAt: null,
    });
    expect((res.body.data.reasons as string[]).length).toBeGreaterThan(3);
  });

  it('with two lines before shipping, shipping comes back only with the last one', async () => {
    const { orderNo } = await orderAt(
      t.app,
      a,
      admin,
      [
        { skuId: sku(), quantity: 1 },
        { skuId: sku2(), quantity: 1 },
      ],
      'paid',
    );
    const first = await get<{ maxAmount: number }>(t.app, 'order/queryRefundMoney', a.token, {
      orderNo,
      skuId: sku(),
    });
    expect(first.body.data.maxAmount).toBe(2500);
    const one = await apply(t.app, a, { orderNo, skuId: sku(), amount: 2500 });
    expect(one.status).toBe(200);
    const second = await get<{ maxAmount: number }>(t.app, 'order/queryRefundMoney', a.token, {
      orderNo,
      skuId: sku2(),
    });
    expect(second.body.data.maxAmount).toBe(3300);
  });

  it('after receipt: both types, any amount up to the line, window end shown', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    const res = await get<Record<string, unknown>>(t.app, 'order/queryRefundMoney', a.token, {
      orderNo,
      skuId: sku(),
    });
    expect(res.body.data).toMatchObject({
      maxAmount: 2500,
      shippingIncluded: 0,
      fullRequired: false,
      types: ['refund', 'return'],
    });
    const ends = new Date(res.body.data.windowEndsAt as string).getTime();
    expect(Math.abs(ends - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
  });

  it('answers catalogue errors for unpaid orders, unknown lines and bad input', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'unpaid');
    const unpaid = await get(t.app, 'order/queryRefundMoney', a.token, { orderNo, skuId: sku() });
    expect([unpaid.status, unpaid.body.error]).toEqual([409, 'REFUND_ORDER_UNPAID']);
    const line = await get(t.app, 'order/queryRefundMoney', a.token, { orderNo, skuId: 999999 });
    expect(line.status).toBe(404);
    const bad = await get(t.app, 'order/queryRefundMoney', a.token, { orderNo, skuId: 'x' });
    expect([bad.status, bad.body.error]).toEqual([404, 'REFUND_ITEM_NOT_FOUND']);
  });
});

describe('refundApply: bad input writes nothing', () => {
  it('refuses each bad request with its catalogue error', async () => {
    const paid = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    const got = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    const unpaid = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'unpaid');
    const before = await refundCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ orderNo: got.orderNo, amount: 2501 }, 400, 'REFUND_AMOUNT_EXCEEDED'],
      [{ orderNo: got.orderNo, amount: 0 }, 400, 'REFUND_AMOUNT_INVALID'],
      [{ orderNo: got.orderNo, amount: 1.5 }, 400, 'REFUND_AMOUNT_INVALID'],
      [{ orderNo: got.orderNo, amount: 100, type: 'swap' }, 400, 'REFUND_TYPE_INVALID'],
      [{ orderNo: got.orderNo, amount: 100, reason: '随便' }, 400, 'REFUND_REASON_INVALID'],
      [{ orderNo: got.orderNo, amount: 100, reason: '' }, 400, 'REFUND_REASON_INVALID'],
      [
        { orderNo: got.orderNo, amount: 100, description: '长'.repeat(201) },
        400,
        'REFUND_DESC_TOO_LONG',
      ],
      [
        { orderNo: got.orderNo, amount: 100, images: Array(7).fill('/uploads/a.png') },
        400,
        'REFUND_IMAGES_INVALID',
      ],
      [
        { orderNo: got.orderNo, amount: 100, images: ['https://evil.example/x.png'] },
        400,
        'REFUND_IMAGES_INVALID',
      ],
      [{ orderNo: got.orderNo, amount: 100, images: '[not json' }, 400, 'REFUND_IMAGES_INVALID'],
      [{ orderNo: paid.orderNo, amount: 3300, type: 'return' }, 409, 'REFUND_RETURN_NOT_SHIPPED'],
      [{ orderNo: paid.orderNo, amount: 1000 }, 400, 'REFUND_FULL_REQUIRED'],
      [{ orderNo: paid.orderNo, amount: 3301 }, 400, 'REFUND_AMOUNT_EXCEEDED'],
      [{ orderNo: unpaid.orderNo, amount: 100 }, 409, 'REFUND_ORDER_UNPAID'],
      [{ orderNo: 'nope', amount: 100 }, 404, 'ORDER_NOT_FOUND'],
    ];
    for (const [body, status, error] of cases) {
      const res = await apply(t.app, a, { skuId: sku(), ...body } as never);
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
    }
    expect(await refundCount()).toBe(before);
  });

  it('refuses a request after the after-sales window', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    await t.app.deps.db
      .updateTable('shop_order')
      .set({ received_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('order_no', '=', orderNo)
      .execute();
    const before = await refundCount();
    const res = await apply(t.app, a, { orderNo, skuId: sku(), amount: 100 });
    expect([res.status, res.body.error]).toEqual([409, 'REFUND_WINDOW_CLOSED']);
    expect(res.body.msg).toContain('7');
    expect(await refundCount()).toBe(before);
  });

  it('one open request per line; concurrent requests make exactly one', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => apply(t.app, a, { orderNo, skuId: sku(), amount: 500 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect([r.status, r.body.error]).toEqual([409, 'REFUND_IN_PROGRESS']);
    }
  });
});

describe('the request lifecycle', () => {
  it('buyer cancels before a decision, then may ask again', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    const first = await apply(t.app, a, {
      orderNo,
      skuId: sku(),
      amount: 800,
      description: '  有划痕  ',
      images: JSON.stringify(['/uploads/2026/11/a.png']),
    });
    expect(first.status).toBe(200);
    const refundNo = first.body.data.refundNo;
    const detail = await get<Record<string, unknown>>(t.app, 'order/refundDetails', a.token, {
      refundNo,
    });
    expect(detail.body.data).toMatchObject({
      status: 'pending',
      statusText: '待商家处理',
      type: 'refund',
      amount: 800,
      description: '有划痕',
      images: ['/uploads/2026/11/a.png'],
      canCancel: true,
      canReturn: false,
      refundToText: '原路退回至账户余额',
    });
    expect(await post(t.app, 'order/cancelReturnOrder', a.token, { refundNo })).toMatchObject({
      status: 200,
    });
    const again = await post(t.app, 'order/cancelReturnOrder', a.token, { refundNo });
    expect([again.status, again.body.error]).toEqual([409, 'REFUND_STATE']);
    const approve = await post(t.app, 'admin/refund/approve', admin, { refundNo });
    expect([approve.status, approve.body.error]).toEqual([409, 'REFUND_STATE']);
    const after = await get<{ timeline: { status: string }[] }>(
      t.app,
      'order/refundDetails',
      a.token,
      { refundNo },
    );
    expect(after.body.data.timeline.map((e) => e.status)).toEqual(['pending', 'cancelled']);
    const second = await apply(t.app, a, { orderNo, skuId: sku(), amount: 2500 });
    expect(second.status).toBe(200);
  });

  it('merchant rejects with a reason; the buyer sees it and may ask again', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: 300 })).body.data;
    const empty = await post(t.app, 'admin/refund/reject', admin, { refundNo, reason: '' });
    expect([empty.status, empty.body.error]).toEqual([400, 'REFUND_REJECT_REASON_INVALID']);
    const unknown = await post(t.app, 'admin/refund/reject', admin, {
      refundNo: 'R0',
      reason: 'x',
    });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    const balance = await balanceOf(t.app, a.token);
    const rejected = await post(t.app, 'admin/refund/reject', admin, {
      refundNo,
      reason: '商品不影响使用',
    });
    expect(rejected.status).toBe(200);
    const twice = await post(t.app, 'admin/refund/reject', admin, { refundNo, reason: '再次' });
    expect(twice.status).toBe(409);
    const detail = await get<Record<string, unknown>>(t.app, 'order/refundDetails', a.token, {
      refundNo,
    });
    expect(detail.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: '商品不影响使用',
      canCancel: false,
    });
    expect(await balanceOf(t.app, a.token)).toBe(balance);
    expect((await apply(t.app, a, { orderNo, skuId: sku(), amount: 300 })).status).toBe(200);
  });

  it('return and refund: approve, tracking number, receipt, money and stock back', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 2 }], 'received');
    const stock = await stockOf(t.app, sku());
    const sales = await salesOf(t.app, shop.productId);
    const balance = await balanceOf(t.app, a.token);
    const { refundNo } = (
      await apply(t.app, a, { orderNo, skuId: sku(), amount: 4000, type: 'return' })
    ).body.data;
    const early = await post(t.app, 'order/returnOrder', a.token, {
      refundNo,
      carrier: '顺丰',
      trackingNo: 'SF0001',
    });
    expect([early.status, early.body.error]).toEqual([409, 'REFUND_STATE']);
    const notYet = await post(t.app, 'admin/refund/receive', admin, { refundNo });
    expect(notYet.status).toBe(409);
    expect((await post(t.app, 'admin/refund/approve', admin, { refundNo })).status).toBe(200);
    for (const bad of [
      { carrier: '', trackingNo: 'SF0001' },
      { carrier: '顺丰', trackingNo: 'x' },
      { carrier: '顺丰', trackingNo: 'SF 0001' },
    ]) {
      const res = await post(t.app, 'order/returnOrder', a.token, { refundNo, ...bad });
      expect([res.status, res.body.error]).toEqual([400, 'RETURN_INFO_INVALID']);
    }
    const sent = await post(t.app, 'order/returnOrder', a.token, {
      refundNo,
      carrier: '顺丰速运',
      trackingNo: 'SF7654321',
    });
    expect(sent.status).toBe(200);
    const cancelLate = await post(t.app, 'order/cancelReturnOrder', a.token, { refundNo });
    expect(cancelLate.status).toBe(409);
    expect(await balanceOf(t.app, a.token)).toBe(balance);
    expect(await stockOf(t.app, sku())).toBe(stock);
    expect(await salesOf(t.app, shop.productId)).toBe(sales);
    expect((await post(t.app, 'admin/refund/receive', admin, { refundNo })).status).toBe(200);
    expect(await balanceOf(t.app, a.token)).toBe(balance + 4000);
    expect(await stockOf(t.app, sku())).toBe(stock + 2);
    // the two returned units no longer count as sold
    expect(await salesOf(t.app, shop.productId)).toBe(sales - 2);
    const detail = await get<{
      status: string;
      returnTrackingNo: string;
      timeline: { status: string }[];
    }>(t.app, 'order/refundDetails', a.token, { refundNo });
    expect(detail.body.data.status).toBe('refunded');
    expect(detail.body.data.returnTrackingNo).toBe('SF7654321');
    expect(detail.body.data.timeline.map((e) => e.status)).toEqual([
      'pending',
      'approved',
      'returning',
      'received',
      'refunded',
    ]);
    // The rest of the line (¥10) may still be asked for; it then closes the order.
    const over = await apply(t.app, a, { orderNo, skuId: sku(), amount: 1001, type: 'return' });
    expect([over.status, over.body.error]).toEqual([400, 'REFUND_AMOUNT_EXCEEDED']);
    const rest = await apply(t.app, a, { orderNo, skuId: sku(), amount: 1000, type: 'return' });
    expect(rest.status).toBe(200);
    const restNo = rest.body.data.refundNo;
    await post(t.app, 'admin/refund/approve', admin, { refundNo: restNo });
    await post(t.app, 'order/returnOrder', a.token, {
      refundNo: restNo,
      carrier: '顺丰速运',
      trackingNo: 'SF7654322',
    });
    expect((await post(t.app, 'admin/refund/receive', admin, { refundNo: restNo })).status).toBe(
      200,
    );
    expect(await balanceOf(t.app, a.token)).toBe(balance + 5000);
    // Stock came back once for the line, not once per request.
    expect(await stockOf(t.app, sku())).toBe(stock + 2);
    const order = await get<{ status: string; statusText: string; timeline: { text: string }[] }>(
      t.app,
      'order/queryByOrderId',
      a.token,
      { orderNo },
    );
    expect(order.body.data.status).toBe('cancelled');
    expect(order.body.data.statusText).toBe('已退款');
    expect(order.body.data.timeline.some((e) => e.text.includes('售后退款成功'))).toBe(true);
    const done = await apply(t.app, a, { orderNo, skuId: sku(), amount: 1 });
    expect([done.status, done.body.error]).toEqual([409, 'REFUND_NOTHING_LEFT']);
  });

  it('lists requests: mine, by order, the after-sales tab, and the merchant list', async () => {
    const { orderNo } = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    const { refundNo } = (await apply(t.app, b, { orderNo, skuId: sku(), amount: 100 })).body.data;
    const mine = await get<{ list: { refundNo: string; statusText: string }[] }>(
      t.app,
      'order/refundList',
      b.token,
      { orderNo },
    );
    expect(mine.body.data.list.map((r) => r.refundNo)).toEqual([refundNo]);
    const tab = await get<{ list: { orderNo: string }[] }>(t.app, 'order/list', b.token, {
      status: 'aftersale',
    });
    expect(tab.body.data.list.map((o) => o.orderNo)).toEqual([orderNo]);
    const pending = await get<{ list: { refundNo: string }[] }>(t.app, 'admin/refund/list', admin, {
      status: 'pending',
      pageSize: 100,
    });
    expect(pending.body.data.list.map((r) => r.refundNo)).toContain(refundNo);
    const badStatus = await get(t.app, 'admin/refund/list', admin, { status: 'weird' });
    expect(badStatus.status).toBe(400);
  });
});
