// Test support for the console's order pages: paid orders of a store (through the app, or many
// at once straight into the tables), the console's calls, a CSV of shipments.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { API, call } from '../helpers.ts';
import { type Buyer, makeProduct, newOrder, topUp } from './order-kit.ts';

type Data = Record<string, unknown>;

export const cget = <T = Data>(
  app: FastifyInstance,
  token: string,
  path: string,
  query: Record<string, string | number> = {},
) => {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return call<T>(app, { method: 'GET', url: `${API}/admin/${path}?${qs}`, token });
};

export const cpost = <T = Data>(app: FastifyInstance, token: string, path: string, body: Data) =>
  call<T>(app, { method: 'POST', url: `${API}/admin/${path}`, token, payload: body });

/** One order of the store, placed and paid from the wallet by the buyer through the app. */
export async function paidOrder(
  app: FastifyInstance,
  buyer: Buyer,
  storeId: number,
  price = 2500,
): Promise<{ id: number; orderNo: string; payAmount: number; skuId: number }> {
  const p = await makeProduct(app, { price, storeId });
  const skuId = p.skuIds[0] as number;
  const placed = await newOrder(app, buyer, [{ skuId, quantity: 1 }]);
  if (placed.status !== 200) throw new Error(`newAdd: ${JSON.stringify(placed.body)}`);
  const orderNo = placed.body.data.orderNos[0] as string;
  await topUp(app, buyer.token, placed.body.data.payAmount);
  const paid = await call(app, {
    method: 'POST',
    url: `${API}/order/newBalancePay`,
    token: buyer.token,
    payload: { orderNo, payPassword: '135790' },
  });
  if (paid.status !== 200) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
  const row = await app.deps.db
    .selectFrom('shop_order')
    .select('id')
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  return { id: row.id, orderNo, payAmount: placed.body.data.payAmount, skuId };
}

const ADDRESS = {
  id: 0,
  name: '李四',
  phone: '13900001111',
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  detail: '文三路1号',
  fullAddress: '浙江省杭州市西湖区文三路1号',
};

/**
 * `count` paid (待发货) orders of the store for the user, written straight into the tables with
 * one statement per table (the way the export benchmark seeds 100,000). Pay amounts run
 * 1000, 1001, … fen; returns the orders, oldest first.
 */
export async function seedPaidOrders(
  app: FastifyInstance,
  opts: { storeId: number; userId: number; count: number; status?: string },
): Promise<{ id: number; orderNo: string; payAmount: number }[]> {
  const db = app.deps.db;
  const p = await makeProduct(app, { storeId: opts.storeId });
  const tag = randomBytes(4).toString('hex');
  const { rows } = await sql<{ id: number; order_no: string; pay_amount: number }>`
    with g as (
      insert into order_group (user_id, client_key, total_amount)
      select ${opts.userId}, ${`seed-${tag}-`} || i, 1000 + i
      from generate_series(0, ${opts.count - 1}) as i
      returning id, total_amount
    )
    insert into shop_order (group_id, user_id, store_id, status, goods_amount, shipping_fee,
      pay_amount, address, expires_at, paid_at, pay_method)
    select g.id, ${opts.userId}, ${opts.storeId}, ${opts.status ?? 'unshipped'}, g.total_amount, 0,
      g.total_amount, ${JSON.stringify(ADDRESS)}::jsonb, now() + interval '30 minutes',
      now(), 'balance'
    from g order by g.id
    returning id, order_no, pay_amount`.execute(db);
  await sql`
    insert into order_item (order_id, product_id, sku_id, title, sku_name, image, price, quantity)
    select o.id, ${p.productId}, ${p.skuIds[0] as number}, '导入测试商品', '默认', '/s.png',
      o.pay_amount, 1
    from shop_order o where o.id = any(${rows.map((r) => r.id)}::int[])`.execute(db);
  return rows
    .map((r) => ({ id: r.id, orderNo: r.order_no, payAmount: r.pay_amount }))
    .sort((a, b) => a.id - b.id);
}

/** A shipping CSV body: its rows, optionally under the header. */
export function shipCsv(rows: string[][], header = true): string {
  const lines = rows.map((r) => r.join(','));
  return `${header ? '订单号,快递公司,快递单号\n' : ''}${lines.join('\n')}\n`;
}

/** POST admin/order/shipImport with the CSV as a text/csv body. */
export function importCsv(app: FastifyInstance, token: string, csv: string | Buffer) {
  return call<{
    shipped: number;
    unchanged: number;
    failed: { line: number; orderNo: string; error: string; msg: string }[];
  }>(app, {
    method: 'POST',
    url: `${API}/admin/order/shipImport`,
    token,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });
}

/** The audit rows of one resource, oldest first. */
export function auditOf(app: FastifyInstance, resource: string, resourceId: string) {
  return app.deps.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'store_id', 'before', 'after'])
    .where('resource', '=', resource)
    .where('resource_id', '=', resourceId)
    .orderBy('id')
    .execute();
}
