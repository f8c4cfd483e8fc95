import type {
  IdentityData,
  MemberBuyData,
  MemberPlansData,
  SavingsPage,
  UpgradeData,
} from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { get, ledgerSum, orderAt, post } from '../../../../test/kits/aftersale-kit.ts';
import { preview } from '../../../../test/kits/coupon-kit.ts';
import {
  type Buyer,
  clientKey,
  makeProduct,
  topUp,
  waitFor,
} from '../../../../test/kits/order-kit.ts';
import { identityOf, invitee, promoAppPerFile } from '../../../../test/kits/promotion-kit.ts';

const kit = promoAppPerFile({ MEMBER_PRICE_PERCENT: '90', MEMBER_PRICE_MONTH: '1900' });

const buyPlan = (b: Buyer, plan: string, key = clientKey()) =>
  post<MemberBuyData>(kit.app, 'member/buy', b.token, {
    plan,
    payType: 'balance',
    password: '135790',
    clientKey: key,
  });

const DAY = 86_400_000;

describe('membership', () => {
  it('a purchase by balance makes a member; a renewal extends from the current end', async () => {
    const { app } = kit;
    const b = await invitee(app);
    const broke = await buyPlan(b, 'month');
    expect(broke.body).toMatchObject({ code: 409, error: 'BALANCE_NOT_ENOUGH' });
    expect((await identityOf(app, b)).isMember).toBe(false);
    await topUp(app, b.token, 10_000);
    const key = clientKey();
    const [x, y] = await Promise.all([buyPlan(b, 'month', key), buyPlan(b, 'month', key)]);
    expect(x.status, JSON.stringify(x.body)).toBe(200);
    expect(y.body.data.purchaseNo).toBe(x.body.data.purchaseNo);
    const first = new Date(x.body.data.memberUntil as string).getTime();
    expect(Math.abs(first - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    const renew = await buyPlan(b, 'month');
    const second = new Date(renew.body.data.memberUntil as string).getTime();
    expect(second - first).toBe(30 * DAY);
    const id = await identityOf(app, b);
    expect(id).toMatchObject({ tier: 'member', tierText: '会员', isMember: true });
    const plans = (await get<MemberPlansData>(app, 'member/plans', b.token)).body.data;
    expect(plans.plans.map((p) => p.id)).toEqual(['month', 'quarter', 'year']);
    expect(plans.memberPricePercent).toBe(90);
    expect(await app.orderModule.payments.balance(b.userId)).toBe(10_000 - 2 * 1_900);
    expect(await ledgerSum(app)).toBe(0);
  });

  it('a lapsed membership renews from now, not from its past end', async () => {
    const { app } = kit;
    const b = await invitee(app);
    await topUp(app, b.token, 10_000);
    await buyPlan(b, 'month');
    await app.deps.db
      .updateTable('promo_user')
      .set({ member_until: new Date(Date.now() - 10 * DAY) })
      .where('user_id', '=', b.userId)
      .execute();
    expect((await identityOf(app, b)).tier).toBe('user');
    const renew = await buyPlan(b, 'month');
    const until = new Date(renew.body.data.memberUntil as string).getTime();
    expect(Math.abs(until - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it('members pay member prices; the savings are exact, order by order', async () => {
    const { app, admin } = kit;
    const b = await invitee(app);
    const shop = await makeProduct(app, { price: 3_333, stock: 100 });
    const sku = shop.skuIds[0] as number;
    const before = await preview(app, b, [{ skuId: sku, quantity: 3 }]);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.data.goodsAmount).toBe(9_999);
    await topUp(app, b.token, 20_000);
    await buyPlan(b, 'month');
    const after = await preview(app, b, [{ skuId: sku, quantity: 3 }]);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    // 90 % of ¥33.33 is ¥29.99 (rounded down): ¥3.34 a piece off.
    expect(after.body.data.goodsAmount).toBe(3 * 2_999);
    expect(after.body.data.memberSaving).toBe(3 * 334);
    await orderAt(app, b, admin, [{ skuId: sku, quantity: 3 }], 'paid');
    await orderAt(app, b, admin, [{ skuId: sku, quantity: 1 }], 'paid');
    const savings = (await get<SavingsPage>(app, 'member/savings', b.token)).body.data;
    expect(savings).toMatchObject({ totalSaved: 4 * 334, orderCount: 2, total: 2 });
    expect(savings.list[0]).toMatchObject({ saved: 334, listAmount: 3_333 });
  });

  it('a gateway purchase is settled by the sandbox notify, once', async () => {
    const { app } = kit;
    const b = await invitee(app);
    const start = await post<MemberBuyData>(app, 'member/buy', b.token, {
      plan: 'quarter',
      payType: 'sandbox',
      clientKey: clientKey(),
    });
    expect(start.body.data.status).toBe('pending');
    const paymentNo = start.body.data.cashier?.paymentNo as string;
    for (let i = 0; i < 2; i++) {
      await app.inject({
        method: 'POST',
        url: '/sandbox/cashier',
        payload: { paymentNo, action: 'pay' },
      });
    }
    const done = await waitFor(
      () =>
        get<MemberBuyData>(app, 'member/purchase', b.token, {
          purchaseNo: start.body.data.purchaseNo,
        }),
      (r) => r.body.data.status === 'paid',
    );
    expect(done.body.data.status).toBe('paid');
    expect((await identityOf(app, b)).isMember).toBe(true);
    expect(await app.orderModule.payments.balance(b.userId)).toBe(0);
    const other = await invitee(app);
    const peek = await get(app, 'member/purchase', other.token, {
      purchaseNo: start.body.data.purchaseNo,
    });
    expect(peek.body.error).toBe('MEMBER_PURCHASE_NOT_FOUND');
    const bad = await post(app, 'member/buy', b.token, {
      plan: 'decade',
      payType: 'balance',
      clientKey: clientKey(),
    });
    expect(bad.body).toMatchObject({ code: 400, error: 'MEMBER_PLAN_INVALID' });
    expect(await ledgerSum(app)).toBe(0);
  });
});

describe('the 598 upgrade', () => {
  it('paying for an upgrade package makes the buyer a promoter, once', async () => {
    const { app, admin } = kit;
    const pack = await makeProduct(app, { price: 59_800, stock: 10 });
    expect(
      (await post(app, 'admin/promotion/package', admin, { productId: pack.productId })).status,
    ).toBe(200);
    const b = await invitee(app);
    const info = (await get<UpgradeData>(app, 'promotion/upgrade', b.token)).body.data;
    expect(info.packages.map((p) => p.productId)).toContain(pack.productId);
    expect(info.tiers.map((t) => t.name)).toEqual(['普通用户', '会员', '推广员', '店主']);
    await orderAt(
      app,
      b,
      admin,
      [{ skuId: pack.skuIds[0] as number, quantity: 1 }],
      'paid',
      'sandbox',
    );
    const id = await identityOf(app, b);
    expect(id).toMatchObject({ tier: 'promoter', isPromoter: true, promoterSource: 'upgrade' });
    const bail = await post(app, 'promotion/bailPay', b.token, { password: '135790' });
    expect(bail.body).toMatchObject({ code: 409, error: 'UPGRADE_DONE' });
  });

  it('the deposit variant holds the deposit and grants the identity', async () => {
    const { app } = kit;
    const b = await invitee(app);
    const poor = await post(app, 'promotion/bailPay', b.token, { password: '135790' });
    expect(poor.body.error).toBe('BALANCE_NOT_ENOUGH');
    await topUp(app, b.token, 29_900);
    const [x, y] = await Promise.all([
      post<IdentityData>(app, 'promotion/bailPay', b.token, { password: '135790' }),
      post<IdentityData>(app, 'promotion/bailPay', b.token, { password: '135790' }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    expect((await identityOf(app, b)).promoterSource).toBe('bail');
    expect(await app.orderModule.payments.balance(b.userId)).toBe(0);
    expect(await ledgerSum(app)).toBe(0);
  });
});
