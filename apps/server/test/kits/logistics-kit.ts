// Test support: shipped orders for the logistics and evaluation tests.
import type { FastifyInstance } from 'fastify';
import { API, call, login } from '../helpers.ts';
import { type Buyer, makeProduct, newOrder, topUp } from './order-kit.ts';

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

export const post = <T = unknown>(
  app: FastifyInstance,
  url: string,
  token: string,
  payload: Record<string, unknown>,
) => call<T>(app, { method: 'POST', url: `${API}/${url}`, token, payload });

let trackingSeq = 0;

/** Places, pays (balance) and ships an order of `lines` products; answers its number and lines. */
export async function shippedOrder(
  app: FastifyInstance,
  admin: string,
  buyer: Buyer,
  opts: { lines?: number; trackingNo?: string } = {},
): Promise<{ orderNo: string; productIds: number[]; skuIds: number[]; trackingNo: string }> {
  const first = await makeProduct(app);
  const products = [first];
  for (let i = 1; i < (opts.lines ?? 1); i++) {
    products.push(await makeProduct(app, { storeId: first.storeId }));
  }
  await topUp(app, buyer.token, 10_000);
  const placed = await newOrder(
    app,
    buyer,
    products.map((p) => ({ skuId: p.skuIds[0] as number, quantity: 1 })),
  );
  if (placed.status !== 200) throw new Error(`newAdd: ${JSON.stringify(placed.body)}`);
  const orderNo = placed.body.data.orderNos[0] as string;
  const paid = await post(app, 'order/newBalancePay', buyer.token, {
    orderNo,
    payPassword: '135790',
  });
  if (paid.status !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
  trackingSeq += 1;
  const trackingNo = opts.trackingNo ?? `SF${Date.now()}${trackingSeq}`;
  const shipped = await post(app, 'admin/order/ship', admin, {
    orderNo,
    carrier: '顺丰速运',
    trackingNo,
  });
  if (shipped.status !== 200) throw new Error(`ship: ${JSON.stringify(shipped.body)}`);
  return {
    orderNo,
    productIds: products.map((p) => p.productId),
    skuIds: products.map((p) => p.skuIds[0] as number),
    trackingNo,
  };
}

/** Moves an order's shipping time back, as if it had shipped `hours` ago. */
export async function backdateShipping(app: FastifyInstance, orderNo: string, hours: number) {
  const at = new Date(Date.now() - hours * 3_600_000);
  await app.deps.db
    .updateTable('shop_order')
    .set({ shipped_at: at })
    .where('order_no', '=', orderNo)
    .execute();
  await app.deps.db
    .updateTable('logistics_shipment')
    .set({ next_check_at: at })
    .where('order_no', '=', orderNo)
    .execute();
}
