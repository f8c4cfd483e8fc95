import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, apiCall, type Envelope, placeOrder } from './api.ts';
import { launch, phone, randomPhone, snap } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
const errors: string[] = [];

/** An API call as `who` (form-encoded, like the app). */
function api<T>(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
  who = token,
): Promise<T> {
  return apiCall<T>(page, method, path, form, who);
}

beforeAll(async () => {
  browser = await launch();
  context = await phone(browser, baseURL);
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const toast = (text: string) => page.locator('.adm-toast-main').filter({ hasText: text });
const dialogButton = (label: string) =>
  page.locator('.adm-dialog-button').filter({ hasText: label });

/** Issue 4: follow a shipped order's logistics, confirm receipt, evaluate, see it on the product. */
describe('logistics and evaluation', () => {
  let orderNo = '';
  let productId = 0;
  let countBefore = 0;
  const review = `做工扎实，颜色和图片一致，物流很快 ${Date.now() % 10_000}`;

  it('has a shipped order (bought through the API, shipped by the merchant)', async () => {
    const number = randomPhone();
    const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone: number } });
    const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    const login = await page.request.post(`${API}/user/mobileLogin`, {
      form: { phone: number, code },
    });
    token = ((await login.json()) as Envelope<{ token: string }>).data.token;
    const admin = await page.request.post(`${API}/user/login`, {
      form: { phone: '13800000000', password: 'Admin@123456' },
    });
    const adminToken = ((await admin.json()) as Envelope<{ token: string }>).data.token;
    expect(token && adminToken).toBeTruthy();

    const feed = await api<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=sales',
    );
    productId = feed.list[3]?.id ?? 0;
    const detail = await api<{
      skus: { id: number; stock: number }[];
      evaluation: { count: number };
    }>('GET', `goods/detail?id=${productId}`);
    countBefore = detail.evaluation.count;
    const skuId = detail.skus.find((s) => s.stock > 0)?.id ?? 0;
    expect(skuId).toBeGreaterThan(0);
    const order = await placeOrder(api, skuId, 'rv', '李四');
    orderNo = order.orderNos[0] ?? '';
    const pay = await api<{ paymentNo: string }>('POST', 'order/newPay', { orderNo });
    await page.request.post('/sandbox/cashier', {
      form: { paymentNo: pay.paymentNo, action: 'pay' },
    });
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>('GET', `order/queryByOrderId?orderNo=${orderNo}`)).status,
        { timeout: 20_000 },
      )
      .toBe('unshipped');
    await api(
      'POST',
      'admin/order/ship',
      { orderNo, carrier: '顺丰速运', trackingNo: `SF${Date.now()}` },
      adminToken,
    );
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
  });

  it('shows the latest logistics step on the order detail and the whole route on 查看物流', async () => {
    await page.goto(`/#/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待收货');
    const card = page.getByTestId('order-logistics');
    await card.getByText('商家已发货，包裹等待顺丰速运揽收').waitFor();
    await card.getByText(/运单号：SF\d+/).waitFor();
    await snap(page, '60-order-logistics-card');

    await card.click();
    await page.waitForURL(/#\/pages\/userMyOrder\/viewLogistics\?orderNo=/);
    await expect.poll(() => page.getByTestId('logistics-state').textContent()).toBe('已发货');
    await page.getByText(/【收货地址】浙江省杭州市西湖区文三路100号/).waitFor();
    await page.locator('.adm-step').first().getByText('商家已发货').waitFor();
    await snap(page, '61-logistics-page');
    await page.goBack();
  });

  it('confirms receipt, then evaluates with stars, text, a photo, anonymously', async () => {
    await page.waitForURL(/orderInfo/);
    await page.locator('.oi-bar').getByRole('button', { name: '确认收货' }).click();
    await dialogButton('确认收货').click();
    await toast('已确认收货').waitFor();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待评价');

    await page.locator('.oi-bar').getByRole('button', { name: '评价' }).click();
    await page.waitForURL(/#\/pages\/userMyorderParity\/parityDetail\?orderNo=/);
    const form = page.locator('.evaluate-item').first();
    await form.waitFor();
    // antd-mobile's Rate listens to touch gestures: tap the fourth star like a finger would.
    await form.getByRole('radio', { name: '4', exact: true }).tap();
    await form.getByText('好', { exact: true }).waitFor();
    await form.getByPlaceholder(/宝贝满足你的期待吗/).fill(review);
    // What a phone's photo picker would hand the uploader.
    const photo = await sharp({
      create: { width: 120, height: 120, channels: 3, background: { r: 40, g: 160, b: 90 } },
    })
      .png()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await form
      .locator('.adm-image-uploader-cell:not(.adm-image-uploader-cell-loading) img')
      .waitFor();
    await page.locator('.evaluate__bar').getByText('匿名评价').click();
    await snap(page, '62-evaluate');
    await page.getByRole('button', { name: '提交评价' }).click();

    await page.waitForURL(/#\/pages\/userMyorderParity\/paritySuccess/);
    await page.getByRole('heading', { name: '评价成功' }).waitFor();
    await snap(page, '63-evaluate-success');
    await page.getByRole('button', { name: '返回订单' }).click();
    await page.waitForURL(/orderInfo/);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('已完成');
  });

  it('shows the evaluation on the product page with its count and good rate', async () => {
    await page.locator('.order-line').first().click();
    await page.waitForURL(/#\/pages\/shopDetails\/shopDetails\?id=\d+/);
    const count = countBefore + 1;
    await page.getByText(new RegExp(`${count}条评价 · 好评率\\d+%`)).waitFor();
    await snap(page, '64-product-evaluation-count');
    await page.locator('.pd-row').filter({ hasText: '评价' }).click();
    await page.waitForURL(/evaluations\?id=/);
    const mine = page.locator('.evaluation').filter({ hasText: review });
    await mine.waitFor();
    await mine.getByText('匿名用户').waitFor();
    await expect.poll(() => mine.locator('img').count()).toBeGreaterThanOrEqual(2);
    await snap(page, '65-product-evaluations');
    expect(errors).toEqual([]);
  });
});
