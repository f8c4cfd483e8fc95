import type {
  AssetsData,
  BillPage,
  RedPacket,
  RedPacketOpened,
  RedPacketPage,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { aftersaleAppPerFile } from '../../../test/kits/aftersale-app-kit.ts';
import { get, ledgerSum, post } from '../../../test/kits/aftersale-kit.ts';
import { preview } from '../../../test/kits/coupon-kit.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../test/kits/order-kit.ts';

const kit = aftersaleAppPerFile();

async function givePacket(
  app: FastifyInstance,
  admin: string,
  b: Buyer,
  over: Record<string, unknown> = {},
): Promise<RedPacket> {
  const res = await post<{ issued: number }>(app, 'admin/redPacket/issue', admin, {
    userIds: [b.userId],
    title: '活动红包',
    source: 'activity',
    minAmount: 500,
    maxAmount: 2000,
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const list = await get<RedPacketPage>(app, 'redPacket/list', b.token, { status: 'all' });
  return list.body.data.list[0] as RedPacket;
}

const redBalance = async (app: FastifyInstance, b: Buyer) =>
  (await get<AssetsData>(app, 'wallet/assets', b.token)).body.data.redPacketBalance;

describe('red packets', () => {
  it('opens a packet once, even when opened twice at once, with its amount fixed', async () => {
    const { app, admin } = kit;
    const b = await makeBuyer(app);
    const packet = await givePacket(app, admin, b);
    expect(packet).toMatchObject({ state: 'unopened', amount: null, sourceText: '活动红包' });
    const [x, y] = await Promise.all([
      post<RedPacketOpened>(app, 'redPacket/open', b.token, { id: packet.id }),
      post<RedPacketOpened>(app, 'redPacket/open', b.token, { id: packet.id }),
    ]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    const amount = x.body.data.packet.amount as number;
    expect(y.body.data.packet.amount).toBe(amount);
    expect(amount).toBeGreaterThanOrEqual(500);
    expect(amount).toBeLessThanOrEqual(2000);
    expect(await redBalance(app, b)).toBe(amount);
    const again = await post<RedPacketOpened>(app, 'redPacket/open', b.token, { id: packet.id });
    expect(again.body.data.packet.amount).toBe(amount);
    expect(await redBalance(app, b)).toBe(amount);
    const detail = await get<RedPacket>(app, 'redPacket/detail', b.token, { id: packet.id });
    expect(detail.body.data).toMatchObject({ state: 'opened', amount });
    expect(await ledgerSum(app)).toBe(0);
  });

  it('refuses expired and foreign packets, and deletes only expired ones', async () => {
    const { app, admin } = kit;
    const b = await makeBuyer(app);
    const other = await makeBuyer(app);
    const packet = await givePacket(app, admin, b);
    await app.deps.db
      .updateTable('red_packet')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', packet.id)
      .execute();
    const live = await givePacket(app, admin, b);
    const open = await post(app, 'redPacket/open', b.token, { id: packet.id });
    expect(open.status).toBe(409);
    expect(open.body).toMatchObject({ error: 'RED_PACKET_EXPIRED', msg: '红包已过期' });
    for (const [url, method] of [
      ['redPacket/open', 'post'],
      ['redPacket/detail', 'get'],
    ] as const) {
      const res =
        method === 'post'
          ? await post(app, url, other.token, { id: live.id })
          : await get(app, url, other.token, { id: live.id });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('RED_PACKET_NOT_FOUND');
    }
    expect((await post(app, 'redPacket/deleteALL', other.token, {})).body.data).toEqual({
      deleted: 0,
    });
    expect((await post(app, 'redPacket/deleteALL', b.token, {})).body.data).toEqual({ deleted: 1 });
    const list = await get<RedPacketPage>(app, 'redPacket/list', b.token);
    expect(list.body.data.list.map((p) => p.id)).toEqual([live.id]);
    expect(list.body.data.unopened).toBe(1);
    expect((await post(app, 'redPacket/open', b.token, { id: 'x' })).body.error).toBe(
      'RED_PACKET_NOT_FOUND',
    );
    expect((await get(app, 'redPacket/list', b.token, { status: 'nope' })).status).toBe(400);
    const bad = await post(app, 'admin/redPacket/issue', admin, {
      userIds: [b.userId],
      title: '坏',
      source: 'activity',
      minAmount: 900,
      maxAmount: 100,
    });
    expect(bad.body.error).toBe('RED_PACKET_INVALID');
  });
});

describe('the red-packet deduction', () => {
  it('pays at most 20 % of the goods, is held by the unpaid order, and comes back on cancel', async () => {
    const { app, admin } = kit;
    const b = await makeBuyer(app);
    const shop = await makeProduct(app, { price: 10000, stock: 50 });
    const sku = shop.skuIds[0] as number;
    const packet = await givePacket(app, admin, b, { minAmount: 5000, maxAmount: 5000 });
    await post(app, 'redPacket/open', b.token, { id: packet.id });
    const pv = await preview(app, b, [{ skuId: sku, quantity: 1 }]);
    expect(pv.body.data).toMatchObject({
      redPacketBalance: 5000,
      redPacketDeductible: 2000,
      redPacketDeduction: 2000,
      useRedPacket: true,
      totalAmount: 8000,
      redPacketMaxSharePercent: 20,
    });
    const off = await preview(app, b, [{ skuId: sku, quantity: 1 }], { useRedPacket: false });
    expect(off.body.data.totalAmount).toBe(10000);
    const placed = await newOrder(app, b, [{ skuId: sku, quantity: 1 }], { useRedPacket: true });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.payAmount).toBe(8000);
    expect(await redBalance(app, b)).toBe(3000);
    await post(app, 'order/cancel', b.token, { orderNo: placed.body.data.payNo });
    expect(await redBalance(app, b)).toBe(5000);
    expect(await ledgerSum(app)).toBe(0);
  });

  it('concurrent submits never spend more than the balance', async () => {
    const { app, admin } = kit;
    const b = await makeBuyer(app);
    const shop = await makeProduct(app, { price: 10000, stock: 50 });
    const packet = await givePacket(app, admin, b, { minAmount: 3000, maxAmount: 3000 });
    await post(app, 'redPacket/open', b.token, { id: packet.id });
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        newOrder(app, b, [{ skuId: shop.skuIds[0] as number, quantity: 1 }], {
          useRedPacket: true,
        }),
      ),
    );
    const spent = results
      .filter((r) => r.status === 200)
      .reduce((s, r) => s + (10000 - r.body.data.payAmount), 0);
    expect(spent).toBeLessThanOrEqual(3000);
    expect(await redBalance(app, b)).toBe(3000 - spent);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.body.error).toBe('RED_PACKET_NOT_ENOUGH');
    }
  });

  it('a paid order’s partial refund gives back the line’s red packet in proportion; the bill shows every movement', async () => {
    const { app, admin } = kit;
    const b = await makeBuyer(app);
    const shop = await makeProduct(app, { price: 10000, stock: 50 });
    const sku = shop.skuIds[0] as number;
    const packet = await givePacket(app, admin, b, { minAmount: 2000, maxAmount: 2000 });
    await post(app, 'redPacket/open', b.token, { id: packet.id });
    const placed = await newOrder(app, b, [{ skuId: sku, quantity: 1 }], { useRedPacket: true });
    await topUp(app, b.token, placed.body.data.payAmount);
    const paid = await post(app, 'order/newBalancePay', b.token, {
      orderNo: placed.body.data.payNo,
      payPassword: '135790',
    });
    expect(paid.status).toBe(200);
    const orderNo = placed.body.data.orderNos[0] as string;
    await post(app, 'admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    // Paid ¥80 for the line (¥100 − ¥20 red packet); a refund of ¥40 gives back half the packet.
    const r = await post<{ refundNo: string }>(app, 'order/refundApply', b.token, {
      orderNo,
      skuId: sku,
      amount: 4000,
      type: 'refund',
      reason: '不想要了',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await post(app, 'admin/refund/approve', admin, { refundNo: r.body.data.refundNo });
    expect(await redBalance(app, b)).toBe(1000);
    const merchant = await app.deps.db
      .selectFrom('ledger_account')
      .select('balance')
      .where('code', '=', `store:${shop.storeId}`)
      .executeTakeFirstOrThrow();
    // The store got ¥80 cash + ¥20 red packet and gave back ¥40 + ¥10.
    expect(Number(merchant.balance)).toBe(10000 - 5000);
    expect(await ledgerSum(app)).toBe(0);

    const bill = await get<BillPage>(app, 'wallet/bill', b.token, { pageSize: 50 });
    const titles = bill.body.data.list.map((row) => [
      row.kind,
      row.account,
      row.amount,
      row.orderNo,
    ]);
    expect(titles).toContainEqual(['redPacket', 'redPacket', 2000, null]);
    expect(titles).toContainEqual(['pay', 'redPacket', -2000, orderNo]);
    expect(titles).toContainEqual(['pay', 'balance', -8000, orderNo]);
    expect(titles).toContainEqual(['refund', 'balance', 4000, orderNo]);
    expect(titles).toContainEqual(['refund', 'redPacket', 1000, orderNo]);
    const onlyRed = await get<BillPage>(app, 'wallet/bill', b.token, { account: 'redPacket' });
    expect(onlyRed.body.data.list.every((row) => row.account === 'redPacket')).toBe(true);
    expect(onlyRed.body.data.income).toBe(3000);
    expect(onlyRed.body.data.expense).toBe(2000);
    const refunds = await get<BillPage>(app, 'wallet/bill', b.token, { kind: 'refund' });
    expect(refunds.body.data.list.every((row) => row.kind === 'refund')).toBe(true);
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const thisMonth = await get<BillPage>(app, 'wallet/bill', b.token, { month });
    expect(thisMonth.body.data.total).toBe(bill.body.data.total);
    const empty = await get<BillPage>(app, 'wallet/bill', b.token, { month: '2020-01' });
    expect(empty.body.data.total).toBe(0);
    expect((await get(app, 'wallet/bill', b.token, { month: '2020-13' })).body.error).toBe(
      'BILL_MONTH_INVALID',
    );
    const stranger = await makeBuyer(app);
    expect((await get<BillPage>(app, 'wallet/bill', stranger.token)).body.data.total).toBe(0);
  });

  it('answers 我的资产 and the rules', async () => {
    const { app } = kit;
    const b = await makeBuyer(app);
    const assets = await get<AssetsData>(app, 'wallet/assets', b.token);
    expect(assets.body.data).toEqual({
      balance: 0,
      redPacketBalance: 0,
      unopenedRedPackets: 0,
      couponCount: 0,
      expiringCoupons: 0,
      points: 0,
      commission: 0,
    });
    expect((await get(app, 'wallet/assets', undefined)).status).toBe(401);
    const rules = await get(app, 'wallet/rules', undefined);
    expect(rules.body.data).toMatchObject({ redPacketMaxSharePercent: 20, couponExpiringDays: 3 });
  });
});
