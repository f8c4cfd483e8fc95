import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let user: AppUser;

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL);
});
afterAll(async () => {
  await browser?.close();
});

describe('points (积分)', () => {
  it('signs in from 我的, sees the calendar mark and the bill line', async () => {
    const { page } = user;
    await page.goto('/#/pages/user/user');
    await page.getByText('积分签到').first().click();
    await page.waitForURL(/integral\/integral/);
    const button = page.getByTestId('sign-in');
    await expect.poll(() => button.textContent()).toContain('签到');
    // Two quick taps: one sign-in.
    await button.click();
    await button.click({ force: true }).catch(() => undefined);
    await expect.poll(() => button.textContent()).toContain('已签到');
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toContain('10');
    await expect.poll(() => page.getByTestId('points-streak').textContent()).toContain('1');
    await snap(page, 'points-01-signed');
    await page.getByText('积分明细').first().click();
    await page.waitForURL(/integral\/MyBill/);
    await expect.poll(() => page.getByText('每日签到').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('+10').count()).toBeGreaterThan(0);
    await snap(page, 'points-02-bill');
    expect(user.errors).toEqual([]);
  });
});
