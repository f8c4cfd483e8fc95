import type {
  ExchangeBuyData,
  ExchangeHomeData,
  ExchangePurchase,
  OrderSummary,
  PageOf,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, post } from '../../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  clientKey,
  makeBuyer,
  makeProduct,
  makeShopper,
  stockOf,
  topUp,
} from '../../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The store's shipping on every deal, so a ¥0 order still waits for payment (its expiry and
  // release are tested here); DEAL_FREE_SHIPPING's ¥0 orders: bargain.test.ts.
  t = await createTestApp({ AUTH_CACHE_MS: '0', DEAL_FREE_SHIPPING: 'false' });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

/** A product item for a fresh SKU (price ¥25, `skuStock` units). */
async function productItem(body: Record<string, unknown> = {}, skuStock = 10) {
  const goods = await makeProduct(t.app, { price: 2500, stock: skuStock });
  const skuId = goods.skuIds[0] as number;
  const r = await post<{ id: number }>(t.app, 'admin/exchange/item', admin, {
    title: '积分换好物',
    kind: 'product',
    skuId,
    points: 100,
    stock: 10,
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body.data.id, skuId };
}

async function credit(b: Buyer, points: number) {
  await t.app.deps.db.transaction().execute((trx) =>
    t.app.pointsModule.points.credit(trx, b.userId, points, {
      kind: 'test_points',
      ref: `${b.userId}:${points}:${Math.random()}`,
      memo: '测试',
    }),
  );
}

async function withPoints(points: number, buyer = false) {
  const b = buyer ? await makeBuyer(t.app) : await makeShopper(t.app);
  if (points > 0) await credit(b, points);
  return b;
}

const balance = async (token: string) =>
  (await get<{ balance: number }>(t.app, 'points/home', token)).body.data.balance;

const buy = (b: Buyer, itemId: number, key = clientKey(), addressId: number | null = b.addressId) =>
  post<ExchangeBuyData>(t.app, 'exchange/buy', b.token, {
    itemId,
    clientKey: key,
    ...(addressId === null ? {} : { addressId }),
  });

async function ordersOfSku(skuId: number) {
  return t.app.deps.db
    .selectFrom('order_item as i')
    .innerJoin('shop_order as o', 'o.id', 'i.order_id')
    .select(['o.order_no', 'o.status', 'o.user_id', 'o.pay_amount'])
    .where('i.sku_id', '=', skuId)
    .execute();
}

async function itemRow(id: number) {
  return t.app.deps.db
    .selectFrom('exchange_item')
    .select(['sold', 'stock'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function purchasesOf(userId: number) {
  return t.app.deps.db
    .selectFrom('exchange_order')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
}

describe('points mall products', () => {
  it('points only: an order at ¥0 (+ shipping), points spent with it, in my orders', async () => {
    const { id, skuId } = await productItem();
    const home = await get<ExchangeHomeData>(t.app, 'exchange/items', undefined, {
      kind: 'product',
    });
    const listed = home.body.data.list.find((i) => i.id === id);
    expect(listed).toMatchObject({
      kind: 'product',
      cash: 0,
      image: '/s.png',
      product: { skuId, originalPrice: 2500, shippingFee: 800, inStock: true },
    });

    const b = await withPoints(250);
    const noAddress = await buy(b, id, clientKey(), null);
    expect([noAddress.status, noAddress.body.error]).toEqual([404, 'ADDRESS_REQUIRED']);
    expect(await purchasesOf(b.userId)).toHaveLength(0);
    expect(await balance(b.token)).toBe(250);

    const key = clientKey();
    const r = await buy(b, id, key);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      fresh: true,
      balance: 150,
      order: { payAmount: 800 },
      purchase: { kind: 'product', points: 100, cash: 0, returned: false },
    });
    const orderNo = r.body.data.order?.orderNos[0] as string;
    expect(r.body.data.purchase.orderNo).toBe(orderNo);
    expect(r.body.data.purchase.link).toBe(`/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    expect(await stockOf(t.app, skuId)).toBe(9);
    expect((await itemRow(id)).sold).toBe(1);
    const orders = await get<PageOf<OrderSummary>>(t.app, 'order/list', b.token, { status: 'all' });
    expect(orders.body.data.list.find((o) => o.orderNo === orderNo)).toMatchObject({
      goodsAmount: 0,
      shippingFee: 800,
      status: 'unpaid',
    });
    // Prize pages ask the same rule before the claim: with DEAL_FREE_SHIPPING=false, ¥8.
    const asked = await get<{ shippingFee: number }>(t.app, 'order/dealShipping', undefined, {
      skuId,
    });
    expect(asked.body.data.shippingFee).toBe(800);

    const again = await buy(b, id, key);
    expect(again.body.data).toMatchObject({ fresh: false, balance: 150 });
    expect(again.body.data.purchase.orderNo).toBe(orderNo);
    expect(await purchasesOf(b.userId)).toHaveLength(1);
    const mine = await get<PageOf<ExchangePurchase>>(t.app, 'exchange/mine', b.token);
    expect(mine.body.data.list[0]).toMatchObject({ kind: 'product', orderNo });
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('points + cash: the cash part and shipping are paid at the cashier; then final', async () => {
    const { id } = await productItem({ cash: 1500, points: 50 });
    const home = await get<ExchangeHomeData>(t.app, 'exchange/items', undefined, {
      kind: 'product',
    });
    // The confirm page's shipping (the store's rule on ¥15) is what the order charges.
    const preview = home.body.data.list.find((i) => i.id === id)?.product?.shippingFee;
    expect(preview).toBe(800);
    const b = await withPoints(60, true);
    const r = await buy(b, id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.order?.payAmount).toBe(1500 + 800);
    const charged = await t.app.deps.db
      .selectFrom('shop_order')
      .select('shipping_fee')
      .where('order_no', '=', r.body.data.order?.orderNos[0] ?? '')
      .executeTakeFirstOrThrow();
    expect(charged.shipping_fee).toBe(preview);
    expect(r.body.data.balance).toBe(10);
    await topUp(t.app, b.token, 2300);
    const paid = await post(t.app, 'order/newBalancePay', b.token, {
      orderNo: r.body.data.order?.payNo,
      payPassword: '135790',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [row] = await purchasesOf(b.userId);
    expect(row?.paid_at).not.toBeNull();
    // A paid purchase is never undone: the order can no longer be cancelled unpaid.
    const afterPay = await balance(b.token);
    await t.app.orderModule.expiry.sweep();
    expect(await balance(b.token)).toBe(afterPay);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('the last unit bought by 20 users at once: exactly one order', async () => {
    const { id, skuId } = await productItem({ stock: 1 }, 50);
    const users = await Promise.all(Array.from({ length: 20 }, () => withPoints(100)));
    const tries = await Promise.all(users.map((u) => buy(u, id)));
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.error === 'EXCHANGE_SOLD_OUT')).toHaveLength(19);
    expect(await ordersOfSku(skuId)).toHaveLength(1);
    expect(await itemRow(id)).toEqual({ sold: 1, stock: 1 });
    expect(await stockOf(t.app, skuId)).toBe(49);
    const balances = await Promise.all(users.map((u) => balance(u.token)));
    expect(balances.filter((x) => x === 0)).toHaveLength(1);
    expect(balances.filter((x) => x === 100)).toHaveLength(19);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('not enough points: nothing written, also when two purchases race for the same points', async () => {
    const { id, skuId } = await productItem({ points: 100 });
    const poor = await withPoints(99);
    const r = await buy(poor, id);
    expect([r.status, r.body.error]).toEqual([409, 'POINTS_NOT_ENOUGH']);
    expect(await purchasesOf(poor.userId)).toHaveLength(0);
    expect(await ordersOfSku(skuId)).toHaveLength(0);
    expect((await itemRow(id)).sold).toBe(0);
    expect(await stockOf(t.app, skuId)).toBe(10);
    expect(await balance(poor.token)).toBe(99);

    // 100 points, two different items of 100 at once: the port's check under the batch lets one.
    const other = await productItem({ points: 100 });
    const b = await withPoints(100);
    const both = await Promise.all([buy(b, id), buy(b, other.id)]);
    expect(both.filter((x) => x.status === 200)).toHaveLength(1);
    expect(both.find((x) => x.status !== 200)?.body.error).toBe('POINTS_NOT_ENOUGH');
    expect(await purchasesOf(b.userId)).toHaveLength(1);
    expect(await balance(b.token)).toBe(0);
    expect((await ordersOfSku(skuId)).length + (await ordersOfSku(other.skuId)).length).toBe(1);
  });

  it('an expired unpaid order gives the points, the unit and the allowance back, once', async () => {
    const { id, skuId } = await productItem({ stock: 1, perUserLimit: 1 });
    const b = await withPoints(100);
    const r = await buy(b, id);
    expect(r.status).toBe(200);
    expect(await balance(b.token)).toBe(0);
    const orderNo = r.body.data.order?.orderNos[0] as string;
    await t.app.deps.db
      .updateTable('shop_order')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', '=', orderNo)
      .execute();
    // order.cancelled gives the points back in the cancel's transaction: no sweep, no delay.
    await Promise.all([t.app.orderModule.expiry.sweep(), t.app.orderModule.expiry.sweep()]);
    expect(await stockOf(t.app, skuId)).toBe(10);
    expect(await balance(b.token)).toBe(100);
    expect((await itemRow(id)).sold).toBe(0);
    const mine = await get<PageOf<ExchangePurchase>>(t.app, 'exchange/mine', b.token);
    expect(mine.body.data.list[0]).toMatchObject({ orderNo, returned: true });
    const back = await t.app.deps.db
      .selectFrom('ledger_txn')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'exchange_back')
      .where('ref', '=', String(mine.body.data.list[0]?.id))
      .executeTakeFirstOrThrow();
    expect(Number(back.n)).toBe(1);

    // The unit and the allowance are free again: the same user buys it again.
    const again = await buy(b, id);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await balance(b.token)).toBe(0);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('bad items and bodies: 4xx with the catalogue error', async () => {
    const goods = await makeProduct(t.app);
    const skuId = goods.skuIds[0] as number;
    const base = { title: 'x-bad', points: 10, stock: 1 };
    const cases: [object, string][] = [
      [{ kind: 'product' }, 'EXCHANGE_ITEM_INVALID'],
      [{ kind: 'product', skuId, amount: 5 }, 'EXCHANGE_ITEM_INVALID'],
      [{ kind: 'redpacket', amount: 5, cash: 100 }, 'EXCHANGE_ITEM_INVALID'],
      [{ kind: 'product', skuId, cash: -1 }, 'EXCHANGE_ITEM_INVALID'],
      [{ kind: 'product', skuId: 999_999 }, 'SKU_NOT_FOUND'],
    ];
    for (const [body, error] of cases) {
      const r = await post(t.app, 'admin/exchange/item', admin, { ...base, ...body });
      expect([r.status >= 400 && r.status < 500, r.body.error], JSON.stringify(body)).toEqual([
        true,
        error,
      ]);
    }
    const { id } = await productItem();
    const b = await withPoints(500);
    const foreign = await makeShopper(t.app);
    const r = await buy(b, id, clientKey(), foreign.addressId);
    expect(r.body.error).toBe('ADDRESS_REQUIRED');
    const bad = await post(t.app, 'exchange/buy', b.token, {
      itemId: id,
      clientKey: clientKey(),
      addressId: -1,
    });
    expect([bad.status, bad.body.error]).toEqual([404, 'ADDRESS_REQUIRED']);
    expect(await purchasesOf(b.userId)).toHaveLength(0);
    expect(await balance(b.token)).toBe(500);
  });
});

describe('demo seed', () => {
  it('puts two catalogue products in the mall and makes a product code batch, once', async () => {
    const { seedRedeem } = await import('../../../seed/seed-redeem.ts');
    const codes = await seedRedeem(t.app);
    expect(codes).toHaveLength(8);
    expect(await seedRedeem(t.app)).toBeNull();
    const home = await get<ExchangeHomeData>(t.app, 'exchange/items', undefined, {
      kind: 'product',
    });
    expect(home.body.data.list.filter((i) => i.points === 500 || i.cash === 990)).toHaveLength(2);
    const b = await makeShopper(t.app);
    const r = await post(t.app, 'redeem/preview', b.token, { code: codes?.[7] ?? '' });
    expect(r.body.data).toMatchObject({ kind: 'product' });
  });
});
