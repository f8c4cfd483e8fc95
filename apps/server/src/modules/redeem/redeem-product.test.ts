import type {
  OrderSummary,
  PageOf,
  RedeemBatch,
  RedeemData,
  RedeemExportData,
  RedeemPreview,
  Redemption,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, post } from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  clientKey,
  makeBuyer,
  makeProduct,
  makeShopper,
  orderStatus,
  stockOf,
  topUp,
} from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
let ipSeq = 0;
const nextIp = () => `10.8.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  // The store's shipping on every deal, so a ¥0 order still waits for payment (its expiry and
  // release are tested here); DEAL_FREE_SHIPPING's ¥0 orders: bargain.test.ts.
  t = await createTestApp({
    AUTH_CACHE_MS: '0',
    REDEEM_BATCH_MAX: '500',
    DEAL_FREE_SHIPPING: 'false',
  });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const later = () => new Date(Date.now() + 86_400_000).toISOString();

function postAs<T>(url: string, token: string | undefined, payload: object, ip = nextIp()) {
  return call<T>(t.app, {
    method: 'POST',
    url: `${API}/${url}`,
    token,
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
  });
}

/** A product batch of `count` codes for a fresh SKU (price ¥25, `stock` units). */
async function productBatch(count = 1, stock = 10) {
  const goods = await makeProduct(t.app, { price: 2500, stock });
  const skuId = goods.skuIds[0] as number;
  const made = await postAs<RedeemBatch>('admin/redeem/batch', admin, {
    name: '商品兑换',
    kind: 'product',
    skuId,
    count,
    expiresAt: later(),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  expect(made.body.data).toMatchObject({ kind: 'product', skuId, amount: null });
  const out = await postAs<RedeemExportData>('admin/redeem/export', admin, {
    batchId: made.body.data.id,
  });
  return { batchId: made.body.data.id, codes: out.body.data.codes, skuId, goods };
}

const redeem = (
  b: Buyer,
  code: string,
  key = clientKey(),
  addressId: number | null = b.addressId,
) =>
  postAs<RedeemData>('redeem/redeem', b.token, {
    code,
    clientKey: key,
    ...(addressId === null ? {} : { addressId }),
  });

async function ordersOfSku(skuId: number) {
  return t.app.deps.db
    .selectFrom('order_item as i')
    .innerJoin('shop_order as o', 'o.id', 'i.order_id')
    .select(['o.order_no', 'o.status', 'o.user_id', 'o.goods_amount', 'o.pay_amount'])
    .where('i.sku_id', '=', skuId)
    .execute();
}

async function redeemedCount(batchId: number) {
  const row = await t.app.deps.db
    .selectFrom('redeem_batch')
    .select('redeemed')
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  return row.redeemed;
}

async function expire(orderNo: string) {
  await t.app.deps.db
    .updateTable('shop_order')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('order_no', '=', orderNo)
    .execute();
  await t.app.orderModule.expiry.sweep();
}

describe('product redeem codes', () => {
  it('preview → address → a ¥0 order (+ shipping) in my orders; paid once, the code is spent', async () => {
    const { batchId, codes, skuId, goods } = await productBatch();
    const code = codes[0] as string;
    const b = await makeBuyer(t.app);

    const pv = await postAs<RedeemPreview>('redeem/preview', b.token, { code });
    expect(pv.status, JSON.stringify(pv.body)).toBe(200);
    expect(pv.body.data).toMatchObject({
      kind: 'product',
      again: false,
      product: { skuId, price: 0, originalPrice: 2500, shippingFee: 800, payAmount: 800 },
    });
    expect(pv.body.data.title).toMatch(/^测试商品/);

    // Without an address nothing is placed and the code stays free.
    const none = await redeem(b, code, clientKey(), null);
    expect([none.status, none.body.error]).toEqual([404, 'ADDRESS_REQUIRED']);
    const foreign = await makeShopper(t.app);
    const bad = await redeem(b, code, clientKey(), foreign.addressId);
    expect(bad.body.error).toBe('ADDRESS_REQUIRED');
    expect(await ordersOfSku(skuId)).toHaveLength(0);
    expect(await redeemedCount(batchId)).toBe(0);

    const key = clientKey();
    const r = await redeem(b, code, key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'product', fresh: true, order: { payAmount: 800 } });
    const orderNo = r.body.data.order?.orderNos[0] as string;
    expect(r.body.data.orderNo).toBe(orderNo);
    expect(r.body.data.link).toBe(`/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    expect(await stockOf(t.app, skuId)).toBe(9);
    expect(await redeemedCount(batchId)).toBe(1);

    const list = await get<PageOf<OrderSummary>>(t.app, 'order/list', b.token, { status: 'all' });
    const mine = list.body.data.list.find((o) => o.orderNo === orderNo);
    expect(mine).toMatchObject({ goodsAmount: 0, shippingFee: 800, status: 'unpaid' });
    expect(mine?.items[0]).toMatchObject({
      skuId,
      price: 0,
      quantity: 1,
      productId: goods.productId,
    });

    // A retry with the same key answers the same order; a new key is told to pay the first.
    const again = await redeem(b, code, key);
    expect(again.body.data).toMatchObject({ fresh: false, orderNo });
    const twice = await redeem(b, code);
    expect([twice.status, twice.body.error]).toEqual([409, 'REDEEM_CODE_ORDERED']);
    const other = await makeShopper(t.app);
    expect((await redeem(other, code)).body.error).toBe('REDEEM_CODE_USED');
    expect((await postAs('redeem/preview', other.token, { code })).body.error).toBe(
      'REDEEM_CODE_USED',
    );

    // Pay the shipping through the normal cashier: the code is spent for good.
    await topUp(t.app, b.token, 800);
    const paid = await post(t.app, 'order/newBalancePay', b.token, {
      orderNo: r.body.data.order?.payNo,
      payPassword: '135790',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await orderStatus(t.app, b.token, orderNo)).body.data.status).toBe('unshipped');
    expect((await redeem(b, code)).body.error).toBe('REDEEM_CODE_USED');
    const hist = await get<PageOf<Redemption>>(t.app, 'redeem/history', b.token);
    expect(hist.body.data.list[0]).toMatchObject({ kind: 'product', orderNo });
    expect(await ordersOfSku(skuId)).toHaveLength(1);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('the same product code by 20 users at once: exactly one order', async () => {
    const { batchId, codes, skuId } = await productBatch(1, 50);
    const users = await Promise.all(Array.from({ length: 20 }, () => makeShopper(t.app)));
    const tries = await Promise.all(users.map((u) => redeem(u, codes[0] as string)));
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.error === 'REDEEM_CODE_USED')).toHaveLength(19);
    const orders = await ordersOfSku(skuId);
    expect(orders).toHaveLength(1);
    const winner = tries.find((r) => r.status === 200);
    expect(orders[0]?.order_no).toBe(winner?.body.data.orderNo);
    expect(await stockOf(t.app, skuId)).toBe(49);
    expect(await redeemedCount(batchId)).toBe(1);
  });

  it('one user submitting the code twice at once with two keys: one order', async () => {
    const { codes, skuId } = await productBatch(1);
    const b = await makeShopper(t.app);
    const tries = await Promise.all([1, 2, 3].map(() => redeem(b, codes[0] as string)));
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await ordersOfSku(skuId)).toHaveLength(1);
  });

  it('an expired unpaid order frees the code for its redeemer only; the stock comes back', async () => {
    const { batchId, codes, skuId } = await productBatch(1, 3);
    const code = codes[0] as string;
    const b = await makeShopper(t.app);
    const first = await redeem(b, code);
    expect(first.status).toBe(200);
    expect(await stockOf(t.app, skuId)).toBe(2);
    await expire(first.body.data.orderNo as string);
    expect(await stockOf(t.app, skuId)).toBe(3);

    const other = await makeShopper(t.app);
    expect((await redeem(other, code)).body.error).toBe('REDEEM_CODE_USED');
    const pv = await postAs<RedeemPreview>('redeem/preview', b.token, { code });
    expect(pv.body.data.again).toBe(true);
    const second = await redeem(b, code);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.orderNo).not.toBe(first.body.data.orderNo);
    expect(await stockOf(t.app, skuId)).toBe(2);
    // Counted once however many orders it placed.
    expect(await redeemedCount(batchId)).toBe(1);
    const orders = await ordersOfSku(skuId);
    expect(orders.map((o) => o.status).sort()).toEqual(['cancelled', 'unpaid']);
    // The user cancelling the order frees it the same way.
    const cancel = await post(t.app, 'order/cancel', b.token, {
      orderNo: second.body.data.orderNo,
    });
    expect(cancel.status).toBe(200);
    expect((await redeem(b, code)).status).toBe(200);
  });

  it('no stock or an expired batch: refused, the code untouched', async () => {
    const { batchId, codes, skuId } = await productBatch(2, 0);
    const b = await makeShopper(t.app);
    const pv = await postAs<RedeemPreview>('redeem/preview', b.token, { code: codes[0] });
    expect(pv.body.data.product?.inStock).toBe(false);
    const r = await redeem(b, codes[0] as string);
    expect([r.status, r.body.error]).toEqual([409, 'STOCK_NOT_ENOUGH']);
    expect(await redeemedCount(batchId)).toBe(0);
    expect(await ordersOfSku(skuId)).toHaveLength(0);
    await t.app.deps.db
      .updateTable('redeem_batch')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', batchId)
      .execute();
    expect((await redeem(b, codes[1] as string)).body.error).toBe('REDEEM_CODE_EXPIRED');
  });

  it('bad batches and bodies: 4xx with the catalogue error', async () => {
    const goods = await makeProduct(t.app);
    const skuId = goods.skuIds[0] as number;
    const base = { name: 'x-product', count: 1, expiresAt: later() };
    const cases: [object, string][] = [
      [{ kind: 'product' }, 'REDEEM_BATCH_INVALID'],
      [{ kind: 'product', skuId, amount: 5 }, 'REDEEM_BATCH_INVALID'],
      [{ kind: 'points', skuId, amount: 5 }, 'REDEEM_BATCH_INVALID'],
      [{ kind: 'product', skuId: 'a' }, 'REDEEM_BATCH_INVALID'],
      [{ kind: 'product', skuId: 999_999 }, 'SKU_NOT_FOUND'],
    ];
    for (const [body, error] of cases) {
      const r = await postAs('admin/redeem/batch', admin, { ...base, ...body });
      expect([r.status >= 400 && r.status < 500, r.body.error], JSON.stringify(body)).toEqual([
        true,
        error,
      ]);
    }
    const { codes } = await productBatch(1);
    const b = await makeShopper(t.app);
    const noKey = await postAs('redeem/redeem', b.token, {
      code: codes[0],
      addressId: b.addressId,
    });
    expect(noKey.body.error).toBe('CLIENT_KEY_INVALID');
    const badAddr = await postAs('redeem/redeem', b.token, {
      code: codes[0],
      addressId: 'x',
      clientKey: clientKey(),
    });
    expect([badAddr.status, badAddr.body.error]).toEqual([404, 'ADDRESS_REQUIRED']);
    const wrong = await postAs('redeem/preview', b.token, { code: 'nonsense' });
    expect(wrong.body.error).toBe('REDEEM_CODE_INVALID');
    expect((await postAs('redeem/preview', undefined, { code: codes[0] })).body.error).toBe(
      'LOGIN_REQUIRED',
    );
  });
});
