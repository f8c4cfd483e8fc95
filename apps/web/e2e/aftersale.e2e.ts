import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, apiCall, type Envelope, placeOrder } from './api.ts';
import { launch, phone, randomPhone, snap } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let adminToken = '';
const errors: string[] = [];
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** An API call as `who` (form-encoded, like the app). */
function api<T>(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
  who = token,
): Promise<T> {
  return apiCall<T>(page, method, path, form, who);
}

/** The merchant acts through the admin API (there is no merchant console). */
const asAdmin = <T>(path: string, form: Record<string, string | number>) =>
  api<T>('POST', path, form, adminToken);

const balance = async () => (await api<{ balance: number }>('GET', 'account/queryBalance')).balance;
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

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

/** Issue 4: a return-and-refund on a received order, from the order page to the balance. */
describe('after-sales: return and refund', () => {
  let orderNo = '';
  let skuId = 0;
  let price = 0;
  let refundNo = '';
  let balanceBefore = 0;

  it('has a received order (bought, shipped and received through the API)', async () => {
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
    adminToken = ((await admin.json()) as Envelope<{ token: string }>).data.token;
    expect(token && adminToken).toBeTruthy();

    await api('POST', 'account/setPayPassword', { password: '258369' });
    const recharge = await api<{ paymentNo: string }>('POST', 'account/recharge', {
      amount: 100_000,
    });
    await page.request.post('/sandbox/cashier', {
      form: { paymentNo: recharge.paymentNo, action: 'pay' },
    });
    await expect.poll(balance, { timeout: 20_000 }).toBe(100_000);

    const feed = await api<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=priceAsc',
    );
    const detail = await api<{ skus: { id: number; stock: number; price: number }[] }>(
      'GET',
      `goods/detail?id=${feed.list[0]?.id ?? 0}`,
    );
    const sku = detail.skus.find((s) => s.stock > 2);
    skuId = sku?.id ?? 0;
    price = sku?.price ?? 0;
    expect(skuId).toBeGreaterThan(0);
    const order = await placeOrder(api, skuId, 'as');
    orderNo = order.orderNos[0] ?? '';
    await api('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: '258369' });
    await asAdmin('admin/order/ship', { orderNo, carrier: '顺丰速运', trackingNo: 'SF20261122' });
    await api('POST', 'order/newConfirm', { orderNo });
    balanceBefore = await balance();

    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.reload();
  });

  it('applies for 退货退款 from the order detail', async () => {
    await page.goto(`/#/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    await page.getByTestId(`aftersale-apply-${skuId}`).click({ timeout: 15_000 });
    await page.waitForURL(/#\/pages\/userMyOrder\/orderRefund\?/);
    await page.locator('.adm-radio').filter({ hasText: '退货退款' }).click({ timeout: 15_000 });
    await page.locator('.adm-selector-item').filter({ hasText: '商品质量问题' }).click();
    // The amount starts at the most that may be refunded: the line's price.
    await expect
      .poll(() => page.getByRole('textbox', { name: '退款金额' }).inputValue())
      .toBe(yuan(price));
    await page.getByText(`最多可退 ¥${yuan(price)}`).waitFor();
    await page.getByText('原路退回至账户余额').waitFor();
    await page.getByPlaceholder('请描述遇到的问题（选填）').fill('收到时外包装破损，商品有划痕');
    // One proof image through the upload API (a real PNG: uploads are sniffed by content).
    await page.locator('.adm-image-uploader input[type=file]').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    const uploaded = async () =>
      (await page.locator('.adm-image-uploader-cell-mask').count()) === 0
        ? page.locator('.adm-image-uploader-cell-image').count()
        : -1;
    await expect.poll(uploaded, { timeout: 15_000 }).toBe(1);
    await snap(page, '60-refund-apply');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.waitForURL(/#\/pages\/userMyOrder\/refundOrderDetails\?refundNo=/);
    refundNo = new URL(page.url().replace('/#/', '/')).searchParams.get('refundNo') ?? '';
    expect(refundNo).toMatch(/^R\d+/);
    await expect.poll(() => page.getByTestId('refund-status').textContent()).toBe('待商家处理');
    await page.getByText('买家申请退货退款', { exact: false }).waitFor();
    await page.getByRole('button', { name: '撤销申请' }).waitFor();
    expect(await page.locator('.as-images img').count()).toBe(1);
    // Nothing on the way re-asked the server for a quote it would now refuse.
    await page.waitForTimeout(500);
    expect(await page.locator('.adm-toast-main').count()).toBe(0);
    await snap(page, '61-refund-pending');
  });

  it('after the merchant approves, the buyer enters the return tracking number', async () => {
    await asAdmin('admin/refund/approve', { refundNo });
    await page.reload();
    await expect.poll(() => page.getByTestId('refund-status').textContent()).toBe('待买家退货');
    const form = page.getByTestId('return-form');
    await form.getByRole('textbox', { name: '物流公司' }).fill('顺丰速运');
    await form.getByRole('textbox', { name: '运单号' }).fill('SF9876543210');
    await form.getByRole('button', { name: '提交退货物流' }).click();
    await expect
      .poll(() => page.getByTestId('refund-status').textContent(), { timeout: 10_000 })
      .toBe('待商家收货');
    await expect
      .poll(() => page.getByTestId('return-tracking').textContent())
      .toBe('顺丰速运 SF9876543210');
    expect(await page.getByTestId('return-form').count()).toBe(0);
    await snap(page, '62-refund-returning');
  });

  it('after the merchant confirms receipt, the refund shows and the balance has it', async () => {
    await asAdmin('admin/refund/receive', { refundNo });
    await page.reload();
    await expect.poll(() => page.getByTestId('refund-status').textContent()).toBe('退款成功');
    await page.getByText('商家已收到退货').waitFor();
    await page.getByText(/退款成功，已原路退回至账户余额/).waitFor();
    expect(await page.locator('.adm-step').count()).toBe(5);
    await snap(page, '63-refund-done');

    await page.goto(`/#/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    await expect
      .poll(() => page.getByTestId(`aftersale-state-${skuId}`).textContent(), { timeout: 15_000 })
      .toBe('退款成功');

    // The order list's 售后 tab holds the order.
    await page.goto('/#/pages/userMyOrder/allOrder?status=aftersale');
    const card = page.getByTestId('order-card');
    await card.first().waitFor({ timeout: 15_000 });
    expect(await card.count()).toBe(1);
    await expect.poll(() => card.getByTestId('order-status').textContent()).toBe('已退款');

    await page.goto('/#/pages/user/user');
    await page.locator('.adm-list-item').filter({ hasText: '我的资产' }).click();
    await page.waitForURL(/#\/pages\/userMyAssets\/myAssets/);
    await expect
      .poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 })
      .toBe(yuan(balanceBefore + price));
    await snap(page, '64-refund-balance');

    // A message about the refund arrived, with an unread badge on the 消息中心 entry.
    await page.goto('/#/pages/user/user');
    await page.getByTestId('my-entry-badge').waitFor({ timeout: 15_000 });
    await page.locator('.adm-list-item').filter({ hasText: '消息中心' }).click();
    await page.getByTestId('msg-entry-order').click();
    const refunded = page.getByTestId('order-message').filter({ hasText: '退款成功' });
    await refunded.first().waitFor({ timeout: 15_000 });
    expect(await refunded.first().getByTestId('unread-dot').count()).toBe(1);
    await snap(page, '65-refund-message');
    expect(errors).toEqual([]);
  });
});
