// Test support for the order module's tests: a small catalogue, buyers with an address, money.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API, call, form, login } from '../helpers.ts';

export interface Catalogue {
  storeId: number;
  productId: number;
  skuIds: number[];
}

/** A store with one product and its SKUs (price in fen, stock each), written directly. */
export async function makeProduct(
  app: FastifyInstance,
  opts: { price?: number; stock?: number; skus?: number; storeId?: number } = {},
): Promise<Catalogue> {
  const db = app.deps.db;
  const tag = randomBytes(4).toString('hex');
  const storeId =
    opts.storeId ??
    (
      await db
        .insertInto('store')
        .values({ name: `测试店铺${tag}`, logo: '/l.png', description: '' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const category = await db
    .insertInto('category')
    .values({ name: `分类${tag}`, icon: '/i.png' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const price = opts.price ?? 2500;
  const product = await db
    .insertInto('product')
    .values({
      store_id: storeId,
      category_id: category.id,
      title: `测试商品${tag}`,
      subtitle: '',
      main_image: '/p.png',
      images: '[]',
      price,
      origin_price: price * 2,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const skuIds: number[] = [];
  for (let i = 0; i < (opts.skus ?? 1); i++) {
    const sku = await db
      .insertInto('sku')
      .values({
        product_id: product.id,
        name: `规格${i}`,
        specs: '{}',
        price,
        origin_price: price * 2,
        stock: opts.stock ?? 10,
        image: '/s.png',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    skuIds.push(sku.id);
  }
  return { storeId, productId: product.id, skuIds };
}

export interface Buyer {
  token: string;
  phone: string;
  userId: number;
  addressId: number;
}

/** A signed-in user with a default address (no pay password). */
export async function makeShopper(
  app: FastifyInstance,
  extra: Record<string, string> = {},
): Promise<Buyer> {
  const { token, phone } = await login(app, undefined, extra);
  const address = await call<{ id: number }>(app, {
    method: 'POST',
    url: `${API}/address/add`,
    token,
    ...form({
      name: '张三',
      phone,
      provinceCode: '330000',
      cityCode: '330100',
      districtCode: '330106',
      detail: '文三路100号',
      isDefault: 'true',
    }),
  });
  if (address.status !== 200) throw new Error(`address/add: ${JSON.stringify(address.body)}`);
  const user = await app.deps.db
    .selectFrom('app_user')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return { token, phone, userId: user.id, addressId: address.body.data.id };
}

/** A signed-in user with a default address and the pay password 135790. */
export async function makeBuyer(
  app: FastifyInstance,
  extra: Record<string, string> = {},
): Promise<Buyer> {
  const shopper = await makeShopper(app, extra);
  const pwd = await call(app, {
    method: 'POST',
    url: `${API}/account/setPayPassword`,
    token: shopper.token,
    ...form({ password: '135790' }),
  });
  if (pwd.status !== 200) throw new Error(`setPayPassword: ${JSON.stringify(pwd.body)}`);
  return shopper;
}

export const clientKey = () => `k_${randomBytes(8).toString('hex')}`;

export function newOrder(
  app: FastifyInstance,
  b: Buyer,
  items: { skuId: number; quantity: number }[],
  extra: Record<string, unknown> = {},
) {
  return call<{ payNo: string; orderNos: string[]; payAmount: number; expiresAt: string }>(app, {
    method: 'POST',
    url: `${API}/order/newAdd`,
    token: b.token,
    payload: { clientKey: clientKey(), addressId: b.addressId, items, ...extra },
  });
}

export async function waitFor<T>(
  probe: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 5000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function balanceOf(app: FastifyInstance, token: string): Promise<number> {
  const res = await call<{ balance: number }>(app, {
    method: 'GET',
    url: `${API}/account/queryBalance`,
    token,
  });
  return res.body.data.balance;
}

/** Tops the wallet up through the sandbox cashier and waits for the notify to land. */
export async function topUp(app: FastifyInstance, token: string, amount: number): Promise<void> {
  const before = await balanceOf(app, token);
  const res = await call<{ paymentNo: string }>(app, {
    method: 'POST',
    url: `${API}/account/recharge`,
    token,
    ...form({ amount }),
  });
  if (res.status !== 200) throw new Error(`recharge: ${JSON.stringify(res.body)}`);
  await app.inject({
    method: 'POST',
    url: '/sandbox/cashier',
    ...form({ paymentNo: res.body.data.paymentNo, action: 'pay' }),
  });
  const after = await waitFor(
    () => balanceOf(app, token),
    (b) => b === before + amount,
  );
  if (after !== before + amount) throw new Error('top-up notify did not land');
}

export function orderStatus(app: FastifyInstance, token: string, orderNo: string) {
  return call<{ status: string; expiresAt: string | null; timeline: { status: string }[] }>(app, {
    method: 'GET',
    url: `${API}/order/queryByOrderId?orderNo=${encodeURIComponent(orderNo)}`,
    token,
  });
}

export async function stockOf(app: FastifyInstance, skuId: number): Promise<number> {
  const row = await app.deps.db
    .selectFrom('sku')
    .select('stock')
    .where('id', '=', skuId)
    .executeTakeFirstOrThrow();
  return row.stock;
}

export async function salesOf(app: FastifyInstance, productId: number): Promise<number> {
  const row = await app.deps.db
    .selectFrom('product')
    .select('sales')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.sales);
}
