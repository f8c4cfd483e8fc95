// Test support for invoices: orders brought to each state, an admin token, a valid credit code.
import { creditCheckChar } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { API, call, login } from '../helpers.ts';
import { type Buyer, makeProduct, newOrder, topUp } from './order-kit.ts';

type Data = Record<string, unknown>;
export const post = (app: FastifyInstance, url: string, token: string, payload: Data) =>
  call<Data>(app, { method: 'POST', url: `${API}/${url}`, token, payload });
export const get = <T = Data>(app: FastifyInstance, url: string, token?: string) =>
  call<T>(app, { method: 'GET', url: `${API}/${url}`, ...(token ? { token } : {}) });

export async function makeAdmin(app: FastifyInstance): Promise<string> {
  const { token, phone } = await login(app);
  await app.deps.db
    .updateTable('app_user')
    .set({ role: 'admin' })
    .where('phone', '=', phone)
    .execute();
  return token;
}

/** A well-formed unified social credit code (GB 32100 check character appended). */
export function creditCode(body17 = '91330106MA2B3C4D5'): string {
  return body17 + creditCheckChar(body17);
}

export type OrderStage = 'unpaid' | 'unshipped' | 'unreceived' | 'received' | 'cancelled';

/** One order of `price` fen (free shipping at ≥ ¥99) brought to `stage`; returns its number. */
export async function orderAt(
  app: FastifyInstance,
  buyer: Buyer,
  admin: string,
  stage: OrderStage,
  price = 12345,
): Promise<string> {
  const cat = await makeProduct(app, { price });
  const placed = await newOrder(app, buyer, [{ skuId: cat.skuIds[0] ?? 0, quantity: 1 }]);
  if (placed.status !== 200) throw new Error(`newAdd: ${JSON.stringify(placed.body)}`);
  const orderNo = placed.body.data.orderNos[0] ?? '';
  if (stage === 'unpaid') return orderNo;
  if (stage === 'cancelled') {
    await post(app, 'order/cancel', buyer.token, { orderNo });
    return orderNo;
  }
  await topUp(app, buyer.token, placed.body.data.payAmount);
  const paid = await post(app, 'order/newBalancePay', buyer.token, {
    orderNo,
    payPassword: '135790',
  });
  if (paid.status !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
  if (stage === 'unshipped') return orderNo;
  const shipped = await post(app, 'admin/order/ship', admin, {
    orderNo,
    carrier: '顺丰速运',
    trackingNo: `SF${Date.now()}`,
  });
  if (shipped.status !== 200) throw new Error(`ship: ${JSON.stringify(shipped.body)}`);
  if (stage === 'unreceived') return orderNo;
  const confirmed = await post(app, 'order/newConfirm', buyer.token, { orderNo });
  if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
  return orderNo;
}
