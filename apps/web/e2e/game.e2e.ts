import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, addAddress, apiCall, type Envelope, operatorJson, operatorToken } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');

/** A price as a shopper reads it: ¥ or 元 next to digits. */
const PRICE = /[¥￥]\s*\d|\d\s*元|元\s*\d/;

/** The words drawn in the round pictures on the page (their SVG text elements). */
async function pictureTexts(page: Page): Promise<string[]> {
  const sources = await page
    .locator('img.gm-card__image')
    .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
  expect(sources.length).toBeGreaterThan(0);
  const texts: string[] = [];
  for (const src of sources) {
    const svg = await (await page.request.get(src)).text();
    texts.push(
      [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)]
        .map((m) => (m[1] ?? '').replace(/<[^>]+>/g, ''))
        .join(' '),
    );
  }
  return texts;
}
let browser: Browser;
let user: AppUser;
let adminToken = '';

/** The operator's JSON call. */
const asOperator = <T>(path: string, body: unknown) =>
  operatorJson<T>(user.page, adminToken, path, body);

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL);
  adminToken = await operatorToken(user.page);
});
afterAll(async () => {
  await user?.context.close();
  await browser?.close();
});

describe('the guessing game (竞猜)', () => {
  it('joins with points, guesses, sees the settlement and claims the prize as the winner', async () => {
    const { page, token } = user;
    const call = <T>(
      method: 'GET' | 'POST',
      path: string,
      form?: Record<string, string | number>,
    ) => apiCall<T>(page, method, path, form, token);
    // Points from today's sign-in pay the entry fee; the prize needs an address.
    await call('POST', 'points/signIn');
    await addAddress(call);
    const feed = await call<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=5');
    const detail = await call<{
      skus: { id: number; stock: number; price: number; name: string }[];
    }>('GET', `goods/detail?id=${feed.list[0]?.id ?? 0}`);
    const sku = detail.skus.find((s) => s.stock > 0);
    const skuId = sku?.id ?? 0;
    const round = await asOperator<{ id: number }>('admin/game/round', {
      skuId,
      entryPoints: 10,
      guessesPerEntry: 2,
      closeAt: new Date(Date.now() + 3_600_000).toISOString(),
      consolation: 'points',
      realPrice: 12_345,
    });

    // The round: price hidden, countdown running; join → order → pay with points.
    await page.goto(`/#/rootPages/game/game?id=${round.id}`);
    await expect.poll(() => page.getByText('价格保密').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('game-countdown').textContent()).toContain('距截止');
    // Before the settlement neither the page nor its picture gives the price (or the SKU) away.
    const shown = (await page.locator('body').textContent()) ?? '';
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    for (const secret of ['123.45', yuan(sku?.price ?? 0), sku?.name ?? '']) {
      expect(shown).not.toContain(secret);
    }
    for (const drawn of await pictureTexts(page)) expect(drawn).not.toMatch(PRICE);
    expect(await overflowing(page)).toEqual([]);
    await page.getByRole('button', { name: '立即报名' }).click();
    await page.waitForURL(/game\/order/);
    await page.getByRole('button', { name: '去支付' }).click();
    await page.waitForURL(/game\/pay/);
    await expect.poll(() => page.getByTestId('game-fee').textContent()).toContain('10积分');
    await expect.poll(() => page.getByText('可用 10 积分').count()).toBe(1);
    await snap(page, 'game-01-pay');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.waitForURL(/game\/game\?id=/);

    // A sealed guess: only I see it.
    await expect.poll(() => page.getByText('剩余 2 / 2 次').count()).toBe(1);
    await page.getByRole('textbox', { name: '竞猜价格' }).fill('123.40');
    await page.getByRole('button', { name: '提交' }).click();
    await expect.poll(() => page.getByTestId('game-my-guess').count()).toBe(1);
    await expect.poll(() => page.getByText('剩余 1 / 2 次').count()).toBe(1);
    await snap(page, 'game-02-guessed');
    const sealed = await page.request.get(`${API}/game/results?id=${round.id}`);
    expect(((await sealed.json()) as Envelope<null> & { error: string }).error).toBe('GAME_SEALED');

    // The operator ends the round; the settlement job runs (the same job as the timer's).
    await asOperator('admin/game/close', { id: round.id });
    await asOperator('admin/game/settle', {});
    await page.reload();
    await expect.poll(() => page.getByTestId('game-results').count()).toBe(1);
    await expect.poll(() => page.getByTestId('game-results').textContent()).toContain('123.45');
    await expect.poll(() => page.getByTestId('game-winner').count()).toBe(1);
    await snap(page, 'game-03-settled');

    // The winner's prize: ¥0 goods with the address; the cashier asks only what shipping costs.
    await page.getByRole('button', { name: '确认地址领奖' }).click();
    await page.waitForURL(/game\/info/);
    await expect.poll(() => page.getByTestId('order-address').textContent()).toContain('张三');
    // The 运费 line before the claim: a ¥0 prize ships free, and no cashier follows.
    await expect.poll(() => page.getByTestId('prize-shipping').textContent()).toBe('运费免运费');
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'game-04-info');
    await page.getByRole('button', { name: '确认领奖' }).click();
    await page.waitForURL(/game\/game/);
    await page.goto(`/#/rootPages/game/game?id=${round.id}`);
    await expect.poll(() => page.getByText('查看奖品订单').count()).toBe(1);
    const mine = await call<{ mine: { prizeOrderNo: string | null } }>(
      'GET',
      `game/round?id=${round.id}`,
    );
    expect(mine.mine.prizeOrderNo).toBeTruthy();
    expect(user.errors).toEqual([]);
  });

  it('lists the seeded rounds and does not ship the test page', async () => {
    const { page } = user;
    await page.goto('/#/rootPages/game/game');
    await expect.poll(() => page.getByTestId('game-round').count()).toBeGreaterThan(1);
    for (const drawn of await pictureTexts(page)) expect(drawn).not.toMatch(PRICE);
    expect(await overflowing(page)).toEqual([]);
    await page.goto('/#/rootPages/Ztest/index');
    await page.waitForURL((url) => url.hash === '#/' || url.hash === '');
    expect(user.errors).toEqual([]);
  });
});
