import type { OrderCountData, OrderSummary, PageOf, RechargeStatusData } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, type TestApp } from '../../../test/helpers.ts';
import { apply, get, makeAdmin, orderAt, post } from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  balanceOf,
  makeBuyer,
  makeProduct,
  waitFor,
} from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
let skus: number[];
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  skus = (await makeProduct(t.app, { skus: 3, stock: 100, price: 2000 })).skuIds;
});
afterAll(async () => {
  await t.close();
});

const counts = async (b: Buyer) => {
  const res = await get<OrderCountData>(t.app, 'order/statusCount', b.token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const listed = async (b: Buyer, status: string) =>
  (await get<PageOf<OrderSummary>>(t.app, 'order/list', b.token, { status })).body.data.list;
const line = (k: number) => [{ skuId: skus[k] ?? 0, quantity: 1 }];

/** Issue 17 §6.9: the order shortcuts on 我的 carry counts, from one route. */
describe('order/statusCount', () => {
  it('needs a session', async () => {
    expect((await get(t.app, 'order/statusCount', undefined)).status).toBe(401);
  });

  it('counts a new user’s orders as zero', async () => {
    const b = await makeBuyer(t.app);
    expect(await counts(b)).toEqual({
      unpaid: 0,
      unshipped: 0,
      unreceived: 0,
      unevaluated: 0,
      aftersale: 0,
    });
  });

  it('counts orders per waiting state and the open after-sales, for their owner only', async () => {
    const b = await makeBuyer(t.app);
    await orderAt(t.app, b, admin, line(0), 'unpaid');
    await orderAt(t.app, b, admin, line(0), 'unpaid');
    const paid = await orderAt(t.app, b, admin, line(1), 'paid');
    await orderAt(t.app, b, admin, line(1), 'paid');
    await orderAt(t.app, b, admin, line(2), 'shipped');
    await orderAt(t.app, b, admin, line(2), 'received');
    expect(await counts(b)).toEqual({
      unpaid: 2,
      unshipped: 2,
      unreceived: 1,
      unevaluated: 1,
      aftersale: 0,
    });

    // A refund asked for an unshipped order: still 待发货, and one after-sales under way.
    expect(
      (
        await apply(t.app, b, {
          orderNo: paid.orderNo,
          skuId: line(1)[0]?.skuId ?? 0,
          amount: 2000 + 800,
        })
      ).status,
    ).toBe(200);
    expect(await counts(b)).toMatchObject({ unshipped: 2, aftersale: 1 });

    // An unpaid order past its deadline is not waiting for payment any more.
    await t.app.deps.db
      .updateTable('shop_order')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', b.userId)
      .where('status', '=', 'unpaid')
      .execute();
    expect((await counts(b)).unpaid).toBe(0);

    const other = await makeBuyer(t.app);
    expect(Object.values(await counts(other))).toEqual([0, 0, 0, 0, 0]);
  });
});

/** Issue 17 §6.5: the order lists carry the after-sales state (退款中, 已退款, 已拒绝). */
describe('the after-sales state in the order lists', () => {
  it('is null for an order without a request', async () => {
    const b = await makeBuyer(t.app);
    await orderAt(t.app, b, admin, line(0), 'paid');
    const [order] = await listed(b, 'all');
    expect(order?.aftersale).toBeNull();
  });

  it('goes 退款中 → 已退款, 已拒绝, 已撤销 with the request', async () => {
    const b = await makeBuyer(t.app);
    const skuId = line(0)[0]?.skuId ?? 0;
    const pending = await orderAt(t.app, b, admin, line(0), 'paid');
    const rejected = await orderAt(t.app, b, admin, line(0), 'paid');
    const withdrawn = await orderAt(t.app, b, admin, line(0), 'paid');
    const refundOf = async (orderNo: string) => {
      const res = await apply(t.app, b, { orderNo, skuId, amount: 2800 });
      expect(res.status).toBe(200);
      return res.body.data.refundNo;
    };
    const r1 = await refundOf(pending.orderNo);
    const r2 = await refundOf(rejected.orderNo);
    const r3 = await refundOf(withdrawn.orderNo);

    const state = async (orderNo: string) => {
      const tab = (await listed(b, 'aftersale')).find((o) => o.orderNo === orderNo);
      const detail = await get<OrderSummary>(t.app, 'order/queryByOrderId', b.token, { orderNo });
      expect(detail.body.data.aftersale).toEqual(tab?.aftersale);
      return tab;
    };
    const before = await state(pending.orderNo);
    // The order itself is still 待发货; its after-sales state says what is happening.
    expect(before).toMatchObject({
      status: 'unshipped',
      aftersale: { state: 'refunding', text: '退款中', refundNo: r1 },
    });

    expect((await post(t.app, 'admin/refund/approve', admin, { refundNo: r1 })).status).toBe(200);
    expect(
      (await post(t.app, 'admin/refund/reject', admin, { refundNo: r2, reason: '商品已打包' }))
        .status,
    ).toBe(200);
    expect((await post(t.app, 'order/cancelReturnOrder', b.token, { refundNo: r3 })).status).toBe(
      200,
    );
    const refunded = await waitFor(
      () => state(pending.orderNo),
      (o) => o?.aftersale?.state === 'refunded',
    );
    expect(refunded?.aftersale).toEqual({ state: 'refunded', text: '已退款', refundNo: r1 });
    expect((await state(rejected.orderNo))?.aftersale).toEqual({
      state: 'rejected',
      text: '已拒绝',
      refundNo: r2,
    });
    expect((await state(withdrawn.orderNo))?.aftersale).toEqual({
      state: 'cancelled',
      text: '已撤销',
      refundNo: r3,
    });
    // The 全部 tab carries the same state.
    const all = await listed(b, 'all');
    expect(all.find((o) => o.orderNo === rejected.orderNo)?.aftersale?.state).toBe('rejected');
  });
});

/** Issue 17 §6.4: 我的余额 learns at once when a top-up was credited. */
describe('account/rechargeStatus', () => {
  const status = (token: string | undefined, paymentNo: string) =>
    get<RechargeStatusData>(t.app, 'account/rechargeStatus', token, { paymentNo });

  it('is pending until the notify, then succeeded with the new balance', async () => {
    const b = await makeBuyer(t.app);
    const started = await call<{ paymentNo: string }>(t.app, {
      method: 'POST',
      url: `${API}/account/recharge`,
      token: b.token,
      ...form({ amount: 12_300 }),
    });
    const { paymentNo } = started.body.data;
    expect((await status(b.token, paymentNo)).body.data).toEqual({
      paymentNo,
      amount: 12_300,
      status: 'pending',
      balance: 0,
    });
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/cashier',
      ...form({ paymentNo, action: 'pay' }),
    });
    const done = await waitFor(
      () => status(b.token, paymentNo),
      (r) => r.body.data.status === 'succeeded',
    );
    expect(done.body.data).toEqual({
      paymentNo,
      amount: 12_300,
      status: 'succeeded',
      balance: 12_300,
    });
    expect(await balanceOf(t.app, b.token)).toBe(12_300);
  });

  it('answers a cancelled top-up as cancelled', async () => {
    const b = await makeBuyer(t.app);
    const started = await post<{ paymentNo: string }>(t.app, 'account/recharge', b.token, {
      amount: 500,
    });
    const { paymentNo } = started.body.data;
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/cashier',
      ...form({ paymentNo, action: 'cancel' }),
    });
    const done = await waitFor(
      () => status(b.token, paymentNo),
      (r) => r.body.data.status === 'cancelled',
    );
    expect(done.body.data.status).toBe('cancelled');
  });

  it('knows only the asker’s own top-ups', async () => {
    const b = await makeBuyer(t.app);
    const other = await makeBuyer(t.app);
    const started = await post<{ paymentNo: string }>(t.app, 'account/recharge', b.token, {
      amount: 500,
    });
    const { paymentNo } = started.body.data;
    expect((await status(undefined, paymentNo)).status).toBe(401);
    const theirs = await status(other.token, paymentNo);
    expect([theirs.status, theirs.body.error]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    const unknown = await status(b.token, 'T000');
    expect([unknown.status, unknown.body.error]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    // An order's gateway payment is not a top-up.
    const order = await orderAt(t.app, b, admin, line(0), 'unpaid');
    const pay = await post<{ paymentNo: string }>(t.app, 'order/newPay', b.token, {
      orderNo: order.orderNo,
    });
    expect((await status(b.token, pay.body.data.paymentNo)).status).toBe(404);
  });
});
