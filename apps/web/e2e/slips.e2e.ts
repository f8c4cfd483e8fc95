import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, operatorJson, operatorToken } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

// Slips on the newer pages (issue 32, item 7): browser-default link underlines, a letter for an
// icon, the captcha's 已验证 text over its icon, tiles touching the screen's edges.
const baseURL = inject('baseURL');
let browser: Browser;
let user: AppUser;
let adminToken = '';

const call = <T>(method: 'GET' | 'POST', path: string, form?: Record<string, string | number>) =>
  apiCall<T>(user.page, method, path, form, user.token);

/** Each matched link's computed text-decoration line (all must be none). */
const decorations = (links: Locator) =>
  links.evaluateAll((els) => els.map((el) => getComputedStyle(el).textDecorationLine));

const noUnderline = async (links: Locator) => {
  await links.first().waitFor();
  const lines = await decorations(links);
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((l) => l !== 'none')).toEqual([]);
};

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/** The widget's logo, a circular arrow that reads as its refresh icon. */
const CAPTCHA_ICON = '.altcha-logo';

const noOverflow = async (page: Page) => expect(await overflowing(page)).toEqual([]);

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL);
  adminToken = await operatorToken(user.page);
});
afterAll(async () => {
  await user?.context.close();
  await browser?.close();
});

describe('slips on the new pages', () => {
  it('潮品商城’s category grid: no underlines, 全部分类 has a real icon', async () => {
    const { page } = user;
    await page.goto('/#/pages/cpShopMall/cpShopMall');
    await noUnderline(page.locator('[data-testid="mall-categories"] a'));
    const all = page.getByTestId('mall-all-categories');
    expect(await all.locator('.zone-cats__icon svg').count()).toBe(1);
    expect((await all.locator('.zone-cats__icon').textContent())?.trim()).toBe('');
    await noOverflow(page);
    await snap(page, 'slips-01-mall');

    await all.click();
    await page.waitForURL(/cpShopMallSort/);
    await noUnderline(page.locator('[data-testid="mall-sort"] a'));
    await noOverflow(page);
    await snap(page, 'slips-02-mall-sort');
  });

  it('积分签到’s 集卡有礼 / 幸运抽奖 tiles keep the page’s side margin', async () => {
    const { page } = user;
    await page.goto('/#/rootPages/integral/integral');
    for (const id of ['tile-cards', 'tile-draw']) {
      const b = await box(page.getByTestId(id));
      expect(b.x).toBeGreaterThanOrEqual(8);
      expect(390 - (b.x + b.width)).toBeGreaterThanOrEqual(8);
    }
    const section = await box(page.locator('.cd-entries'));
    expect(section.x).toBeGreaterThanOrEqual(8);
    expect(390 - (section.x + section.width)).toBeGreaterThanOrEqual(8);
    await noUnderline(page.locator('.cd-entries a'));
    await noOverflow(page);
    await snap(page, 'slips-03-integral');
  });

  it('the draw record’s 去使用 is not underlined', async () => {
    const { page } = user;
    const nothing = { kind: 'nothing', weight: 0 };
    const wheel = await operatorJson<{ id: number }>(page, adminToken, 'admin/draw/wheel', {
      title: '积分转盘',
      freePerDay: 1,
      prizes: [
        { kind: 'points', amount: 5, weight: 1, stock: 100, title: '5积分' },
        nothing,
        nothing,
        nothing,
        nothing,
        nothing,
      ],
    });
    await page.goto(`/#/rootPages/integral/draw?id=${wheel.id}`);
    await expect.poll(() => page.getByTestId('draw-slot').count()).toBe(6);
    await page.getByTestId('draw-spin').click();
    await expect
      .poll(() => page.getByTestId('draw-result-title').count(), { timeout: 10_000 })
      .toBe(1);
    await page.getByRole('button', { name: /继续抽奖|知道了/ }).click();
    const use = page.getByTestId('draw-record').getByRole('link', { name: '去使用' });
    await noUnderline(use);
    await noOverflow(page);
    await snap(page, 'slips-04-draw-record');
  });

  it('猜价格’s 邀请好友加次数 is not underlined', async () => {
    const { page } = user;
    await call('POST', 'points/signIn');
    const feed = await call<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=5');
    const detail = await call<{ skus: { id: number; stock: number }[] }>(
      'GET',
      `goods/detail?id=${feed.list[0]?.id ?? 0}`,
    );
    const skuId = detail.skus.find((s) => s.stock > 0)?.id ?? 0;
    const round = await operatorJson<{ id: number }>(page, adminToken, 'admin/game/round', {
      skuId,
      entryPoints: 1,
      guessesPerEntry: 2,
      closeAt: new Date(Date.now() + 3_600_000).toISOString(),
      consolation: 'points',
      realPrice: 12_345,
    });
    await call('POST', 'game/join', { roundId: round.id, clientKey: randomUUID() });
    await page.goto(`/#/rootPages/game/game?id=${round.id}`);
    await noUnderline(page.getByRole('link', { name: '邀请好友加次数' }));
    await noOverflow(page);
    await snap(page, 'slips-05-game');
  });

  it('the captcha’s 已验证 text does not run under its icon (帮砍’s centred slot)', async () => {
    const { page } = user;
    // A friend's bargain for this user to help: an item of the operator's, started by the friend.
    const friend = await appUser(browser, baseURL);
    const asFriend = <T>(m: 'GET' | 'POST', path: string, form?: Record<string, string | number>) =>
      apiCall<T>(friend.page, m, path, form, friend.token);
    const feed = await asFriend<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=priceAsc',
    );
    let skuId = 0;
    for (const p of feed.list) {
      const d = await asFriend<{ skus: { id: number; stock: number; price: number }[] }>(
        'GET',
        `goods/detail?id=${p.id}`,
      );
      skuId = d.skus.find((k) => k.stock >= 2 && k.price >= 500)?.id ?? 0;
      if (skuId) break;
    }
    const item = await operatorJson<{ id: number }>(page, adminToken, 'admin/bargain/item', {
      edition: 'normal',
      skuId,
      helpersNeeded: 5,
      stock: 5,
      sort: 100_000,
    });
    const started = await asFriend<{ bargain: { id: number } }>('POST', 'bargain/start', {
      itemId: item.id,
    });
    await friend.context.close();

    await page.goto(`/#/rootPages/homeZeroYuan/helpBargain?id=${started.bargain.id}`);
    const widget = page.getByTestId('bargain-captcha');
    await widget.getByText('已验证').waitFor({ timeout: 30_000 });
    await widget.scrollIntoViewIfNeeded();
    // The text's own extent (a Range), not its label's box: the glyphs overflowed a shrunk label.
    const text = await widget.evaluate((el) => {
      const label = Array.from(el.querySelectorAll('label')).find((l) =>
        l.textContent?.includes('已验证'),
      );
      if (!label) throw new Error('no 已验证 label');
      const range = document.createRange();
      range.selectNodeContents(label);
      const r = range.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    });
    const icon = await box(widget.locator(CAPTCHA_ICON));
    // Glyphs reach to the edge of their box: a text flush against the icon reads as overlapping,
    // so the text's box grown by 4 px on every side must stay clear of it.
    const clear = { x: text.x - 4, y: text.y - 4, width: text.width + 8, height: text.height + 8 };
    expect(intersects(clear, icon), JSON.stringify({ text, icon })).toBe(false);
    await noOverflow(page);
    await snap(page, 'slips-06-captcha');
    expect(user.errors).toEqual([]);
  });
});
