import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, type TestApp } from '../../../test/helpers.ts';
import {
  type Buyer,
  balanceOf,
  makeBuyer,
  makeProduct,
  newOrder,
  orderStatus,
  stockOf,
  topUp,
  waitFor,
} from '../../../test/kits/order-kit.ts';
import { SandboxGateway } from './payment/gateway.ts';

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
const post = (url: string, token: string | undefined, payload: Record<string, unknown>) =>
  call<Data>(t.app, { method: 'POST', url: `${API}/${url}`, token, payload });

/** The ledger balances: every transaction's entries sum to zero, and so do all accounts. */
async function expectLedgerBalanced() {
  const db = t.app.deps.db;
  const txns = await db
    .selectFrom('ledger_entry')
    .select(['txn_id', (eb) => eb.fn.sum<number>('amount').as('s')])
    .groupBy('txn_id')
    .execute();
  expect(txns.every((r) => Number(r.s) === 0)).toBe(true);
  const accounts = await db
    .selectFrom('ledger_account')
    .select((eb) => eb.fn.sum<number>('balance').as('s'))
    .executeTakeFirstOrThrow();
  expect(Number(accounts.s ?? 0)).toBe(0);
  const negative = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('kind', '=', 'wallet')
    .where('balance', '<', 0)
    .execute();
  expect(negative).toEqual([]);
}

async function placeOrder(buyer: Buyer, price = 5000, stock = 10) {
  const p = await makeProduct(t.app, { price, stock });
  const res = await newOrder(t.app, buyer, [{ skuId: p.skuIds[0] as number, quantity: 1 }]);
  expect(res.status).toBe(200);
  return { ...res.body.data, sku: p.skuIds[0] as number, productId: p.productId };
}

const gateway = () => new SandboxGateway(t.app.deps.secret);
const notify = (paymentNo: string, amount: number, result: 'paid' | 'cancelled', sign?: string) => {
  const fields = { paymentNo, amount, result, nonce: randomUUID() };
  return call<{ result: string }>(t.app, {
    method: 'POST',
    url: `${API}/pay/notify`,
    ...form({ ...fields, sign: sign ?? gateway().sign(fields) }),
  });
};

describe('pay types and balance', () => {
  it('lists balance and sandbox and shows a zero balance', async () => {
    const res = await call<Data>(t.app, {
      method: 'GET',
      url: `${API}/order/getPayType`,
      token: a.token,
    });
    expect(res.body.data).toMatchObject({
      list: [{ type: 'balance' }, { type: 'sandbox' }],
    });
    expect(await balanceOf(t.app, b.token)).toBe(0);
    expect((await call(t.app, { method: 'GET', url: `${API}/account/queryBalance` })).status).toBe(
      401,
    );
  });

  it.each([[99], [500_001], ['abc']])('refuses a top-up of %s', async (amount) => {
    const res = await post('account/recharge', a.token, { amount });
    expect([res.status, res.body.error]).toEqual([400, 'RECHARGE_AMOUNT_INVALID']);
  });
});

describe('balance payment', () => {
  it('pays with the pay password through the ledger, once', async () => {
    await topUp(t.app, a.token, 20000);
    const order = await placeOrder(a, 5000);
    const wrong = await post('order/newBalancePay', a.token, {
      orderNo: order.payNo,
      payPassword: '000000',
    });
    expect(wrong.body.error).toBe('PAY_PASSWORD_WRONG');
    const paid = await post('order/newBalancePay', a.token, {
      orderNo: order.payNo,
      payPassword: '135790',
    });
    expect(paid.body.data).toMatchObject({ payAmount: 5800, balance: 14200 });
    const detail = await orderStatus(t.app, a.token, order.orderNos[0] as string);
    expect(detail.body.data).toMatchObject({ status: 'unshipped', expiresAt: null });
    const twice = await post('order/newBalancePay', a.token, {
      orderNo: order.payNo,
      payPassword: '135790',
    });
    expect([twice.status, twice.body.error]).toEqual([409, 'ORDER_ALREADY_PAID']);
    expect(await balanceOf(t.app, a.token)).toBe(14200);
    const cancel = await post('order/cancel', a.token, { orderNo: order.orderNos[0] });
    expect([cancel.status, cancel.body.error]).toEqual([409, 'ORDER_ALREADY_PAID']);
    const sales = await t.app.deps.db
      .selectFrom('product')
      .select('sales')
      .where('id', '=', order.productId)
      .executeTakeFirstOrThrow();
    expect(sales.sales).toBe(1);
    await expectLedgerBalanced();
  });

  it('debits once when the same order is paid concurrently, never answering "locked"', async () => {
    await topUp(t.app, b.token, 30000);
    const order = await placeOrder(b, 5000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('order/newBalancePay', b.token, { orderNo: order.payNo, payPassword: '135790' }),
      ),
    );
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1);
    const refused = results.filter((r) => r.body.code !== 1);
    expect(refused.map((r) => [r.status, r.body.error])).toEqual(
      Array(19).fill([409, 'ORDER_ALREADY_PAID']),
    );
    expect(await balanceOf(t.app, b.token)).toBe(30000 - 5800);
    const user = await t.app.deps.db
      .selectFrom('app_user')
      .select(['pay_password_fails', 'pay_password_locked_until'])
      .where('id', '=', b.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ pay_password_fails: 0, pay_password_locked_until: null });
    await expectLedgerBalanced();
  });

  it('refuses an insufficient balance and changes nothing', async () => {
    const c = await makeBuyer(t.app);
    await topUp(t.app, c.token, 1000);
    const order = await placeOrder(c, 5000);
    const res = await post('order/newBalancePay', c.token, {
      orderNo: order.orderNos[0],
      payPassword: '135790',
    });
    expect([res.status, res.body.error]).toEqual([409, 'BALANCE_NOT_ENOUGH']);
    expect(await balanceOf(t.app, c.token)).toBe(1000);
    expect((await orderStatus(t.app, c.token, order.orderNos[0] as string)).body.data.status).toBe(
      'unpaid',
    );
  });

  it("refuses a cancelled order and another user's order", async () => {
    const order = await placeOrder(a, 1000);
    const other = await post('order/newBalancePay', b.token, {
      orderNo: order.payNo,
      payPassword: '135790',
    });
    expect([other.status, other.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    await post('order/cancel', a.token, { orderNo: order.payNo });
    const res = await post('order/newBalancePay', a.token, {
      orderNo: order.payNo,
      payPassword: '135790',
    });
    expect([res.status, res.body.error]).toEqual([409, 'ORDER_CANCELLED']);
    const gw = await post('order/newPay', a.token, { orderNo: order.payNo });
    expect([gw.status, gw.body.error]).toEqual([409, 'ORDER_CANCELLED']);
  });
});

describe('sandbox gateway', () => {
  it('pays through the cashier page and its signed notify', async () => {
    const order = await placeOrder(a, 3000);
    const start = await post('order/newPay', a.token, { orderNo: order.payNo });
    const { paymentNo, amount, cashierUrl } = start.body.data as {
      paymentNo: string;
      amount: number;
      cashierUrl: string;
    };
    expect(amount).toBe(3800);
    const page = await t.app.inject({ method: 'GET', url: cashierUrl });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('¥38.00');
    expect(page.body).toContain('支付');
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/cashier',
      ...form({ paymentNo, action: 'pay' }),
    });
    const detail = await waitFor(
      () => orderStatus(t.app, a.token, order.orderNos[0] as string),
      (r) => r.body.data.status === 'unshipped',
    );
    expect(detail.body.data.status).toBe('unshipped');
    // A duplicate and an out-of-order "cancelled" change nothing.
    expect((await notify(paymentNo, amount, 'paid')).body.data).toEqual({ result: 'ignored' });
    expect((await notify(paymentNo, amount, 'cancelled')).body.data).toEqual({
      result: 'ignored',
    });
    expect((await orderStatus(t.app, a.token, order.orderNos[0] as string)).body.data.status).toBe(
      'unshipped',
    );
    await expectLedgerBalanced();
  });

  it('refuses forged and altered notifies', async () => {
    const order = await placeOrder(a, 3000);
    const start = await post('order/newPay', a.token, { orderNo: order.payNo });
    const { paymentNo, amount } = start.body.data as { paymentNo: string; amount: number };
    const forged = await notify(paymentNo, amount, 'paid', 'f'.repeat(64));
    expect([forged.status, forged.body.error]).toEqual([400, 'PAY_SIGNATURE_INVALID']);
    const otherKey = new SandboxGateway('x'.repeat(40));
    const fields = { paymentNo, amount, result: 'paid' as const, nonce: 'n1' };
    const wrongKey = await call(t.app, {
      method: 'POST',
      url: `${API}/pay/notify`,
      ...form({ ...fields, sign: otherKey.sign(fields) }),
    });
    expect(wrongKey.status).toBe(400);
    const cheaper = await notify(paymentNo, 1, 'paid');
    expect([cheaper.status, cheaper.body.error]).toEqual([400, 'PAY_AMOUNT_MISMATCH']);
    const unknown = await notify('T000', amount, 'paid');
    expect(unknown.status).toBe(404);
    expect((await orderStatus(t.app, a.token, order.orderNos[0] as string)).body.data.status).toBe(
      'unpaid',
    );
  });

  it('credits a late payment for a cancelled order to the wallet, not the order', async () => {
    const c = await makeBuyer(t.app);
    const order = await placeOrder(c, 3000, 5);
    const start = await post('order/newPay', c.token, { orderNo: order.payNo });
    const { paymentNo, amount } = start.body.data as { paymentNo: string; amount: number };
    await post('order/cancel', c.token, { orderNo: order.payNo });
    expect(await stockOf(t.app, order.sku)).toBe(5);
    expect((await notify(paymentNo, amount, 'paid')).body.data).toEqual({ result: 'refunded' });
    expect((await notify(paymentNo, amount, 'paid')).body.data).toEqual({ result: 'ignored' });
    expect((await orderStatus(t.app, c.token, order.orderNos[0] as string)).body.data.status).toBe(
      'cancelled',
    );
    expect(await stockOf(t.app, order.sku)).toBe(5);
    expect(await balanceOf(t.app, c.token)).toBe(amount);
    await expectLedgerBalanced();
  });

  it('a cancel at the cashier leaves the order unpaid', async () => {
    const order = await placeOrder(a, 3000);
    const start = await post('order/newPay', a.token, { orderNo: order.payNo });
    const { paymentNo } = start.body.data as { paymentNo: string };
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/cashier',
      ...form({ paymentNo, action: 'cancel' }),
    });
    const payment = await waitFor(
      () =>
        t.app.deps.db
          .selectFrom('payment')
          .select('status')
          .where('payment_no', '=', paymentNo)
          .executeTakeFirstOrThrow(),
      (p) => p.status === 'cancelled',
    );
    expect(payment.status).toBe('cancelled');
    expect((await orderStatus(t.app, a.token, order.orderNos[0] as string)).body.data.status).toBe(
      'unpaid',
    );
  });

  it('a notify racing the expiry sweep: exactly one of them wins', async () => {
    for (let round = 0; round < 4; round++) {
      const c = await makeBuyer(t.app);
      const order = await placeOrder(c, 3000, 5);
      const start = await post('order/newPay', c.token, { orderNo: order.payNo });
      const { paymentNo, amount } = start.body.data as { paymentNo: string; amount: number };
      await t.app.deps.db
        .updateTable('shop_order')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('order_no', 'in', order.orderNos)
        .execute();
      const [n] = await Promise.all([
        notify(paymentNo, amount, 'paid'),
        t.app.orderModule.expiry.sweep(),
      ]);
      const status = (await orderStatus(t.app, c.token, order.orderNos[0] as string)).body.data
        .status;
      if (n.body.data.result === 'paid') {
        expect([status, await stockOf(t.app, order.sku), await balanceOf(t.app, c.token)]).toEqual([
          'unshipped',
          4,
          0,
        ]);
      } else {
        expect(n.body.data.result).toBe('refunded');
        expect([status, await stockOf(t.app, order.sku), await balanceOf(t.app, c.token)]).toEqual([
          'cancelled',
          5,
          amount,
        ]);
      }
    }
    await expectLedgerBalanced();
  });
});
