// Asking for a refund: who may see and change a request, how much may be asked, what is refused.
import { describe, expect, it } from 'vitest';
import { API, call } from '../../../test/helpers.ts';
import { aftersaleAppPerFile } from '../../../test/kits/aftersale-app-kit.ts';
import { apply, get, orderAt, post } from '../../../test/kits/aftersale-kit.ts';

const kit = aftersaleAppPerFile();
const { sku, sku2, refundCount } = kit;

describe('authorization', () => {
  it('buyer routes need a session; merchant routes need the admin role', async () => {
    for (const url of ['order/refundApply', 'order/returnOrder', 'order/cancelReturnOrder']) {
      const anon = await call(kit.app, { method: 'POST', url: `${API}/${url}`, payload: {} });
      expect([url, anon.status]).toEqual([url, 401]);
    }
    for (const url of ['order/queryRefundMoney', 'order/refundDetails', 'order/refundList']) {
      const anon = await call(kit.app, { method: 'GET', url: `${API}/${url}` });
      expect([url, anon.status]).toEqual([url, 401]);
    }
    for (const url of ['admin/refund/approve', 'admin/refund/reject', 'admin/refund/receive']) {
      const res = await post(kit.app, url, kit.a.token, { refundNo: 'R1', reason: 'x' });
      expect([url, res.status, res.body.error]).toEqual([url, 403, 'FORBIDDEN']);
    }
    const list = await get(kit.app, 'admin/refund/list', kit.a.token);
    expect(list.status).toBe(403);
  });

  it("a buyer never sees or changes another buyer's order or request", async () => {
    const { orderNo } = await kit.order('paid');
    const quote = await get(kit.app, 'order/queryRefundMoney', kit.b.token, {
      orderNo,
      skuId: sku(),
    });
    expect([quote.status, quote.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const stolen = await apply(kit.app, kit.b, { orderNo, skuId: sku(), amount: 100 });
    expect([stolen.status, stolen.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const mine = await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 3300 });
    expect(mine.status).toBe(200);
    const refundNo = mine.body.data.refundNo;
    const detail = await get(kit.app, 'order/refundDetails', kit.b.token, { refundNo });
    expect([detail.status, detail.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    const cancel = await post(kit.app, 'order/cancelReturnOrder', kit.b.token, { refundNo });
    expect([cancel.status, cancel.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    const send = await post(kit.app, 'order/returnOrder', kit.b.token, {
      refundNo,
      carrier: '顺丰',
      trackingNo: 'SF0001',
    });
    expect(send.status).toBe(404);
    const listB = await get<{ total: number }>(kit.app, 'order/refundList', kit.b.token);
    expect(listB.body.data.total).toBe(0);
    const byOrder = await get(kit.app, 'order/refundList', kit.b.token, { orderNo });
    expect(byOrder.status).toBe(404);
    // Clean up: a's request withdrawn.
    expect((await post(kit.app, 'order/cancelReturnOrder', kit.a.token, { refundNo })).status).toBe(
      200,
    );
  });
});

describe('queryRefundMoney', () => {
  it('before shipping: the whole line plus shipping, refund only, amount fixed', async () => {
    const { orderNo } = await orderAt(
      kit.app,
      kit.a,
      kit.admin,
      [{ skuId: sku(), quantity: 2 }],
      'paid',
    );
    const res = await get<Record<string, unknown>>(kit.app, 'order/queryRefundMoney', kit.a.token, {
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
      kit.app,
      kit.a,
      kit.admin,
      [
        { skuId: sku(), quantity: 1 },
        { skuId: sku2(), quantity: 1 },
      ],
      'paid',
    );
    const first = await get<{ maxAmount: number }>(kit.app, 'order/queryRefundMoney', kit.a.token, {
      orderNo,
      skuId: sku(),
    });
    expect(first.body.data.maxAmount).toBe(2500);
    const one = await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 2500 });
    expect(one.status).toBe(200);
    const second = await get<{ maxAmount: number }>(
      kit.app,
      'order/queryRefundMoney',
      kit.a.token,
      {
        orderNo,
        skuId: sku2(),
      },
    );
    expect(second.body.data.maxAmount).toBe(3300);
  });

  it('after receipt: both types, any amount up to the line, window end shown', async () => {
    const { orderNo } = await kit.order('received');
    const res = await get<Record<string, unknown>>(kit.app, 'order/queryRefundMoney', kit.a.token, {
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
    const { orderNo } = await kit.order('unpaid');
    const unpaid = await get(kit.app, 'order/queryRefundMoney', kit.a.token, {
      orderNo,
      skuId: sku(),
    });
    expect([unpaid.status, unpaid.body.error]).toEqual([409, 'REFUND_ORDER_UNPAID']);
    const line = await get(kit.app, 'order/queryRefundMoney', kit.a.token, {
      orderNo,
      skuId: 999999,
    });
    expect(line.status).toBe(404);
    const bad = await get(kit.app, 'order/queryRefundMoney', kit.a.token, { orderNo, skuId: 'x' });
    expect([bad.status, bad.body.error]).toEqual([404, 'REFUND_ITEM_NOT_FOUND']);
  });
});

describe('refundApply: bad input writes nothing', () => {
  it('refuses each bad request with its catalogue error', async () => {
    const paid = await kit.order('paid');
    const got = await kit.order('received');
    const unpaid = await kit.order('unpaid');
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
      const res = await apply(kit.app, kit.a, { skuId: sku(), ...body } as never);
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
    }
    expect(await refundCount()).toBe(before);
  });

  it('refuses a request after the after-sales window', async () => {
    const { orderNo } = await kit.order('received');
    await kit.app.deps.db
      .updateTable('shop_order')
      .set({ received_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('order_no', '=', orderNo)
      .execute();
    const before = await refundCount();
    const res = await apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 100 });
    expect([res.status, res.body.error]).toEqual([409, 'REFUND_WINDOW_CLOSED']);
    expect(res.body.msg).toContain('7');
    expect(await refundCount()).toBe(before);
  });

  it('one open request per line; concurrent requests make exactly one', async () => {
    const { orderNo } = await kit.order('received');
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        apply(kit.app, kit.a, { orderNo, skuId: sku(), amount: 500 }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect([r.status, r.body.error]).toEqual([409, 'REFUND_IN_PROGRESS']);
    }
  });
});
