import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addAddress, apiCall, operatorJson, operatorToken } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let user: AppUser;
let adminToken = '';

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL);
  adminToken = await operatorToken(user.page);
});
afterAll(async () => {
  await user?.context.close();
  await browser?.close();
});

describe('the lucky draw (幸运抽奖)', () => {
  it('opens 积分签到 → 幸运抽奖, spins the free spin, sees the result and the record', async () => {
    const { page } = user;
    await page.goto('/#/rootPages/integral/integral');
    await page.getByTestId('tile-draw').click();
    await page.waitForURL(/integral\/draw/);
    // The tile opens the newest live wheel: the seeded 8-slot one, or a 6-slot one another e2e
    // file (slips) made on this shared server before this file ran.
    await expect.poll(() => page.getByTestId('draw-slot').count()).toBeGreaterThanOrEqual(6);
    await expect
      .poll(() => page.getByTestId('draw-status').textContent())
      .toContain('今日免费 1 次');
    await expect.poll(() => page.getByTestId('draw-records').textContent()).toContain('暂无记录');
    await snap(page, 'draw-01-wheel');

    await page.getByTestId('draw-spin').click();
    // The wheel turns (about 4 s), then the result shows.
    await expect.poll(() => page.getByTestId('draw-result').count(), { timeout: 10_000 }).toBe(1);
    const title = (await page.getByTestId('draw-result-title').textContent())?.trim() ?? '';
    expect(title.length).toBeGreaterThan(0);
    await snap(page, 'draw-02-result');
    await page.getByRole('button', { name: /继续抽奖|知道了/ }).click();
    await expect.poll(() => page.getByTestId('draw-record').count()).toBe(1);
    await expect.poll(() => page.getByTestId('draw-record').first().textContent()).toContain(title);
    await expect
      .poll(() => page.getByTestId('draw-record').first().textContent())
      .toContain('免费抽奖');
    await expect
      .poll(() => page.getByTestId('draw-status').textContent())
      .toContain('今日免费 0 次');
    expect(user.errors).toEqual([]);
  });

  it('wins a product on an operator’s wheel and claims it with an address', async () => {
    const { page, token } = user;
    const call = <T>(
      method: 'GET' | 'POST',
      path: string,
      form?: Record<string, string | number>,
    ) => apiCall<T>(page, method, path, form, token);
    await addAddress(call);
    const feed = await call<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=5');
    const detail = await call<{ skus: { id: number; stock: number }[] }>(
      'GET',
      `goods/detail?id=${feed.list[0]?.id ?? 0}`,
    );
    const skuId = detail.skus.find((s) => s.stock > 0)?.id ?? 0;
    const nothing = { kind: 'nothing', weight: 0 };
    const wheel = await operatorJson<{ id: number }>(page, adminToken, 'admin/draw/wheel', {
      title: '好礼转盘',
      freePerDay: 1,
      prizes: [
        { kind: 'product', skuId, weight: 1, stock: 1, title: '惊喜好礼' },
        nothing,
        nothing,
        nothing,
        nothing,
        nothing,
      ],
    });

    await page.goto(`/#/rootPages/integral/draw?id=${wheel.id}`);
    await expect.poll(() => page.getByTestId('draw-title').textContent()).toContain('好礼转盘');
    await expect.poll(() => page.getByTestId('draw-slot').count()).toBe(6);
    await page.getByTestId('draw-spin').click();
    await expect
      .poll(() => page.getByTestId('draw-result-title').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await page.getByTestId('draw-result-title').textContent()).toContain('惊喜好礼');
    await page.getByRole('button', { name: '去领取' }).click();
    await page.waitForURL(/integral\/drawClaim/);
    await expect.poll(() => page.getByTestId('order-address').textContent()).toContain('张三');
    await expect.poll(() => page.getByTestId('draw-claim').textContent()).toContain('惊喜好礼');
    // The 运费 line before the claim (issue 32): a ¥0 prize ships free.
    await expect.poll(() => page.getByTestId('prize-shipping').textContent()).toBe('运费免运费');
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'draw-03-claim');
    await page.getByRole('button', { name: '确认领取' }).click();
    // The cashier when the shop charges shipping, else back on the wheel.
    await page.waitForURL((url) => !url.hash.includes('drawClaim'));
    await page.goto(`/#/rootPages/integral/draw?id=${wheel.id}`);
    await expect.poll(() => page.getByText('查看订单').count()).toBe(1);
    expect(user.errors).toEqual([]);
  });
});
