import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type Envelope, operatorToken, placeOrder, readyToPay } from './api.ts';
import { consoleDesk, launch, snap } from './browser.ts';
import { type AppUser, appUser, callAs } from './users.ts';

const baseURL = inject('baseURL');
const SLOW = { timeout: 20_000 };
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let buyer: AppUser;
let operator = '';
const errors: string[] = [];

interface Figures {
  gmv: number;
  orders: number;
}
interface Summary {
  storeId: number | null;
  current: Figures;
}

beforeAll(async () => {
  browser = await launch();
  buyer = await appUser(browser, baseURL);
  ({ desk, page } = await consoleDesk(browser, baseURL, errors));
  operator = await operatorToken(page);
});

afterAll(async () => {
  await buyer?.context.close();
  await desk?.close();
  await browser?.close();
});

const admin = async <T>(path: string, token = operator): Promise<T> => {
  const res = await page.request.get(`${API}/admin/${path}`, { headers: { TOKEN: token } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(1);
  return body.data;
};
const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const kpi = (key: string) => page.locator(`[data-kpi="${key}"] [data-value]`);

/** Issue 26: 经营概览 and 用户, driven by the operator at 1440×900. */
describe('console dashboard and users', () => {
  let before: Summary;
  let paid = 0;
  let storeId = 0;

  it('lands the operator on 经营概览 with the figures, charts and top products', async () => {
    before = await admin<Summary>('dashboard/summary?range=today');
    await page.goto('/console/');
    await page.getByLabel('手机号').fill('13800000000', SLOW);
    await page.getByLabel('密码').fill('Admin@123456');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/#\/dashboard/, SLOW);
    await expect.poll(() => kpi('gmv').textContent(), SLOW).toBe(yuan(before.current.gmv));
    // The charts come in their own chunk after the figures, and draw on a canvas.
    await page.locator('[data-testid="gmv-chart"] canvas').first().waitFor(SLOW);
    await page.locator('[data-testid="funnel-chart"] canvas').first().waitFor(SLOW);
    await snap(page, 'console-dashboard');
  });

  it('shows a payment made in the app in today’s figures, then by store', async () => {
    const call = callAs(() => buyer);
    await readyToPay(call, buyer.page, '258369', 100_000);
    const feed = await call<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=4');
    const product = feed.list[0]?.id ?? 0;
    const detail = await call<{ skus: { id: number; stock: number }[]; store: { id: number } }>(
      'GET',
      `goods/detail?id=${product}`,
    );
    storeId = detail.store.id;
    const skuId = detail.skus.find((s) => s.stock > 2)?.id ?? 0;
    const order = await placeOrder(call, skuId, 'dash');
    await call('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: '258369' });
    paid = order.payAmount;

    // 近7天 and back to 今日: the page asks again.
    await page.getByTestId('range-switch').getByText('近7天').click();
    await page.waitForURL(/range=7d/, SLOW);
    await page.getByTestId('range-switch').getByText('今日').click();
    await expect.poll(() => kpi('gmv').textContent(), SLOW).toBe(yuan(before.current.gmv + paid));
    expect(await kpi('orders').textContent()).toBe(String(before.current.orders + 1));

    await page.getByTestId('store-picker').click();
    await page.locator('.ant-select-item-option', { hasText: `（${storeId}）` }).click();
    await page.waitForURL(new RegExp(`storeId=${storeId}`), SLOW);
    const store = await admin<Summary>(`dashboard/summary?range=today&storeId=${storeId}`);
    await expect.poll(() => kpi('gmv').textContent(), SLOW).toBe(yuan(store.current.gmv));
    expect(store.current.gmv).toBeGreaterThanOrEqual(paid);
    const top = page.getByTestId('top-products');
    await top.locator('tbody tr').first().waitFor(SLOW);
    await snap(page, 'console-dashboard-store');
  });

  it('finds the buyer in 用户, reveals the phone (audited) and bans them: their session ends', async () => {
    await page.locator('.ant-layout-sider .ant-menu').getByText('用户', { exact: true }).click();
    await page.waitForURL(/#\/user/, SLOW);
    await page.getByPlaceholder('手机号、用户ID或昵称').fill(buyer.phone);
    await page.getByPlaceholder('手机号、用户ID或昵称').press('Enter');
    const row = page.locator('tr', {
      hasText: `${buyer.phone.slice(0, 3)}****${buyer.phone.slice(7)}`,
    });
    await row.waitFor(SLOW);
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.getByText('已支付 1 笔').waitFor(SLOW);
    await drawer
      .getByText(yuan(100_000 - paid))
      .first()
      .waitFor(SLOW);
    await drawer.getByRole('button', { name: '查看完整号码' }).click();
    await expect
      .poll(() => drawer.getByTestId('value-phone').textContent(), SLOW)
      .toBe(buyer.phone);
    await snap(page, 'console-user-drawer');

    await drawer.getByRole('button', { name: '封禁' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog
      .getByRole('button', { name: '封 禁' })
      .or(dialog.getByRole('button', { name: '封禁' }))
      .click();
    await dialog.getByText('请填写封禁原因（1-200字）').waitFor(SLOW);
    await dialog.getByLabel('封禁原因').fill('恶意刷单');
    await dialog.getByRole('button', { name: /封\s?禁/ }).click();
    await page.getByText('已封禁，该用户已全部下线').waitFor(SLOW);
    await drawer.getByText('已封禁：恶意刷单').waitFor(SLOW);

    // The buyer's app session is gone at once.
    const me = await buyer.page.request.get(`${API}/user/queryUser`, {
      headers: { TOKEN: buyer.token, device: '1' },
    });
    expect(me.status()).toBe(401);
    // Both the look at the full number and the ban are in the audit log, with the operator.
    const audit = await admin<{ list: { action: string; diff: Record<string, unknown[]> }[] }>(
      `audit/list?resource=user&resourceId=${buyer.id}`,
    );
    expect(audit.list.map((r) => r.action)).toEqual(['ban', 'reveal']);
    expect(audit.list[0]?.diff.status).toEqual(['normal', 'banned']);

    await drawer.getByRole('button', { name: '解除封禁' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '解除封禁' }).click();
    await page.getByText('已解除封禁').waitFor(SLOW);
    expect(errors).toEqual([]);
  });

  it('a 商家 sees only their store’s figures, and no 用户 page', async () => {
    const res = await page.request.post(`${API}/user/login`, {
      form: { phone: '13800000001', password: 'Shop@123456' },
    });
    const owner = ((await res.json()) as Envelope<{ token: string }>).data.token;
    const own = await admin<Summary>('dashboard/summary?range=today', owner);
    expect(own.storeId).not.toBeNull();
    const other = await page.request.get(`${API}/admin/user/list`, { headers: { TOKEN: owner } });
    expect(other.status()).toBe(403);
  });
});
