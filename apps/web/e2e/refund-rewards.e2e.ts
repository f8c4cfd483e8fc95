import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiCall,
  type BuyerCall,
  operatorJson,
  operatorToken,
  placeOrder,
  readyToPay,
} from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
const SLOW = { timeout: 15_000 };
let browser: Browser;
let user: AppUser;
let adminToken = '';
let call: BuyerCall;

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL);
  adminToken = await operatorToken(user.page);
  call = (method, path, form) => apiCall(user.page, method, path, form, user.token);
});
afterAll(async () => {
  await user?.context.close();
  await browser?.close();
});

/** Issue 32 item 2: a full refund takes back the order's rewards; the pages show it at 390×844. */
describe('order rewards undone by the refund', () => {
  it('pay, pour the water, refund in full: 订单退款扣回 rows, the water debt, no sideways overflow', async () => {
    const { page } = user;
    await readyToPay(call, page, '258369', 100_000);
    const feed = await call<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=priceAsc',
    );
    const detail = await call<{ skus: { id: number; stock: number }[] }>(
      'GET',
      `goods/detail?id=${feed.list[0]?.id ?? 0}`,
    );
    const skuId = detail.skus.find((s) => s.stock > 2)?.id ?? 0;
    expect(skuId).toBeGreaterThan(0);
    const order = await placeOrder(call, skuId, 'rr');
    const orderNo = order.orderNos[0] ?? '';
    await call('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: '258369' });

    // Pour 10 of the order's 20 water into a tree, so the refund finds only 10 in the kettle.
    const tag = String(Date.now()).slice(-5);
    const template = await operatorJson<{ id: number }>(page, adminToken, 'admin/coupon/template', {
      name: `退款果园券${tag}`,
      kind: 'full',
      scope: 'platform',
      threshold: 3000,
      amount: 500,
      validDays: 7,
      total: 100,
      perUser: 10,
      claimable: false,
    });
    const fruit = await operatorJson<{ id: number }>(page, adminToken, 'admin/farm/fruit', {
      name: `退款果树${tag}`,
      image: '',
      waterNeeded: 100,
      reward: 'coupon',
      couponTemplateId: template.id,
      sort: 0,
    });
    await call('POST', 'farm/plant', { fruitId: fruit.id });
    await call('POST', 'farm/water', {});

    const quote = await call<{ maxAmount: number; reasons: string[] }>(
      'GET',
      `order/queryRefundMoney?orderNo=${orderNo}&skuId=${skuId}`,
    );
    const { refundNo } = await call<{ refundNo: string }>('POST', 'order/refundApply', {
      orderNo,
      skuId,
      type: 'refund',
      reason: quote.reasons[0] ?? '不想要了',
      amount: quote.maxAmount,
    });
    await operatorJson(page, adminToken, 'admin/refund/approve', { refundNo });

    await page.goto('/#/rootPages/farm/farm');
    await expect
      .poll(() => page.getByTestId('farm-kettle').textContent(), SLOW)
      .toMatch(/水壶\s*0\s*滴（退款待扣 10 滴）/);
    await page.getByText('订单退款扣回').first().waitFor(SLOW);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'refund-rewards-farm');

    await page.goto('/#/rootPages/integral/MyBill');
    await page.getByText('订单退款扣回').first().waitFor(SLOW);
    await page.getByText('每日首单奖励').first().waitFor(SLOW);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'refund-rewards-points-bill');

    await page.goto('/#/rootPages/integral/integral');
    await expect.poll(() => page.getByTestId('points-balance').textContent(), SLOW).toBe('0');
    expect(await page.getByTestId('points-debt').count()).toBe(0);
    expect(await overflowing(page)).toEqual([]);
    expect(user.errors).toEqual([]);
  });
});
