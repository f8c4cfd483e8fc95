import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, phone, snap } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = await phone(browser, baseURL);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('browsing tabs', () => {
  it('category tab: sidebar, ?id= selection and the sort bar', async () => {
    await page.goto('/#/pages/homeClassify/homeClassify');
    const items = page.locator('.adm-side-bar-item');
    await items.first().waitFor();
    expect(await items.count()).toBeGreaterThan(1);
    await page.locator('[data-testid="product-row"]').first().waitFor({ timeout: 15_000 });
    await snap(page, '10-category');

    await items.nth(1).click();
    await expect.poll(() => page.url()).toMatch(/homeClassify\?id=\d+/);
    const price = page.getByRole('tab', { name: /价格/ });
    await price.click();
    await expect.poll(() => price.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: '销量' }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: '销量' }).getAttribute('aria-selected'))
      .toBe('true');
  });

  it("live tab shows the demo hosts' 预告 rooms, each with its start time", async () => {
    await page.locator('.adm-tab-bar-item').filter({ hasText: '直播' }).click();
    const card = page.getByTestId('live-card').filter({ hasText: '秋冬穿搭专场' });
    await card.waitFor();
    await card.getByText('预告').first().waitFor();
    expect(await page.getByTestId('live-empty').count()).toBe(0);
    await snap(page, '11-live');
  });

  it('cart tab is gated when logged out', async () => {
    await page.locator('.adm-tab-bar-item').filter({ hasText: '购物车' }).click();
    await page.locator('.adm-toast-main').filter({ hasText: '请先登录' }).waitFor();
    await page.waitForURL(/#\/pages\/login\/login\?redirect=%2Fpages%2FshopCar%2FshopCar/);
  });

  it('is installable: manifest and service worker', async () => {
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest.name).toBe('潮品直播');
    expect(manifest.theme_color).toBe('#FF0135');
    expect(manifest.icons.length).toBeGreaterThan(0);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
  });
});
