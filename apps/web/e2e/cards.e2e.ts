import type { CardCampaignView, CardsHomeData } from '@chaopin/contracts';
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
const tag = Math.random().toString(36).slice(2, 7);

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

const countOf = (u: AppUser, name: string) =>
  u.page.getByTestId(`card-${name}`).getAttribute('data-count');

describe('card collecting (集卡有礼)', () => {
  it('earns a card by signing in, gives one to a friend and exchanges a full set', async () => {
    // The newest running campaign is the one actions earn cards in.
    const campaign = await operatorJson<CardCampaignView>(
      user.page,
      adminToken,
      'admin/cards/campaign',
      {
        title: `集卡E2E${tag}`,
        startAt: new Date(Date.now() - 60_000).toISOString(),
        endAt: new Date(Date.now() + 86_400_000).toISOString(),
        rewardKind: 'points',
        amount: 888,
      },
    );
    const { page } = user;

    // 积分签到: the sign-in gives a card; the tile opens 集卡有礼.
    await page.goto('/#/rootPages/integral/integral');
    await page.getByTestId('sign-in').click();
    await expect.poll(() => page.getByTestId('sign-in').textContent()).toContain('已签到');
    await page.getByTestId('tile-cards').click();
    await page.waitForURL(/integral\/cards/);
    await expect.poll(() => page.getByTestId('cards-title').textContent()).toBe(campaign.title);
    const names = campaign.kinds.map((k) => k.name);
    await expect
      .poll(async () => {
        let sum = 0;
        for (const n of names) sum += Number(await countOf(user, n));
        return sum;
      })
      .toBe(1);
    await expect
      .poll(() => page.getByTestId('cards-earn-signin').textContent())
      .toContain('今日已得');
    await snap(page, 'cards-01-signed-in');

    // The operator gives the kinds still missing, and one more 潮 to give away.
    const home = await apiCall<CardsHomeData>(
      page,
      'GET',
      `cards/home?campaignId=${campaign.id}`,
      undefined,
      user.token,
    );
    for (const c of home.cards) {
      const count = (c.count === 0 ? 1 : 0) + (c.name === '潮' ? 1 : 0);
      if (count === 0) continue;
      await operatorJson(page, adminToken, 'admin/cards/give', {
        campaignId: campaign.id,
        kindId: c.kindId,
        userId: Number(user.id),
        count,
      });
    }
    await page.reload();
    await expect.poll(() => countOf(user, '潮')).not.toBe('1');
    const before = Number(await countOf(user, '潮'));
    expect(before).toBeGreaterThanOrEqual(2);

    // 赠送: pick 潮, the friend's phone.
    await page.getByTestId('cards-give-kind-潮').click();
    await page.getByTestId('cards-give-phone').locator('input').fill(friend.phone);
    await page.getByTestId('cards-give').click();
    await expect
      .poll(() => page.locator('.adm-toast-main').filter({ hasText: '赠送给' }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => countOf(user, '潮')).toBe(String(before - 1));
    await expect
      .poll(() => page.getByTestId('cards-log-row').filter({ hasText: '赠送好友' }).count())
      .toBe(1);
    await snap(page, 'cards-02-gift');

    // 兑换奖励: one of each kind for 888 积分.
    const exchange = page.getByTestId('cards-exchange');
    await expect.poll(() => exchange.isEnabled()).toBe(true);
    await exchange.click();
    await expect
      .poll(() => page.getByTestId('cards-exchanged').textContent())
      .toContain('888 积分');
    await expect.poll(() => exchange.textContent()).toContain('已兑换');
    await expect.poll(() => page.getByTestId('cards-exchanges').textContent()).toContain('1/1');
    await snap(page, 'cards-03-exchanged');
    await page.goto('/#/rootPages/integral/integral');
    // 10 for the sign-in and 888 for the set.
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toBe('898');

    // The friend has the card (and a notice in 消息中心 opens the page).
    await friend.page.goto(`/#/rootPages/integral/cards?campaignId=${campaign.id}`);
    await expect.poll(() => countOf(friend, '潮')).toBe('1');
    await expect.poll(() => countOf(friend, '福')).toBe('0');
    await snap(friend.page, 'cards-04-friend');
    expect(user.errors).toEqual([]);
    expect(friend.errors).toEqual([]);
  });
});
