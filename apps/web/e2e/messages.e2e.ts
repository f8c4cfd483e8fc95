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

function api<T>(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
  as = token,
): Promise<T> {
  return apiCall<T>(page, method, path, form, as);
}

async function adminToken(): Promise<string> {
  const login = await page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  return ((await login.json()) as Envelope<{ token: string }>).data.token;
}

/** The merchant ships through the admin API (no console yet). */
async function shipAsAdmin(orderNo: string): Promise<void> {
  const admin = await adminToken();
  await api(
    'POST',
    'admin/order/ship',
    { orderNo, carrier: '顺丰速运', trackingNo: 'SF1234567890' },
    admin,
  );
}

/** A finger pulling the page down from the top (the PullToRefresh listens to touch events). */
async function pullDown(): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const at = (y: number) => [{ x: 195, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(150) });
  for (let y = 170; y <= 450; y += 20) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

const myBadge = () => page.getByTestId('my-entry-badge');
const centreEntry = (type: string) => page.getByTestId(`msg-entry-${type}`);
const centreBadge = (type: string) => page.getByTestId(`msg-badge-${type}`).locator('.adm-badge');

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

/** Issue 4 part 5: order events become messages; unread badges; reading clears them. */
describe('messages', () => {
  let orderNo = '';

  it('a buyer who just paid (set up through the API) sees two unread on 我的', async () => {
    const number = randomPhone();
    const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone: number } });
    const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    const login = await page.request.post(`${API}/user/mobileLogin`, {
      form: { phone: number, code },
    });
    token = ((await login.json()) as Envelope<{ token: string }>).data.token;
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
    const feed = await api<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=5');
    const detail = await api<{ skus: { id: number; stock: number }[] }>(
      'GET',
      `goods/detail?id=${feed.list[0]?.id}`,
    );
    const skuId = detail.skus.find((s) => s.stock > 0)?.id ?? 0;
    const order = await placeOrder(api, skuId, 'msg');
    orderNo = order.orderNos[0] ?? '';
    await api('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: '258369' });

    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/#/pages/user/user');
    await page.reload();
    await page.getByTestId('my-nickname').waitFor({ timeout: 15_000 });
    // The welcome notice and 订单支付成功.
    await expect.poll(() => myBadge().textContent(), { timeout: 15_000 }).toBe('2');
    await snap(page, '90-my-unread-badge');
  });

  it('the message centre shows both types; reading them clears the badges', async () => {
    await page.locator('.adm-list-item').filter({ hasText: '消息中心' }).click();
    await page.waitForURL(/#\/pages\/info\/info/);
    await expect.poll(() => centreBadge('system').textContent()).toBe('1');
    await expect.poll(() => centreBadge('order').textContent()).toBe('1');
    await expect.poll(() => centreEntry('system').textContent()).toContain('欢迎来到潮品直播');
    await expect.poll(() => centreEntry('order').textContent()).toContain('订单支付成功');
    await snap(page, '91-message-centre');

    await centreEntry('system').click();
    await page.waitForURL(/infoSystemMessages\/infoSystemMessages/);
    const notice = page.getByTestId('system-message').first();
    await expect.poll(() => notice.textContent()).toContain('欢迎来到潮品直播');
    await notice.click();
    await page.waitForURL(/infoSystemMessages\/details\?id=\d+/);
    await expect
      .poll(() => page.getByTestId('message-detail').textContent())
      .toContain('欢迎加入潮品直播');
    await snap(page, '92-system-message-detail');
    await page.goBack();
    await page.getByTestId('system-message').first().waitFor();
    await expect.poll(() => page.getByTestId('unread-dot').count()).toBe(0);

    await page.goBack();
    await page.waitForURL(/#\/pages\/info\/info/);
    await expect.poll(() => centreBadge('system').count()).toBe(0);

    await centreEntry('order').click();
    await page.waitForURL(/infoOrderMessage\/infoOrderMessage/);
    const paid = page.getByTestId('order-message').first();
    await expect.poll(() => paid.textContent()).toContain(`您的订单 ${orderNo} 已支付`);
    await page.getByRole('button', { name: '全部已读' }).click();
    await page.locator('.adm-toast-main').filter({ hasText: '已全部标记为已读' }).waitFor();
    await expect.poll(() => page.getByTestId('unread-dot').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: '全部已读' }).isDisabled()).toBe(true);
  });

  it('the shipment shows up on pull-to-refresh with a badge, and opening it clears the badge', async () => {
    await shipAsAdmin(orderNo);

    // Still on 订单消息: a pull brings the new message in.
    await pullDown();
    const shipped = page.getByTestId('order-message').first();
    await expect.poll(() => shipped.textContent(), { timeout: 10_000 }).toContain('订单已发货');
    expect(await shipped.textContent()).toContain('由顺丰速运承运，运单号 SF1234567890');
    await expect.poll(() => shipped.getByTestId('unread-dot').count()).toBe(1);
    await expect.poll(() => shipped.locator('img').count()).toBe(1);
    await snap(page, '93-order-messages');

    // 我的 shows the new unread message.
    await page.goto('/#/pages/user/user');
    await expect.poll(() => myBadge().textContent(), { timeout: 15_000 }).toBe('1');
    await page.locator('.adm-list-item').filter({ hasText: '消息中心' }).click();
    await expect.poll(() => centreBadge('order').textContent()).toBe('1');
    await expect.poll(() => centreEntry('order').textContent()).toContain('订单已发货');
    await centreEntry('order').click();

    // Tapping the card opens the order and marks the message read.
    await page.getByTestId('order-message').first().click();
    await page.waitForURL(new RegExp(`orderInfo\\?orderNo=${orderNo}`));
    await expect
      .poll(() => page.getByTestId('order-status').textContent(), { timeout: 15_000 })
      .toBe('待收货');
    await page.goBack();
    await page.getByTestId('order-message').first().waitFor();
    await expect.poll(() => page.getByTestId('unread-dot').count()).toBe(0);

    await page.goto('/#/pages/user/user');
    await page.getByTestId('my-nickname').waitFor();
    await expect.poll(() => myBadge().count()).toBe(0);
    const counts = await api<{ total: number }>('GET', 'message/unreadCount');
    expect(counts.total).toBe(0);
  });

  it("an operator's notice to this user shows as unread and its link opens the page", async () => {
    const me = await api<{ id: number }>('GET', 'user/queryUser');
    await api(
      'POST',
      'admin/message/publish',
      {
        title: '您有一笔订单待收货',
        content: '商家已发货，请留意物流信息。\n如有疑问请联系客服。',
        link: '/pages/userMyOrder/allOrder?status=unreceived',
        userId: me.id,
      },
      await adminToken(),
    );
    await page.goto('/#/pages/info/info');
    await expect.poll(() => centreBadge('system').textContent(), { timeout: 15_000 }).toBe('1');
    await centreEntry('system').click();
    const notice = page.getByTestId('system-message').first();
    await expect.poll(() => notice.textContent()).toContain('您有一笔订单待收货');
    await expect.poll(() => notice.getByTestId('unread-dot').count()).toBe(1);
    await notice.click();
    await expect
      .poll(() => page.getByTestId('message-detail').textContent())
      .toContain('如有疑问请联系客服');
    await page.getByRole('button', { name: '立即查看' }).click();
    await page.waitForURL(/userMyOrder\/allOrder\?status=unreceived/);
    expect((await api<{ total: number }>('GET', 'message/unreadCount')).total).toBe(0);
    expect(errors).toEqual([]);
  });
});
