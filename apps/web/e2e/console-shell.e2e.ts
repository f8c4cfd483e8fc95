import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Envelope, placeOrder, readyToPay } from './api.ts';
import { consoleDesk, launch, snap } from './browser.ts';
import { type AppUser, appUser, callAs } from './users.ts';

const baseURL = inject('baseURL');
const SLOW = { timeout: 15_000 };
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let buyer: AppUser;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launch();
  buyer = await appUser(browser, baseURL);
  ({ desk, page } = await consoleDesk(browser, baseURL, errors));
});

afterAll(async () => {
  await buyer?.context.close();
  await desk?.close();
  await browser?.close();
});

/** Issue 26: the console's frame — login, the sectioned menu, a resource list and its action, the theme. */
describe('console shell', () => {
  let refundNo = '';

  it('has a buyer waiting for a refund (ordered, paid and asked through the API)', async () => {
    const call = callAs(() => buyer);
    await readyToPay(call, buyer.page, '258369', 100_000);
    const feed = await call<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=4');
    const detail = await call<{ skus: { id: number; stock: number }[] }>(
      'GET',
      `goods/detail?id=${feed.list[0]?.id ?? 0}`,
    );
    const skuId = detail.skus.find((s) => s.stock > 2)?.id ?? 0;
    const order = await placeOrder(call, skuId, 'console');
    await call('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: '258369' });
    const orderNo = order.orderNos[0] ?? '';
    const quote = await call<{ maxAmount: number; reasons: string[] }>(
      'GET',
      `order/queryRefundMoney?orderNo=${orderNo}&skuId=${skuId}`,
    );
    ({ refundNo } = await call<{ refundNo: string }>('POST', 'order/refundApply', {
      orderNo,
      skuId,
      type: 'refund',
      reason: quote.reasons[0] ?? '不想要了',
      amount: quote.maxAmount,
    }));
    expect(refundNo).toBeTruthy();
  });

  it('logs the operator in at 1440×900 and shows the menu by section', async () => {
    await page.goto('/console/');
    await page.getByText('账号登录').waitFor(SLOW);
    await page.getByLabel('手机号').fill('13800000000');
    await page.getByLabel('密码').fill('Admin@123456');
    await snap(page, 'console-login');
    await page.getByRole('button', { name: '登录' }).click();
    // `#/` leads to the first page the operator may read: 概览 › 经营概览.
    await page.waitForURL(/#\/dashboard/, SLOW);
    const menu = page.locator('.ant-layout-sider .ant-menu');
    await menu.getByRole('link', { name: '订单', exact: true }).waitFor(SLOW);
    await expect.poll(() => menu.getByText('售后').isVisible()).toBe(true);
    await expect.poll(() => menu.getByText('发票').isVisible()).toBe(true);
    expect(await page.locator('header').getByText('平台运营').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('console.token'))).toBeTruthy();
  });

  it('lists the refund on 售后 and approves it', async () => {
    await page.locator('.ant-layout-sider .ant-menu').getByRole('link', { name: '售后' }).click();
    await page.waitForURL(/#\/refund/, SLOW);
    const row = page.locator('tr', { hasText: refundNo });
    await row.waitFor(SLOW);
    expect(await row.getByText('待商家处理').count()).toBe(1);
    await snap(page, 'console-aftersale');
    await row.getByRole('button', { name: '同意' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '同意' }).click();
    await page.getByText('已同意售后申请').waitFor(SLOW);
    await expect
      .poll(async () => (await row.locator('.ant-tag').allTextContents()).join(' '), SLOW)
      .toMatch(/退款成功|退款中/);
    // The 待处理 tab no longer holds it.
    await page.getByText('待处理', { exact: true }).click();
    await page.waitForURL(/status/, SLOW);
    await expect.poll(() => page.locator('tr', { hasText: refundNo }).count(), SLOW).toBe(0);
  });

  it('switches to the dark theme and remembers it', async () => {
    const background = () =>
      page.evaluate(
        () => getComputedStyle(document.querySelector('.ant-layout') as Element).backgroundColor,
      );
    const light = await background();
    await page.getByTestId('theme-toggle').click();
    await expect.poll(background).not.toBe(light);
    expect(await page.evaluate(() => localStorage.getItem('console.theme'))).toBe('dark');
    await page.reload();
    await page.locator('.ant-layout-sider').waitFor(SLOW);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await snap(page, 'console-dark');
    expect(errors).toEqual([]);
  });
});

/** The admin API answers in the envelope; a shopper's session is refused the console's data. */
describe('console data as a shopper', () => {
  it('is refused with the Chinese msg', async () => {
    const res = await buyer.page.request.get('/chaopin-boot/api/v1/admin/refund/list', {
      headers: { TOKEN: buyer.token, device: '1' },
    });
    const body = (await res.json()) as Envelope<null> & { error: string };
    expect([res.status(), body.error]).toEqual([403, 'FORBIDDEN']);
  });
});
