// Refund invariants: money goes back to its source exactly once, stock comes back once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  apply,
  get,
  ledgerSum,
  makeAdmin,
  orderAt,
  post,
  refundTxns,
} from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  balanceOf,
  type Catalogue,
  makeBuyer,
  makeProduct,
  stockOf,
  waitFor,
} from '../../../test/kits/order-kit.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import type { SandboxGateway } from '../order/payment/gateway.ts';

let t: TestApp;
let admin: string;
let a: Buyer;
let shop: Catalogue;
const seen: DomainEvent[] = [];

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  t.app.deps.events.observe(async (_trx, e) => {
    if (e.type.startsWith('refund.')) seen.push(e);
  });
  admin = await makeAdmin(t.app);
  a = await makeBuyer(t.app);
  shop = await makeProduct(t.app, { price: 2500, stock: 100 });
});
afterAll(async () => {
  await t.close();
});

const sku = () => shop.skuIds[0] as number;
const gateway = () => t.app.orderModule.payments.gateway as SandboxGateway;
const status = async (refundNo: string) =>
  (await get<{ status: string }>(t.app, 'order/refundDetails', a.token, { refundNo })).body.data
    .status;

describe('balance-paid orders', () => {
  it('concurrent approvals of a refund before shipping: money and stock back once, order closed', async () => {
    const { orderNo, payAmount } = await orderAt(
      t.app,
      a,
      admin,
      [{ skuId: sku(), quantity: 3 }],
      'paid',
    );
    expect(payAmount).toBe(7500 + 800);
    const stock = await stockOf(t.app, sku());
    const balance = await balanceOf(t.app, a.token);
    const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: payAmount })).body
      .data;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, 'admin/refund/approve', admin, { refundNo })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect([r.status, r.body.error]).toEqual([409, 'REFUND_STATE']);
    }
    const again = await post(t.app, 'admin/refund/approve', admin, { refundNo });
    expect(again.status).toBe(409);
    expect(await balanceOf(t.app, a.token)).toBe(balance + payAmount);
    expect(await stockOf(t.app, sku())).toBe(stock + 3);
    expect(await refundTxns(t.app, refundNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
    expect(await status(refundNo)).toBe('refunded');
    const order = await get<{ status: string }>(t.app, 'order/queryByOrderId', a.token, {
      orderNo,
    });
    expect(order.body.data.status).toBe('cancelled');
    // The closed order can neither ship nor be refunded again.
    const ship = await post(t.app, 'admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰',
      trackingNo: 'SF000111',
    });
    expect(ship.status).toBe(409);
    const twice = await apply(t.app, a, { orderNo, skuId: sku(), amount: 100 });
    expect([twice.status, twice.body.error]).toEqual([409, 'REFUND_NOTHING_LEFT']);
    expect(
      seen.filter((e) => 'refundNo' in e && e.refundNo === refundNo).map((e) => e.type),
    ).toEqual(['refund.approved', 'refund.refunded']);
  });

  it('a refund only after shipping pays back without touching stock; the order goes on', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'shipped');
    const stock = await stockOf(t.app, sku());
    const balance = await balanceOf(t.app, a.token);
    const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: 1200 })).body.data;
    expect((await post(t.app, 'admin/refund/approve', admin, { refundNo })).status).toBe(200);
    expect(await balanceOf(t.app, a.token)).toBe(balance + 1200);
    expect(await stockOf(t.app, sku())).toBe(stock);
    const order = await get<{ status: string }>(t.app, 'order/queryByOrderId', a.token, {
      orderNo,
    });
    expect(order.body.data.status).toBe('unreceived');
  });

  it('concurrent receipts of a return: money and stock back once', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 2 }], 'received');
    const { refundNo } = (
      await apply(t.app, a, { orderNo, skuId: sku(), amount: 5000, type: 'return' })
    ).body.data;
    await post(t.app, 'admin/refund/approve', admin, { refundNo });
    await post(t.app, 'order/returnOrder', a.token, {
      refundNo,
      carrier: '中通快递',
      trackingNo: 'ZT0001',
    });
    const stock = await stockOf(t.app, sku());
    const balance = await balanceOf(t.app, a.token);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post(t.app, 'admin/refund/receive', admin, { refundNo })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(t.app, a.token)).toBe(balance + 5000);
    expect(await stockOf(t.app, sku())).toBe(stock + 2);
    expect(await refundTxns(t.app, refundNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('a buyer cancel racing an approval: exactly one wins, money moves only with it', async () => {
    for (let round = 0; round < 3; round++) {
      const { orderNo } = await orderAt(
        t.app,
        a,
        admin,
        [{ skuId: sku(), quantity: 1 }],
        'received',
      );
      const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: 600 })).body
        .data;
      const balance = await balanceOf(t.app, a.token);
      const [cancel, approve] = await Promise.all([
        post(t.app, 'order/cancelReturnOrder', a.token, { refundNo }),
        post(t.app, 'admin/refund/approve', admin, { refundNo }),
      ]);
      expect([cancel.status, approve.status].sort()).toEqual([200, 409]);
      const approved = approve.status === 200;
      expect(await status(refundNo)).toBe(approved ? 'refunded' : 'cancelled');
      expect(await balanceOf(t.app, a.token)).toBe(balance + (approved ? 600 : 0));
      expect(await refundTxns(t.app, refundNo)).toBe(approved ? 1 : 0);
    }
  });

  it('a rejected request moves no money and emits refund.rejected', async () => {
    const { orderNo } = await orderAt(t.app, a, admin, [{ skuId: sku(), quantity: 1 }], 'received');
    const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: 900 })).body.data;
    expect(
      (await post(t.app, 'admin/refund/reject', admin, { refundNo, reason: '已超出退款范围' }))
        .status,
    ).toBe(200);
    expect(await refundTxns(t.app, refundNo)).toBe(0);
    expect(seen.find((e) => e.type === 'refund.rejected' && e.refundNo === refundNo)).toMatchObject(
      { reason: '已超出退款范围', orderNo },
    );
  });
});

describe('sandbox-paid orders', () => {
  it('refunds through the gateway: refunding, then the signed notify settles it once', async () => {
    const { orderNo, payAmount } = await orderAt(
      t.app,
      a,
      admin,
      [{ skuId: sku(), quantity: 1 }],
      'received',
      'sandbox',
    );
    expect(payAmount).toBe(3300);
    const balance = await balanceOf(t.app, a.token);
    const quote = await get<{ refundTo: string }>(t.app, 'order/queryRefundMoney', a.token, {
      orderNo,
      skuId: sku(),
    });
    expect(quote.body.data.refundTo).toBe('sandbox');
    const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: 2500 })).body.data;
    expect((await post(t.app, 'admin/refund/approve', admin, { refundNo })).status).toBe(200);
    const settled = await waitFor(
      () => status(refundNo),
      (s) => s === 'refunded',
    );
    expect(settled).toBe('refunded');
    // Money went back to the payment channel, not the wallet.
    expect(await balanceOf(t.app, a.token)).toBe(balance);
    expect(await refundTxns(t.app, refundNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
    const detail = await get<{ refundToText: string; timeline: { status: string }[] }>(
      t.app,
      'order/refundDetails',
      a.token,
      { refundNo },
    );
    expect(detail.body.data.refundToText).toContain('支付账户');
    expect(detail.body.data.timeline.map((e) => e.status)).toEqual([
      'pending',
      'approved',
      'refunding',
      'refunded',
    ]);

    // A duplicate notify (freshly signed) changes nothing; forged and altered ones are refused.
    const fields = { refundNo, amount: 2500, nonce: randomUUID() };
    const dup = await post<{ result: string }>(t.app, 'pay/refundNotify', undefined, {
      ...fields,
      sign: gateway().signRefund(fields),
    });
    expect([dup.status, dup.body.data.result]).toEqual([200, 'ignored']);
    const forged = await post(t.app, 'pay/refundNotify', undefined, {
      ...fields,
      sign: 'f'.repeat(64),
    });
    expect([forged.status, forged.body.error]).toEqual([400, 'PAY_SIGNATURE_INVALID']);
    const altered = { ...fields, amount: 9999 };
    const wrong = await post(t.app, 'pay/refundNotify', undefined, {
      ...altered,
      sign: gateway().signRefund(altered),
    });
    expect([wrong.status, wrong.body.error]).toEqual([400, 'PAY_AMOUNT_MISMATCH']);
    expect(await refundTxns(t.app, refundNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('concurrent notifies for one refund settle it exactly once', async () => {
    const { orderNo } = await orderAt(
      t.app,
      a,
      admin,
      [{ skuId: sku(), quantity: 1 }],
      'shipped',
      'sandbox',
    );
    const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: 700 })).body.data;
    // Put the request into `refunding` without the sandbox's own notify racing ours.
    const sender = gateway();
    sender.onRefund(() => {});
    expect((await post(t.app, 'admin/refund/approve', admin, { refundNo })).status).toBe(200);
    expect(await status(refundNo)).toBe('refunding');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => {
        const fields = { refundNo, amount: 700, nonce: randomUUID() };
        return post<{ result: string }>(t.app, 'pay/refundNotify', undefined, {
          ...fields,
          sign: sender.signRefund(fields),
        });
      }),
    );
    expect(results.map((r) => r.body.data.result).sort()).toEqual([
      'ignored',
      'ignored',
      'ignored',
      'refunded',
    ]);
    expect(await refundTxns(t.app, refundNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
    expect(await status(refundNo)).toBe('refunded');
  });

  it('a refund whose gateway request was lost is asked again and settles once', async () => {
    const { orderNo } = await orderAt(
      t.app,
      a,
      admin,
      [{ skuId: sku(), quantity: 1 }],
      'shipped',
      'sandbox',
    );
    const { refundNo } = (await apply(t.app, a, { orderNo, skuId: sku(), amount: 900 })).body.data;
    const sandbox = gateway();
    const asked: string[] = [];
    sandbox.onRefund((r) => asked.push(r.refundNo)); // the request is lost (e.g. a crash)
    expect((await post(t.app, 'admin/refund/approve', admin, { refundNo })).status).toBe(200);
    expect(await status(refundNo)).toBe('refunding');
    expect(await t.app.refunds.retryStuckRefunds()).toBe(0); // not stuck yet
    // Two minutes on, the channel still has not answered: the retry asks again, once.
    await t.app.deps.db
      .updateTable('refund')
      .set({ updated_at: new Date(Date.now() - 120_000) })
      .where('refund_no', '=', refundNo)
      .execute();
    sandbox.onRefund((r) => {
      asked.push(r.refundNo);
      const fields = { refundNo: r.refundNo, amount: r.amount, nonce: randomUUID() };
      void post(t.app, 'pay/refundNotify', undefined, {
        ...fields,
        sign: sandbox.signRefund(fields),
      });
    });
    const counts = await Promise.all([
      t.app.refunds.retryStuckRefunds(),
      t.app.refunds.retryStuckRefunds(),
    ]);
    expect(counts.sort()).toEqual([0, 1]);
    expect(
      await waitFor(
        () => status(refundNo),
        (s) => s === 'refunded',
      ),
    ).toBe('refunded');
    expect(asked.filter((no) => no === refundNo)).toHaveLength(2);
    expect(await refundTxns(t.app, refundNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
    expect(await t.app.refunds.retryStuckRefunds(0)).toBe(0); // settled: nothing left to ask
  });
});
