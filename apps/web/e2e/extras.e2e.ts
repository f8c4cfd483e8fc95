import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, apiCall, type Envelope, placeOrder } from './api.ts';
import { launch, phone, randomPhone, snap } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
const errors: string[] = [];

/** An API call as the signed-in user (form-encoded, like the app). */
function api<T>(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
): Promise<T> {
  return apiCall<T>(page, method, path, form, token);
}

const toast = (text: string) => page.locator('.adm-toast-main').filter({ hasText: text });

beforeAll(async () => {
  browser = await launch();
  context = await phone(browser, baseURL);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Issue 3's gaps: home barrage, share poster, change an order's address, cart → collection. */
describe('shopping extras', () => {
  let productId = 0;
  let skuId = 0;
  let orderNo = '';

  it('signs in and buys one product with the balance (through the API)', async () => {
    const number = randomPhone();
    const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone: number } });
    const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    const login = await page.request.post(`${API}/user/mobileLogin`, {
      form: { phone: number, code },
    });
    token = ((await login.json()) as Envelope<{ token: string }>).data.token;
    expect(token).toBeTruthy();

    await api('POST', 'account/setPayPassword', { password: '258369' });
    const recharge = await api<{ paymentNo: string }>('POST', 'account/recharge', {
      amount: 100_000,
    });
    await page.request.post('/sandbox/cashier', {
      form: { paymentNo: recharge.paymentNo, action: 'pay' },
    });
    await expect
      .poll(async () => (await api<{ balance: number }>('GET', 'account/queryBalance')).balance, {
        timeout: 20_000,
      })
      .toBe(100_000);

    const feed = await api<{ list: { id: number; price: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=priceAsc',
    );
    productId = feed.list[0]?.id ?? 0;
    const detail = await api<{ skus: { id: number; stock: number }[] }>(
      'GET',
      `goods/detail?id=${productId}`,
    );
    skuId = detail.skus.find((s) => s.stock > 2)?.id ?? 0;
    expect(skuId).toBeGreaterThan(0);

    await api('POST', 'address/add', {
      name: '李四',
      phone: '13987654321',
      provinceCode: '330000',
      cityCode: '330100',
      districtCode: '330106',
      detail: '学院路28号',
    });
    const order = await placeOrder(api, skuId, 'x');
    orderNo = order.orderNos[0] ?? '';
    await api('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: '258369' });

    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
  });

  it('shows the purchase in the home barrage ticker', async () => {
    await page.goto('/');
    await page.reload();
    const ticker = page.locator('.home-barrage');
    await ticker.waitFor({ timeout: 15_000 });
    await expect.poll(() => ticker.textContent()).toMatch(/^潮友_\S+\*{4}刚刚购买了 \S+/);
    await snap(page, '40-home-barrage');
  });

  it('shares a product: the server poster in a popup and the short link copied', async () => {
    await page.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await page.locator('.pd-title').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '分享' }).click();
    const popup = page.getByTestId('share-popup');
    const poster = popup.getByAltText('分享海报');
    await poster.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => poster.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(750);
    await popup.getByText('长按保存图片').waitFor();
    await snap(page, '41-share-poster');
    await popup.getByRole('button', { name: '复制链接' }).click();
    await toast('链接已复制').waitFor({ timeout: 10_000 });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${baseURL.replace(/\/$/, '')}/s/\\w+$`));
    const target = await page.request.get(copied, { maxRedirects: 0 });
    expect(target.status()).toBe(302);
  });

  it('changes the address of an unshipped order from the address list', async () => {
    await page.goto(`/#/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    await page.getByTestId('order-status').filter({ hasText: '待发货' }).waitFor();
    await page.locator('.oi-who').filter({ hasText: '张三' }).waitFor();
    await page.getByRole('button', { name: /修改地址/ }).click();
    await page.waitForURL(/ReceivingAddress\?select=1&orderNo=/);
    await page
      .getByTestId('address-card')
      .filter({ hasText: '李四' })
      .locator('button')
      .first()
      .click();
    await page.waitForURL(/orderInfo\?orderNo=/);
    await toast('收货地址已修改').waitFor({ timeout: 10_000 });
    await page.locator('.oi-who').filter({ hasText: '李四' }).waitFor();
    const detail = await api<{ address: { name: string } }>(
      'GET',
      `order/queryByOrderId?orderNo=${orderNo}`,
    );
    expect(detail.address.name).toBe('李四');
    await snap(page, '42-order-address-changed');
  });

  it('moves selected cart lines to the collection in 管理 mode', async () => {
    await api('POST', 'cart/add', { skuId, quantity: 1 });
    await page.goto('/#/pages/shopCar/shopCar');
    await page.getByTestId('cart-line').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '管理' }).click();
    const allBox = page.locator('.cart-bar .adm-checkbox');
    if (!(await allBox.getAttribute('class'))?.includes('adm-checkbox-checked')) {
      await allBox.click();
      await expect.poll(() => allBox.getAttribute('class')).toContain('adm-checkbox-checked');
    }
    await page.getByRole('button', { name: '移入收藏' }).click();
    await toast('已移入收藏').waitFor({ timeout: 10_000 });
    await page.getByText('购物车还是空的').waitFor();
    const collected = await api<{ list: { id: number }[] }>(
      'GET',
      'collection/list?pageNum=1&pageSize=10',
    );
    expect(collected.list.map((c) => c.id)).toContain(productId);
    await snap(page, '43-cart-moved-to-collection');
  });

  it('links the shipping and deduction rules from the write order page', async () => {
    await page.goto(`/#/pages/writeOrder/writeOrder?items=${skuId}*1`);
    await page.getByRole('link', { name: '运费及抵扣规则' }).click();
    await page.waitForURL(/#\/pages\/writeOrder\/rule/);
    const rule = page.getByTestId('order-rule');
    await rule.getByText(/满¥99\.00包邮/).waitFor();
    await rule.getByText(/30分钟内完成支付/).waitFor();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
