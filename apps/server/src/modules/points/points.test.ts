import type { PointsBillPage, PointsHomeData, SignInData } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, orderAt, post } from '../../../test/kits/aftersale-kit.ts';
import { makeBuyer, makeProduct } from '../../../test/kits/order-kit.ts';
import { identityOf } from '../../../test/kits/promotion-kit.ts';
import { signInPoints } from './points.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;

describe('points', () => {
  it('signs in once a day, even with concurrent taps; the bill and the calendar show it', async () => {
    const b = await makeBuyer(t.app);
    const taps = await Promise.all(
      [1, 2, 3, 4, 5].map(() => post<SignInData>(t.app, 'points/signIn', b.token, {})),
    );
    expect(taps.every((r) => r.status === 200)).toBe(true);
    expect(taps.filter((r) => r.body.data.fresh)).toHaveLength(1);
    expect(taps.every((r) => r.body.data.points === 10 && r.body.data.balance === 10)).toBe(true);
    const home = (await get<PointsHomeData>(t.app, 'points/home', b.token)).body.data;
    expect(home).toMatchObject({ balance: 10, signedToday: true, streak: 1, nextPoints: 10 });
    expect(home.month.map((d) => d.day)).toEqual([home.today]);
    const bill = (await get<PointsBillPage>(t.app, 'points/bill', b.token)).body.data;
    expect(bill).toMatchObject({ total: 1, earned: 10, spent: 0, balance: 10 });
    expect(bill.list[0]).toMatchObject({ kind: 'signin', title: '每日签到', amount: 10 });
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('counts a streak day by day, with the day-7 bonus; a gap starts over', async () => {
    const b = await makeBuyer(t.app);
    const service = t.app.pointsModule.points;
    const start = Date.now() - 10 * DAY;
    const got = [];
    for (let i = 0; i < 8; i++) got.push(await service.signIn(b.userId, new Date(start + i * DAY)));
    expect(got.map((g) => g.streak)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(got[6]?.points).toBe(10 + 50);
    // Day 9 is skipped: day 10 starts again at 1.
    const again = await service.signIn(b.userId, new Date(start + 9 * DAY));
    expect(again.streak).toBe(1);
    expect(signInPoints(30, service.rules)).toBe(10 + 200);
  });

  it('gives the first paid order of the day its points once', async () => {
    const admin = await makeAdmin(t.app);
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 5_000 });
    const sku = shop.skuIds[0] as number;
    const first = await orderAt(t.app, b, admin, [{ skuId: sku, quantity: 1 }], 'paid');
    await orderAt(t.app, b, admin, [{ skuId: sku, quantity: 1 }], 'paid');
    const bill = (await get<PointsBillPage>(t.app, 'points/bill', b.token)).body.data;
    expect(bill.list.map((r) => [r.kind, r.amount, r.orderNo])).toEqual([
      ['first_order', 20, first.orderNo],
    ]);
    const assets = await get<{ points: number }>(t.app, 'wallet/assets', b.token);
    expect(assets.body.data.points).toBe(20);
  });

  it('gives the share task once a day, even with concurrent taps', async () => {
    const b = await makeBuyer(t.app);
    const taps = await Promise.all(
      [1, 2, 3, 4].map(() =>
        post<{ fresh: boolean; balance: number }>(t.app, 'points/share', b.token, {}),
      ),
    );
    expect(taps.every((r) => r.status === 200)).toBe(true);
    expect(taps.filter((r) => r.body.data.fresh)).toHaveLength(1);
    const home = (await get<PointsHomeData>(t.app, 'points/home', b.token)).body.data;
    expect(home).toMatchObject({ balance: 5, sharedToday: true });
    expect(home.rules).toMatchObject({ share: 5, reviewPhoto: 10, invite: 50 });
  });

  it('gives a review with photos its points once, a review without none', async () => {
    const admin = await makeAdmin(t.app);
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 5_000 });
    const sku = shop.skuIds[0] as number;
    const review = async (images: string[]) => {
      const o = await orderAt(t.app, b, admin, [{ skuId: sku, quantity: 1 }], 'received');
      const d = await get<{ items: { itemId: number }[] }>(t.app, 'order/queryByOrderId', b.token, {
        orderNo: o.orderNo,
      });
      const r = await post(t.app, 'order/ReleaseEvaluate', b.token, {
        orderNo: o.orderNo,
        itemId: d.body.data.items[0]?.itemId as number,
        stars: 5,
        content: '很好',
        images,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await review(['/uploads/2026/a.png']);
    await review([]);
    const bill = (await get<PointsBillPage>(t.app, 'points/bill', b.token)).body.data;
    expect(bill.list.filter((r) => r.kind === 'review_photo').map((r) => r.amount)).toEqual([10]);
  });

  it('gives the inviter points once per friend who registers with the code', async () => {
    const a = await makeBuyer(t.app);
    const code = (await identityOf(t.app, a)).inviteCode;
    await makeBuyer(t.app, { inviteCode: code });
    await makeBuyer(t.app, { inviteCode: code });
    const bill = (await get<PointsBillPage>(t.app, 'points/bill', a.token)).body.data;
    expect(bill.list.map((r) => [r.kind, r.amount, r.title])).toEqual([
      ['invite', 50, '邀请好友奖励'],
      ['invite', 50, '邀请好友奖励'],
    ]);
  });

  it('refuses the anonymous and bad months', async () => {
    expect((await post(t.app, 'points/signIn', undefined, {})).status).toBe(401);
    expect((await get(t.app, 'points/home', undefined)).status).toBe(401);
    const b = await makeBuyer(t.app);
    const bad = await get(t.app, 'points/bill', b.token, { month: '2026-00' });
    expect(bad.body).toMatchObject({ code: 400, error: 'BILL_MONTH_INVALID' });
  });
});
