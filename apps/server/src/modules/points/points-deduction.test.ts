import type { OrderPreviewData, PointsBillPage } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, post } from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function givePoints(b: Buyer, points: number): Promise<void> {
  await t.app.deps.db.transaction().execute((trx) =>
    t.app.pointsModule.points.credit(trx, b.userId, points, {
      kind: 'redeem',
      ref: `test:${b.userId}:${points}:${Math.random()}`,
      memo: '测试积分',
    }),
  );
}

const pointsOf = (b: Buyer) => t.app.pointsModule.points.balance(b.userId);

async function storeBalance(storeId: number): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('code', '=', `store:${storeId}`)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

async function pay(b: Buyer, payNo: string, amount: number) {
  await topUp(t.app, b.token, amount);
  const paid = await post(t.app, 'order/newBalancePay', b.token, {
    orderNo: payNo,
    payPassword: '135790',
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

describe('points as a checkout deduction (100 points = ¥1, at most 20 % of the goods)', () => {
  it('writeOrder offers the deduction and applies it only when chosen', async () => {
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 10_000 });
    await givePoints(b, 5_000);
    const items = JSON.stringify([{ skuId: shop.skuIds[0], quantity: 1 }]);
    const off = (await post<OrderPreviewData>(t.app, 'order/preview', b.token, { items })).body
      .data;
    expect(off).toMatchObject({
      pointsBalance: 5_000,
      pointsDeductible: 2_000,
      pointsDeduction: 0,
      usePoints: false,
      pointsPerYuan: 100,
      pointsMaxSharePercent: 20,
      totalAmount: 10_000,
    });
    const on = (
      await post<OrderPreviewData>(t.app, 'order/preview', b.token, { items, usePoints: true })
    ).body.data;
    expect(on).toMatchObject({ pointsDeduction: 2_000, pointsUsed: 2_000, totalAmount: 8_000 });
    expect(on.stores[0]?.pointsAmount).toBe(2_000);
  });

  it('spends the points with the order and gives them back once when it is cancelled unpaid', async () => {
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 10_000 });
    await givePoints(b, 1_500);
    const placed = await newOrder(t.app, b, [{ skuId: shop.skuIds[0] as number, quantity: 1 }], {
      usePoints: true,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    // The balance (¥15) is below the 20 % cap (¥20): all of it is used.
    expect(placed.body.data.payAmount).toBe(10_000 - 1_500);
    expect(await pointsOf(b)).toBe(0);
    const orderNo = placed.body.data.orderNos[0] as string;
    const cancels = await Promise.all(
      [1, 2, 3].map(() => post(t.app, 'order/cancel', b.token, { orderNo })),
    );
    expect(cancels.some((c) => c.status === 200)).toBe(true);
    expect(await pointsOf(b)).toBe(1_500);
    const bill = (await get<PointsBillPage>(t.app, 'points/bill', b.token)).body.data;
    expect(bill.list.map((r) => [r.kind, r.amount])).toEqual(
      expect.arrayContaining([
        ['points_use', -1_500],
        ['points_release', 1_500],
      ]),
    );
    expect(bill.list.find((r) => r.kind === 'points_release')?.orderNo).toBe(orderNo);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('pays the store in full and gives points back in proportion to partial refunds', async () => {
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 10_000 });
    const sku = shop.skuIds[0] as number;
    await givePoints(b, 5_000);
    const placed = await newOrder(t.app, b, [{ skuId: sku, quantity: 1 }], { usePoints: true });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await pay(b, placed.body.data.payNo, placed.body.data.payAmount);
    // 3,000 left, and the day's first paid order earns its 20.
    expect(await pointsOf(b)).toBe(3_020);
    // The store is owed the whole ¥100: ¥80 from the buyer and ¥20 from the points budget.
    expect(await storeBalance(shop.storeId)).toBe(10_000);
    const orderNo = placed.body.data.orderNos[0] as string;
    const info = await get<{ pointsAmount: number; pointsUsed: number }>(
      t.app,
      'order/queryByOrderId',
      b.token,
      { orderNo },
    );
    expect(info.body.data).toMatchObject({ pointsAmount: 2_000, pointsUsed: 2_000 });
    await post(t.app, 'admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    // Paid ¥80 for the line; a refund of ¥20 (a quarter) brings back a quarter of the points.
    const refund = async (amount: number) => {
      const r = await post<{ refundNo: string }>(t.app, 'order/refundApply', b.token, {
        orderNo,
        skuId: sku,
        amount,
        type: 'refund',
        reason: '不想要了',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const ok = await post(t.app, 'admin/refund/approve', admin, {
        refundNo: r.body.data.refundNo,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    };
    await refund(2_000);
    expect(await pointsOf(b)).toBe(3_520);
    expect(await storeBalance(shop.storeId)).toBe(10_000 - 2_000 - 500);
    // The rest of the line brings back the rest of the points, to the point; nothing of the order
    // stays paid, so its first-order 20 go back too (issue 32).
    await refund(6_000);
    expect(await pointsOf(b)).toBe(5_000);
    expect(await storeBalance(shop.storeId)).toBe(0);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('never spends more points than the buyer has, with submits at once', async () => {
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 10_000, stock: 50 });
    await givePoints(b, 2_000);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        newOrder(t.app, b, [{ skuId: shop.skuIds[0] as number, quantity: 1 }], {
          usePoints: true,
        }),
      ),
    );
    const placed = results.filter((r) => r.status === 200);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body.error).toBe('POINTS_NOT_ENOUGH');
    }
    const used = placed.reduce((s, r) => s + (10_000 - r.body.data.payAmount), 0);
    expect(used).toBe(2_000);
    expect(await pointsOf(b)).toBe(0);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('refuses a malformed choice', async () => {
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 1_000 });
    const bad = await post(t.app, 'order/preview', b.token, {
      items: JSON.stringify([{ skuId: shop.skuIds[0], quantity: 1 }]),
      usePoints: 'yes',
    });
    expect(bad.body).toMatchObject({ code: 400, error: 'INVALID_PARAM' });
  });
});
