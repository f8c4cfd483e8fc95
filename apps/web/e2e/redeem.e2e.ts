import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, type BuyerCall, operatorJson, operatorToken, readyToPay } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let user: AppUser;
let adminToken = '';
const tag = Math.random().toString(36).slice(2, 7);
const PAY_PASSWORD = '258369';
const asUser: BuyerCall = (method, path, form) =>
  apiCall(user.page, method, path, form, user.token);

/** The operator's JSON call. */
const asOperator = <T>(path: string, body: unknown) =>
  operatorJson<T>(user.page, adminToken, path, body);

/** A platform coupon 满50减{yuan}: 我的优惠券 shows it by that title. */
async function template(name: string, yuan: number): Promise<number> {
  const t = await asOperator<{ id: number }>('admin/coupon/template', {
    name,
    kind: 'full',
    scope: 'platform',
    threshold: 5000,
    amount: yuan * 100,
    validDays: 7,
    total: 100,
    perUser: 5,
    claimable: false,
  });
  return t.id;
}

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL);
  adminToken = await operatorToken(user.page);
});
afterAll(async () => {
  await user?.context.close();
  await browser?.close();
});

describe('redeem codes and the points mall', () => {
  it('redeems a code typed in lower case and finds the coupon in 我的优惠券', async () => {
    const name = `兑换码券${tag}`;
    const templateId = await template(name, 8);
    const batch = await asOperator<{ id: number }>('admin/redeem/batch', {
      name: `E2E批次${tag}`,
      kind: 'coupon',
      couponTemplateId: templateId,
      count: 2,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { codes } = await asOperator<{ codes: string[] }>('admin/redeem/export', {
      batchId: batch.id,
    });
    const code = codes[0] ?? '';
    const { page } = user;
    await page.goto('/#/rootPages/redeemCode/redeemCode');
    const input = page.getByTestId('redeem-input').locator('input');
    await input.fill(code.replace(/-/g, '').toLowerCase());
    // Grouped as typed.
    await expect.poll(() => input.inputValue()).toBe(code);
    await page.getByTestId('redeem-submit').click();
    await expect.poll(() => page.getByTestId('redeem-result').textContent()).toContain(name);
    await expect.poll(() => page.getByTestId('redeem-row').count()).toBe(1);
    await snap(page, 'redeem-01-result');
    // The same code again: the server's message.
    await input.fill(code);
    await page.getByTestId('redeem-submit').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').filter({ hasText: '已被使用' }).count())
      .toBeGreaterThan(0);
    await page.getByTestId('redeem-use').click();
    await page.waitForURL(/userMyCoupon\/myCoupon/);
    await expect.poll(() => page.getByText('满50减8').count()).toBeGreaterThan(0);
    await snap(page, 'redeem-02-my-coupon');
    expect(user.errors).toEqual([]);
  });

  it('signs in for points and buys a coupon with them in the points mall', async () => {
    const name = `积分券${tag}`;
    const templateId = await template(name, 7);
    await asOperator('admin/exchange/item', {
      title: name,
      kind: 'coupon',
      couponTemplateId: templateId,
      points: 10,
      stock: 5,
      perUserLimit: 1,
    });
    const { page } = user;
    await page.goto('/#/rootPages/integral/integral');
    await page.getByTestId('sign-in').click();
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toContain('10');
    await page.getByTestId('points-mall').click();
    await page.waitForURL(/exchange\/exchangeWeb/);
    await expect.poll(() => page.getByTestId('exchange-balance').textContent()).toBe('10');
    const card = page.getByTestId('exchange-item').filter({ hasText: name }).first();
    await card.getByTestId('exchange-open').click();
    await page.getByTestId('exchange-confirm').click();
    await expect.poll(() => page.getByTestId('exchange-result').textContent()).toContain(name);
    await snap(page, 'exchange-01-result');
    await expect.poll(() => page.getByTestId('exchange-balance').textContent()).toBe('0');
    await page.getByTestId('exchange-result').getByText('去使用').click();
    await page.waitForURL(/userMyCoupon\/myCoupon/);
    await expect.poll(() => page.getByText('满50减7').count()).toBeGreaterThan(0);
    expect(user.errors).toEqual([]);
  });

  it('redeems a product code: the address, 免运费 shown first, a ¥0 order paid at once', async () => {
    const feed = await asUser<{ list: { id: number; title: string }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=20&sort=priceAsc',
    );
    let pick: { skuId: number; title: string } | null = null;
    for (const product of feed.list) {
      const detail = await asUser<{
        title: string;
        subtitle: string;
        skus: { id: number; stock: number }[];
      }>('GET', `goods/detail?id=${product.id}`);
      // A product promising 包邮 ships free; this test is about the shipping paid at the cashier.
      if (`${detail.title}${detail.subtitle}`.includes('包邮')) continue;
      const sku = detail.skus.find((k) => k.stock >= 2);
      if (sku) {
        pick = { skuId: sku.id, title: detail.title };
        break;
      }
    }
    expect(pick).not.toBeNull();
    const batch = await asOperator<{ id: number }>('admin/redeem/batch', {
      name: `E2E商品${tag}`,
      kind: 'product',
      skuId: pick?.skuId,
      count: 1,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const { codes } = await asOperator<{ codes: string[] }>('admin/redeem/export', {
      batchId: batch.id,
    });
    const { page } = user;
    await readyToPay(asUser, page, PAY_PASSWORD, 10_000);
    await page.goto('/#/rootPages/redeemCode/redeemCode');
    await page
      .getByTestId('redeem-input')
      .locator('input')
      .fill(codes[0] ?? '');
    await page.getByTestId('redeem-submit').click();
    const sheet = page.getByTestId('redeem-product');
    await sheet.waitFor();
    await sheet.getByTestId('order-address').filter({ hasText: '李四' }).waitFor();
    // A ¥0 order ships free (DEAL_FREE_SHIPPING), said before the user commits; no cashier.
    expect(await sheet.getByTestId('deal-shipping').textContent()).toBe('免运费');
    expect(await sheet.getByTestId('deal-pay').textContent()).toBe('¥0.00');
    await snap(page, 'redeem-03-product-confirm');
    await sheet.getByTestId('deal-submit').click();
    await page.waitForURL(/userMyOrder\/orderInfo\?orderNo=/, { timeout: 15_000 });
    const history = await asUser<{ list: { kind: string; orderNo: string | null }[] }>(
      'GET',
      'redeem/history?pageNum=1&pageSize=10',
    );
    const orderNo = history.list.find((r) => r.kind === 'product')?.orderNo ?? '';
    expect(orderNo).not.toBe('');
    const order = await asUser<{ status: string; goodsAmount: number }>(
      'GET',
      `order/queryByOrderId?orderNo=${orderNo}`,
    );
    expect(order).toMatchObject({ status: 'unshipped', goodsAmount: 0 });
    await page.goto(`/#/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    await expect.poll(() => page.getByText(pick?.title ?? '-').count()).toBeGreaterThan(0);
    await snap(page, 'redeem-04-product-order');
    expect(user.errors).toEqual([]);
  });

  it('warns from the third wrong code on: 还可尝试N次, then the wait', async () => {
    // Its own user: five wrong codes block whoever enters them.
    const guesser = await appUser(browser, baseURL);
    const { page } = guesser;
    try {
      await page.goto('/#/rootPages/redeemCode/redeemCode');
      const input = page.getByTestId('redeem-input').locator('input');
      const warning = page.getByTestId('redeem-warning');
      const wrong = async () => {
        await input.fill('ZZZZ-ZZZZ-ZZZZ-ZZZ1');
        const answer = page.waitForResponse((r) => r.url().includes('/redeem/preview'));
        await page.getByTestId('redeem-submit').click();
        return ((await (await answer).json()) as { error?: string }).error;
      };
      expect(await wrong()).toBe('REDEEM_CODE_INVALID');
      expect(await wrong()).toBe('REDEEM_CODE_INVALID');
      expect(await warning.count()).toBe(0);
      expect(await wrong()).toBe('REDEEM_CODE_INVALID_LEFT');
      await expect.poll(() => warning.textContent()).toBe('兑换码无效，还可尝试2次');
      expect(await overflowing(page)).toEqual([]);
      await snap(page, 'redeem-05-tries-left');
      expect(await wrong()).toBe('REDEEM_CODE_INVALID_LEFT');
      await expect.poll(() => warning.textContent()).toBe('兑换码无效，还可尝试1次');
      expect(await wrong()).toBe('REDEEM_TOO_MANY');
      await expect.poll(() => warning.textContent()).toBe('兑换码错误次数过多，请15分钟后再试');
      expect(await overflowing(page)).toEqual([]);
      expect(guesser.errors).toEqual([]);
    } finally {
      await guesser.context.close();
    }
  });
});
