import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiCall, type Envelope, readyToPay } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser } from './users.ts';

// Its own server: the reminder sweeper every second (a session that opens within 3 minutes is
// reminded at the next sweep) and a captcha cheap enough to solve at once on a test machine.
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let A: AppUser;
let B: AppUser;
let adminToken = '';

/** The session opens this long after the operator creates it: time to set a reminder first. */
const LEAD_MS = 40_000;
const PAY_PASSWORD = '258369';

const toast = (p: Page, text: string | RegExp) =>
  p.locator('.adm-toast-main').filter({ hasText: text });
const card = (p: Page, title: string) =>
  p.getByTestId('seckill-item').filter({ hasText: title }).first();
const rushButton = (p: Page) => p.locator('.sk-rush-bar .adm-button');

/** The operator's JSON call (a session's items are an array: not a form body). */
async function asOperator<T>(path: string, body: unknown): Promise<T> {
  const res = await A.page.request.post(`${API}/${path}`, {
    headers: { TOKEN: adminToken, device: '1' },
    data: body,
  });
  const answer = (await res.json()) as Envelope<T>;
  expect(answer.code, `${path}: ${answer.msg}`).toBe(1);
  return answer.data;
}

const asA = <T>(method: 'GET' | 'POST', path: string, form?: Record<string, string | number>) =>
  apiCall<T>(A.page, method, path, form, A.token);

beforeAll(async () => {
  server = await startServer({ SECKILL_SWEEP_MS: '1000', CAPTCHA_COUNTER_MAX: '2000' });
  browser = await launch();
  A = await appUser(browser, server.baseURL);
  B = await appUser(browser, server.baseURL);
  const login = await A.page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  adminToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
});

afterAll(async () => {
  for (const u of [A, B]) await u?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('flash sale (秒杀)', () => {
  let sessionId = 0;
  /** X: one unit. Y: two units, one per buyer. */
  let itemId = 0;
  let itemY = 0;
  let title = '';
  let titleY = '';
  let startAt = '';

  it('an operator opens a session in 40 s: one unit of X, two of Y (one per buyer)', async () => {
    const feed = await asA<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=priceAsc',
    );
    const picks: { skuId: number; price: number; title: string }[] = [];
    for (const product of feed.list) {
      if (picks.length === 2) break;
      const detail = await asA<{
        title: string;
        skus: { id: number; stock: number; price: number }[];
      }>('GET', `goods/detail?id=${product.id}`);
      const sku = detail.skus.find((k) => k.stock >= 2 && k.price > 1);
      if (sku) picks.push({ skuId: sku.id, price: sku.price, title: detail.title });
    }
    expect(picks).toHaveLength(2);
    const [x, y] = picks as [(typeof picks)[0], (typeof picks)[0]];
    title = x.title;
    titleY = y.title;
    startAt = new Date(Date.now() + LEAD_MS).toISOString();
    const half = (fen: number) => Math.max(1, Math.floor(fen / 2));
    const created = await asOperator<{ id: number; itemIds: number[] }>('admin/seckill/session', {
      title: 'E2E 限时秒杀',
      startAt,
      endAt: new Date(Date.now() + 3_600_000).toISOString(),
      payMinutes: 5,
      items: [
        { skuId: x.skuId, flashPrice: half(x.price), flashStock: 1 },
        { skuId: y.skuId, flashPrice: half(y.price), flashStock: 2, perUserLimit: 1 },
      ],
    });
    sessionId = created.id;
    [itemId = 0, itemY = 0] = created.itemIds;
    expect(itemId).toBeGreaterThan(0);
    expect(itemY).toBeGreaterThan(0);

    // A's delivery address, pay password and balance (the shopping journey tests those screens).
    await readyToPay(asA, A.page, PAY_PASSWORD, 100_000);
  });

  it('the home page shows the session’s entry, which opens 限时秒杀', async () => {
    await A.page.goto('/');
    const entry = A.page.getByTestId('home-seckill');
    await entry.waitFor({ timeout: 15_000 });
    await expect.poll(() => entry.textContent()).toMatch(/限时秒杀.*\d{2}:\d{2}场/);
    await snap(A.page, 'seckill-01-home-entry');
    await entry.click();
    await A.page.waitForURL(/#\/pages\/homeSeckill\/homeSeckill\?sessionId=\d+/);
  });

  it('sets a reminder with 提醒我 before the session opens', async () => {
    await A.page.goto(`/#/pages/homeSeckill/homeSeckill?sessionId=${sessionId}`);
    const item = card(A.page, title);
    await item.waitFor({ timeout: 15_000 });
    await A.page.getByRole('tab', { selected: true }).filter({ hasText: '即将开始' }).waitFor();
    await expect
      .poll(() => A.page.getByTestId('seckill-countdown').getAttribute('aria-label'))
      .toMatch(/^距开始\d{2}:\d{2}:\d{2}$/);
    await item.getByRole('button', { name: '提醒我' }).click();
    await toast(A.page, '设置成功，开抢前3分钟提醒您').waitFor();
    await item.getByRole('button', { name: '已设置提醒' }).waitFor();
    await snap(A.page, 'seckill-02-reminder-set');
  });

  it('lists the reminder under 我的 → 我的提醒', async () => {
    await A.page.goto('/#/pages/user/user');
    await A.page.locator('.adm-list-item').filter({ hasText: '我的提醒' }).click();
    await A.page.waitForURL(/#\/rootPages\/mySubscribe\/mySubscribe/);
    const row = A.page.getByTestId('subscription').filter({ hasText: title });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/即将开始/);
    await snap(A.page, 'seckill-03-my-subscribe');
  });

  it('the reminder arrives in 消息中心 (the session opens within 3 minutes)', async () => {
    await A.page.goto('/#/pages/info/info');
    const system = A.page.getByTestId('msg-entry-system');
    await expect
      .poll(
        async () => {
          await A.page.reload();
          await system.waitFor();
          return system.textContent();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toMatch(/秒杀提醒/);
    await snap(A.page, 'seckill-04-reminder-message');
  });

  it('立即抢购 counts down to the start, then solves the captcha and buys', async () => {
    await A.page.goto(`/#/rootPages/mySubscribe/shopRush?id=${itemId}`);
    await A.page.getByTestId('rush-item').waitFor();
    await A.page.getByTestId('order-address').filter({ hasText: '李四' }).waitFor();
    await A.page.getByTestId('rush-pay-window').filter({ hasText: '5分钟内完成支付' }).waitFor();
    if (Date.now() < Date.parse(startAt) - 3000) {
      await expect.poll(() => rushButton(A.page).textContent()).toBe('已设置提醒');
      await snap(A.page, 'seckill-05-rush-before-start');
    }
    // At the start the page asks for the new state on its own: the captcha appears and solves.
    await A.page.getByTestId('seckill-captcha').waitFor({ timeout: LEAD_MS + 20_000 });
    await expect
      .poll(() => rushButton(A.page).isEnabled(), { timeout: 60_000, interval: 500 })
      .toBe(true);
    expect(await rushButton(A.page).textContent()).toBe('马上抢');
    await snap(A.page, 'seckill-06-rush-verified');
    await rushButton(A.page).click();
    await A.page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay\?orderNo=/, { timeout: 15_000 });
    await A.page.getByTestId('pay-amount').waitFor();
  });

  it('pays the flash order with the balance', async () => {
    await A.page.getByRole('button', { name: /确认支付/ }).click();
    await A.page.getByText('请输入支付密码').waitFor();
    await A.page.getByTestId('pay-code').last().click();
    await A.page.keyboard.type(PAY_PASSWORD);
    await A.page.waitForURL(/#\/pages\/shopOrderPay\/successfulWithdrawals/, { timeout: 15_000 });
    await A.page.getByRole('heading', { name: '支付成功' }).waitFor();
    await snap(A.page, 'seckill-07-paid');
  });

  /** Waits for the captcha to be solved, then taps 马上抢; answers the server's reply. */
  async function grab(p: Page): Promise<Envelope<unknown>> {
    await p.getByTestId('seckill-captcha').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => rushButton(p).isEnabled(), { timeout: 60_000, interval: 500 })
      .toBe(true);
    const answer = p.waitForResponse((r) => r.url().includes(`${API}/seckill/rush`));
    await rushButton(p).click();
    return (await (await answer).json()) as Envelope<unknown>;
  }

  it('at the limit 马上抢 is off with its reason: 已达限购 (no captcha to solve in vain)', async () => {
    // X is sold out (its one unit is A's): no captcha, no button to grab with.
    await A.page.goto(`/#/rootPages/mySubscribe/shopRush?id=${itemId}`);
    await A.page.getByTestId('rush-item').filter({ hasText: '已抢1件' }).waitFor();
    await expect.poll(() => rushButton(A.page).textContent()).toBe('已抢光');
    // Y: the first grab makes an order (left unpaid), which reaches the limit of one.
    await A.page.goto(`/#/rootPages/mySubscribe/shopRush?id=${itemY}`);
    await A.page.getByTestId('rush-item').filter({ hasText: titleY }).waitFor();
    const first = await grab(A.page);
    expect(first.code, JSON.stringify(first)).toBe(1);
    await A.page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay\?orderNo=/, { timeout: 15_000 });
    // Straight back, maybe before the cashier has rendered (the same page may stay mounted).
    await A.page.goto(`/#/rootPages/mySubscribe/shopRush?id=${itemY}`);
    await A.page.getByTestId('rush-item').filter({ hasText: '每人限购1件（已抢1件）' }).waitFor();
    await expect.poll(() => rushButton(A.page).textContent()).toBe('已达限购');
    expect(await rushButton(A.page).isDisabled()).toBe(true);
    expect(await A.page.getByTestId('seckill-captcha').count()).toBe(0);
    expect(await overflowing(A.page)).toEqual([]);
    await snap(A.page, 'seckill-08-limit');
  });

  it('another user finds it 已抢光', async () => {
    await B.page.goto(`/#/pages/homeSeckill/homeSeckill?sessionId=${sessionId}`);
    const item = card(B.page, title);
    await item.getByRole('button', { name: '已抢光' }).waitFor({ timeout: 15_000 });
    expect(await item.getByRole('button', { name: '已抢光' }).isDisabled()).toBe(true);
    await expect
      .poll(() => item.getByRole('progressbar').getAttribute('aria-valuenow'))
      .toBe('100');
    await snap(B.page, 'seckill-09-sold-out');
    await item.locator('.sk-item__link').click();
    await B.page.waitForURL(/#\/rootPages\/mySubscribe\/shopRush\?id=\d+/);
    await expect.poll(() => rushButton(B.page).textContent()).toBe('已抢光');
    expect(await rushButton(B.page).isDisabled()).toBe(true);
    expect(await B.page.getByTestId('seckill-captcha').count()).toBe(0);
  });

  it('the web view shows our own or https pages only', async () => {
    await B.page.goto(
      `/#/rootPages/mySubscribe/webLink?title=${encodeURIComponent('活动规则')}&url=${encodeURIComponent('/icon.svg')}`,
    );
    await B.page.locator('.adm-nav-bar-title').filter({ hasText: '活动规则' }).waitFor();
    await B.page.getByTestId('web-link-frame').waitFor();
    await expect
      .poll(() => B.page.frames().map((f) => f.url()))
      .toContain(`${server.baseURL}/icon.svg`);
    await B.page.goto(
      `/#/rootPages/mySubscribe/webLink?title=x&url=${encodeURIComponent('javascript:alert(1)')}`,
    );
    await B.page.getByText('无法打开该链接').waitFor();
    expect(A.errors).toEqual([]);
    expect(B.errors).toEqual([]);
  });
});
