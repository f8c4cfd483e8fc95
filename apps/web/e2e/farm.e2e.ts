import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, operatorJson, operatorToken } from './api.ts';
import { launch, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let user: AppUser;
let friend: AppUser;
let adminToken = '';

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL);
  friend = await appUser(browser, baseURL);
  adminToken = await operatorToken(user.page);
});
afterAll(async () => {
  await user?.context.close();
  await friend?.context.close();
  await browser?.close();
});

describe('the farm game (种果树)', () => {
  it('water the farm tree: plant, collect water, water, watch it grow and harvest a coupon', async () => {
    const { page } = user;
    // The operator's kind ripens at 20 water, so two taps reach the harvest.
    const tag = String(Date.now()).slice(-5);
    const template = await operatorJson<{ id: number }>(page, adminToken, 'admin/coupon/template', {
      name: `果园券${tag}`,
      kind: 'full',
      scope: 'platform',
      threshold: 3000,
      amount: 500,
      validDays: 7,
      total: 100,
      perUser: 10,
      claimable: false,
    });
    const fruitName = `E2E果树${tag}`;
    await operatorJson(page, adminToken, 'admin/farm/fruit', {
      name: fruitName,
      image: '',
      waterNeeded: 20,
      reward: 'coupon',
      couponTemplateId: template.id,
      sort: 0,
    });

    // The web view's default page (我的 → 种果树 link) opens the farm.
    await page.goto('/#/pages/user/webLink');
    await page.waitForURL(/rootPages\/farm\/farm/);
    await expect.poll(() => page.getByTestId('farm-plant').count()).toBe(1);
    await page.getByRole('button', { name: new RegExp(fruitName) }).click();
    await expect.poll(() => page.getByTestId('farm-stage').textContent()).toBe('种子');
    await expect.poll(() => page.getByTestId('farm-kettle').textContent()).toMatch(/水壶\s*0\s*滴/);
    await snap(page, 'farm-01-planted');

    // No water yet: the kettle refuses.
    await page.getByTestId('farm-water').click();
    await expect.poll(() => page.getByText('水壶里的水不够了').count()).toBeGreaterThan(0);

    // 每日领水, then 浇水: the progress moves to 10/20 (50 %: 幼苗).
    await page.getByTestId('farm-collect').click();
    await expect
      .poll(() => page.getByTestId('farm-kettle').textContent())
      .toMatch(/水壶\s*10\s*滴/);
    await expect.poll(() => page.getByTestId('farm-collect').textContent()).toContain('已领取');
    await page.getByTestId('farm-water').click();
    await expect
      .poll(() => page.getByTestId('farm-progress').textContent())
      .toContain('成长 10/20');
    await expect.poll(() => page.getByTestId('farm-stage').textContent()).toBe('幼苗');
    await expect.poll(() => page.getByTestId('farm-kettle').textContent()).toMatch(/水壶\s*0\s*滴/);
    await snap(page, 'farm-02-watered');

    // A friend opens my help link and waters for me (+5); my share of the day gives 5 more.
    await friend.page.goto(`/#/rootPages/farm/farm?help=${user.id}`);
    await expect.poll(() => friend.page.getByTestId('farm-help').count()).toBe(1);
    await friend.page.getByRole('button', { name: '帮TA浇水' }).click();
    await expect
      .poll(() => friend.page.getByRole('button', { name: '今天已助力' }).count())
      .toBe(1);
    await apiCall(page, 'POST', 'farm/share', {}, user.token);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('farm-kettle').textContent())
      .toMatch(/水壶\s*10\s*滴/);
    await expect.poll(() => page.getByText('好友助力').count()).toBeGreaterThan(0);

    // The last tap ripens it; the harvest gives the coupon once.
    await page.getByTestId('farm-water').click();
    await expect.poll(() => page.getByTestId('farm-stage').textContent()).toBe('结果');
    await expect.poll(() => page.getByTestId('farm-progress').textContent()).toContain('100%');
    await snap(page, 'farm-03-ripe');
    await page.getByTestId('farm-harvest').click();
    await expect.poll(() => page.getByTestId('farm-won').textContent()).toContain(`果园券${tag}`);
    await snap(page, 'farm-04-harvested');
    const mine = await apiCall<{ list: unknown[] }>(
      page,
      'GET',
      'coupon/mine?status=unused&pageNum=1&pageSize=50',
      undefined,
      user.token,
    );
    expect(JSON.stringify(mine)).toContain(`果园券${tag}`);
    // Then a new tree may be planted.
    await page.getByRole('button', { name: '再种一棵' }).click();
    await expect.poll(() => page.getByTestId('farm-plant').count()).toBe(1);
    expect(user.errors).toEqual([]);
    expect(friend.errors).toEqual([]);
  });
});
