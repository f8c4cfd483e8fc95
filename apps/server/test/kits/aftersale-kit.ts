// Test support for the after-sales tests: paid, shipped and received orders, admin, ledger sums.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API, call, login } from '../helpers.ts';
import { type Buyer, newOrder, topUp, waitFor } from './order-kit.ts';

type Data = Record<string, unknown>;

export function post<T = Data>(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  payload: Record<string, unknown>,
) {
  return call<T>(app, { method: 'POST', url: `${API}/${url}`, token, payload });
}

export function get<T = Data>(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  query: Record<string, string | number> = {},
) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return call<T>(app, { method: 'GET', url: `${API}/${url}?${qs}`, token });
}

/** A signed-in operator (role admin). */
export async function makeAdmin(app: FastifyInstance): Promise<string> {
  const { token, phone } = await login(app);
  await app.deps.db
    .updateTable('app_user')
    .set({ role: 'admin' })
    .where('phone', '=', phone)
    .execute();
  return token;
}

export type Stage = 'unpaid' | 'paid' | 'shipped' | 'received';

/** One order (one store) for these lines, brought to `stage`, paid from the wallet. */
export async function orderAt(
  app: FastifyInstance,
  b: Buyer,
  admin: string,
  items: { skuId: number; quantity: number }[],
  stage: Stage,
  via: 'balance' | 'sandbox' = 'balance',
): Promise<{ orderNo: string; payAmount: number }> {
  const placed = await newOrder(app, b, items);
  expect(placed.status).toBe(200);
  const { payNo, payAmount } = placed.body.data;
  const orderNo = placed.body.data.orderNos[0] as string;
  if (stage === 'unpaid') return { orderNo, payAmount };
  if (via === 'balance') {
    await topUp(app, b.token, payAmount);
    const paid = await post(app, 'order/newBalancePay', b.token, {
      orderNo: payNo,
      payPassword: '135790',
    });
    expect(paid.status).toBe(200);
  } else {
    const start = await post<{ paymentNo: string }>(app, 'order/newPay', b.token, {
      orderNo: payNo,
    });
    expect(start.status).toBe(200);
    await app.inject({
      method: 'POST',
      url: '/sandbox/cashier',
      payload: { paymentNo: start.body.data.paymentNo, action: 'pay' },
    });
    const st = await waitFor(
      () => get<{ status: string }>(app, 'order/queryByOrderId', b.token, { orderNo }),
      (r) => r.body.data.status === 'unshipped',
    );
    expect(st.body.data.status).toBe('unshipped');
  }
  if (stage === 'paid') return { orderNo, payAmount };
  const shipped = await post(app, 'admin/order/ship', admin, {
    orderNo,
    carrier: '顺丰速运',
    trackingNo: 'SF1234567890',
  });
  expect(shipped.status).toBe(200);
  if (stage === 'shipped') return { orderNo, payAmount };
  const received = await post(app, 'order/newConfirm', b.token, { orderNo });
  expect(received.status).toBe(200);
  return { orderNo, payAmount };
}

/** The ledger's invariant: every transaction sums to zero, so all balances do too. */
export async function ledgerSum(app: FastifyInstance): Promise<number> {
  const row = await app.deps.db
    .selectFrom('ledger_account')
    .select((eb) => eb.fn.sum<string>('balance').as('s'))
    .executeTakeFirstOrThrow();
  return Number(row.s ?? 0);
}

export async function refundTxns(app: FastifyInstance, refundNo: string): Promise<number> {
  const rows = await app.deps.db
    .selectFrom('ledger_txn')
    .select('id')
    .where('ref', '=', refundNo)
    .execute();
  return rows.length;
}

export function apply(
  app: FastifyInstance,
  b: Buyer,
  body: { orderNo: string; skuId: number; amount: number; type?: string } & Data,
) {
  return post<{ refundNo: string }>(app, 'order/refundApply', b.token, {
    type: 'refund',
    reason: '不想要了',
    ...body,
  });
}
