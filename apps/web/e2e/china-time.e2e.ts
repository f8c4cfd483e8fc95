import type {
  CardCampaignView,
  CardLogRow,
  RedPacketPage,
  SeckillBannerData,
  SeckillItemsData,
  SeckillSessionsData,
} from '@chaopin/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, operatorJson, operatorToken } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

// A phone set to New York time: every page must still show China time (UTC+8), the business day
// of every rule. The expected texts are computed here from the server's instants, not by the app.
const baseURL = inject('baseURL');
let browser: Browser;
let user: AppUser;
let adminToken = '';

const CHINA_MS = 8 * 3_600_000;
/** 'YYYY-MM-DDTHH:mm:ss' of an instant on a China wall clock. */
const chinaClock = (iso: string) => new Date(Date.parse(iso) + CHINA_MS).toISOString().slice(0, 19);
const chinaDateTime = (iso: string) => chinaClock(iso).replace('T', ' ');
const chinaHm = (iso: string) => chinaClock(iso).slice(11, 16);
const chinaDay = (ms: number) => Math.floor((ms + CHINA_MS) / 86_400_000);

const call = <T>(method: 'GET' | 'POST', path: string, form?: Record<string, string | number>) =>
  apiCall<T>(user.page, method, path, form, user.token);

beforeAll(async () => {
  browser = await launch();
  user = await appUser(browser, baseURL, { timezoneId: 'America/New_York' });
  adminToken = await operatorToken(user.page);
});
afterAll(async () => {
  await user?.context.close();
  await browser?.close();
});

describe('one clock: China time on a phone abroad', () => {
  it('runs on a phone whose own clock is not China’s', async () => {
    const offset = await user.page.evaluate(() => new Date().getTimezoneOffset());
    expect(offset).toBeGreaterThan(0); // New York: UTC-5 or -4.
  });

  it('the flash-sale tabs and the home strip agree with their sessions’ 10:00场 titles', async () => {
    const { page } = user;
    const sessions = await call<SeckillSessionsData>('GET', 'seckill/sessions');
    expect(sessions.list.length).toBeGreaterThan(0);
    await page.goto('/#/pages/homeSeckill/homeSeckill');
    await page.getByTestId('seckill-session').first().waitFor();
    for (const s of sessions.list) {
      const tab = page.locator(`[data-session="${s.id}"] .sk-tab__time`);
      expect(await tab.textContent()).toBe(chinaHm(s.startAt));
      // The seeded titles are the operator's China time (HH:00场).
      if (/^\d\d:\d\d场$/.test(s.title)) expect(`${await tab.textContent()}场`).toBe(s.title);
    }
    // The chosen session's header and its tab name the same time.
    const selected = page.locator('[data-testid="seckill-session"][aria-selected="true"]');
    const header = await page.locator('.sk-bar__title').textContent();
    expect(`${await selected.locator('.sk-tab__time').textContent()}场`).toBe(header);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'china-time-01-seckill');

    const banner = await call<SeckillBannerData>('GET', 'seckill/banner');
    if (banner.session) {
      await page.goto('/');
      const strip = page.locator('.home-seckill__session');
      await strip.waitFor();
      expect(await strip.textContent()).toBe(`${chinaHm(banner.session.startAt)}场`);
    }
  });

  it('我的提醒 names the China day and time a sale opens', async () => {
    const { page } = user;
    const sessions = await call<SeckillSessionsData>('GET', 'seckill/sessions');
    const upcoming = sessions.list.filter((s) => s.state === 'upcoming');
    expect(upcoming.length).toBeGreaterThan(0);
    // The latest one (the demo seeds tomorrow's too): its China day differs from New York's.
    const pick = upcoming[upcoming.length - 1];
    if (!pick) throw new Error('no upcoming session');
    const items = await call<SeckillItemsData>('GET', `seckill/items?sessionId=${pick.id}`);
    const item = items.list.find((i) => i.state === 'remind');
    if (!item) throw new Error('no item to be reminded of');
    await call('POST', 'seckill/subscribe', { itemId: item.id });

    const days = chinaDay(Date.parse(item.startAt)) - chinaDay(Date.parse(sessions.now));
    const word = days === 0 ? '今天' : days === 1 ? '明天' : days === 2 ? '后天' : '';
    const when = word
      ? `${word} ${chinaHm(item.startAt)}`
      : chinaDateTime(item.startAt).slice(5, 16);
    await page.goto('/#/rootPages/mySubscribe/mySubscribe');
    const row = page.getByTestId('subscription').filter({ hasText: item.title }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(`${when} 开抢`);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'china-time-02-reminders');
  });

  it('a red packet’s 拆开 time is China time, zero-padded', async () => {
    const { page } = user;
    await operatorJson(page, adminToken, 'admin/redPacket/issue', {
      userIds: [Number(user.id)],
      title: '时区红包',
      source: 'activity',
      minAmount: 100,
      maxAmount: 200,
    });
    const list = await call<RedPacketPage>(
      'GET',
      'redPacket/list?status=all&pageNum=1&pageSize=20',
    );
    const packet = list.list.find((p) => p.title === '时区红包');
    if (!packet) throw new Error('packet not issued');
    await call('POST', 'redPacket/open', { id: packet.id });
    const opened = (
      await call<RedPacketPage>('GET', 'redPacket/list?status=all&pageNum=1&pageSize=20')
    ).list.find((p) => p.id === packet.id);
    if (!opened?.openedAt) throw new Error('packet not opened');

    await page.goto('/#/pages/userMyAssets/redPacket');
    const card = page.getByTestId('redpacket').filter({ hasText: '时区红包' }).first();
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(`${chinaDateTime(opened.openedAt)} 拆开`);
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 拆开/);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'china-time-03-red-packet');
  });

  it('the 集卡 record shows the same China time as the other records', async () => {
    const { page } = user;
    const campaign = await operatorJson<CardCampaignView>(
      page,
      adminToken,
      'admin/cards/campaign',
      {
        title: `时区集卡${Math.random().toString(36).slice(2, 6)}`,
        startAt: new Date(Date.now() - 60_000).toISOString(),
        endAt: new Date(Date.now() + 86_400_000).toISOString(),
        rewardKind: 'points',
        amount: 10,
      },
    );
    await call('POST', 'points/signIn');
    const log = await call<{ list: CardLogRow[] }>(
      'GET',
      `cards/log?campaignId=${campaign.id}&pageNum=1&pageSize=10`,
    );
    const first = log.list[0];
    if (!first) throw new Error('the sign-in gave no card');

    await page.goto('/#/rootPages/integral/cards');
    const row = page.getByTestId('cards-log-row').first();
    await row.waitFor();
    expect(await row.locator('small').textContent()).toBe(chinaDateTime(first.createdAt));
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'china-time-04-cards');
    expect(user.errors).toEqual([]);
  });
});
