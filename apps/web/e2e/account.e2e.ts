import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, randomPhone, snap } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

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

/** The scenario: SMS login → profile → pay password → logout → login gate. */
describe('account journey on a 390×844 phone', () => {
  const number = randomPhone();
  const nickname = `潮人${number.slice(-4)}`;

  it('shows the home page with the five-tab bar', async () => {
    await page.goto('/');
    await expect.poll(() => page.locator('.adm-tab-bar-item').count()).toBe(5);
    await page.locator('.home-header').waitFor();
    await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 15_000 });
    await snap(page, '01-home');
    const labels = await page.locator('.adm-tab-bar-item-title').allTextContents();
    expect(labels).toEqual(['首页', '分类', '直播', '购物车', '我的']);
  });

  it('logs a new user in by SMS code', async () => {
    await page.locator('.adm-tab-bar-item').filter({ hasText: '我的' }).click();
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.waitForURL(/#\/pages\/login\/login/);
    await page.getByPlaceholder('请输入手机号').fill(number);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const demo = page.getByTestId('demo-code');
    await demo.waitFor();
    const code = (await demo.textContent())?.match(/\d{6}/)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    await expect.poll(() => page.locator('.sms-field__send').textContent()).toMatch(/^\d+s后重试$/);
    await page.getByPlaceholder('请输入验证码').fill(code ?? '');
    await page.locator('.login__agreement .adm-checkbox').click();
    await snap(page, '02-login-filled');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/pages\/user\/user/);
    const shown = page.getByTestId('my-nickname');
    await shown.waitFor();
    expect((await shown.textContent())?.trim()).not.toBe('');
    expect(await page.locator('.my-header__phone').textContent()).toContain(number.slice(-4));
    await snap(page, '03-my-logged-in');
  });

  it('changes the nickname and the avatar', async () => {
    await page.locator('.adm-list-item').filter({ hasText: '个人信息' }).click();
    await page.waitForURL(/#\/pages\/user\/userInfo/);
    await page.locator('.adm-list-item').filter({ hasText: '昵称' }).click();
    const input = page.locator('.adm-dialog input');
    await input.fill(nickname);
    await page.locator('.adm-dialog-button').filter({ hasText: '保存' }).click();
    await expect.poll(() => page.getByTestId('userinfo-nickname').textContent()).toBe(nickname);

    const png = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 255, g: 1, b: 53 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('avatar-input')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await toast('上传成功').waitFor({ timeout: 15_000 });
    const avatar = page.getByTestId('userinfo-avatar');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/uploads\//);
    // The uploaded file is really served back.
    const src = (await avatar.getAttribute('src')) ?? '';
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    await snap(page, '04-user-info');

    await page.goBack();
    await page.waitForURL(/#\/pages\/user\/user/);
    await expect.poll(() => page.getByTestId('my-nickname').textContent()).toBe(nickname);
    expect(await page.getByTestId('my-avatar').getAttribute('src')).toBe(src);
  });

  it('sets a six-digit pay password', async () => {
    await page.locator('.adm-list-item').filter({ hasText: '支付密码' }).click();
    await page.waitForURL(/#\/pages\/userSetting\/choosePayType/);
    await page.locator('.adm-list-item').filter({ hasText: '设置支付密码' }).click();
    await page.waitForURL(/#\/pages\/setPayPassword\/setPayPassword/);
    await page.getByText('请输入6位数字支付密码').waitFor();
    await page.getByTestId('pay-code').click();
    await page.keyboard.type('258369');
    await page.getByText('请再次输入6位数字支付密码').waitFor();
    await snap(page, '05-pay-password-confirm');
    await page.getByTestId('pay-code').click();
    await page.keyboard.type('258369');
    await toast('支付密码设置成功').waitFor({ timeout: 15_000 });
    await page.waitForURL(/#\/pages\/userSetting\/choosePayType/);
    await page.locator('.adm-list-item').filter({ hasText: '修改支付密码' }).waitFor();
    await snap(page, '06-pay-password-set');
  });

  it('logs out from the settings page at once, however slow the server answers', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    // A slow phone network (or a server queueing writes): the logout's answer takes 20 s.
    const slow = 20_000;
    let sentToken: string | undefined;
    await page.route('**/user/logout', async (route) => {
      sentToken = route.request().headers().token;
      await new Promise((r) => setTimeout(r, slow));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/#/pages/user/user');
    await page.getByTestId('my-nickname').waitFor();
    await page.getByRole('button', { name: '设置' }).click();
    await page.waitForURL(/#\/pages\/userSetting\/setting/);
    await page.getByRole('button', { name: '退出登录' }).click();
    const tapped = Date.now();
    await page.locator('.adm-dialog-button').filter({ hasText: '退出登录' }).click();
    // The URL only: waitForURL would also wait for a load event of this same document.
    await expect.poll(() => page.url()).toMatch(/#\/pages\/user\/user/);
    // Well before the server's answer: nothing on 我的 waits for it.
    await page.getByRole('button', { name: '登录/注册' }).waitFor({ timeout: slow / 4 });
    expect(Date.now() - tapped).toBeLessThan(slow / 2);
    expect(await page.getByTestId('my-nickname').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The server is still told, with the session's own token.
    expect(sentToken).toBe(token);
    await snap(page, '07-logged-out');
    await page.unroute('**/user/logout');
  });

  it('gates a protected page: toast 请先登录, then the login page', async () => {
    await page.goto('/#/pages/userSetting/setting');
    await toast('请先登录').waitFor({ timeout: 5_000 });
    await page.waitForURL(/#\/pages\/login\/login\?redirect=/);
    expect(decodeURIComponent(page.url())).toContain('redirect=/pages/userSetting/setting');
    await snap(page, '08-gated-login');
  });

  it('left no uncaught errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
