import { type ChildProcess, spawn } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Envelope, operatorJson, readyToPay } from './api.ts';
import { launch, phone, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser, callAs, idCard } from './users.ts';

// Its own server: the embedded media engine (RTMP ingest on a free port, WS-FLV/HTTP-FLV out,
// replays remuxed by ffmpeg), which the shared e2e server runs without (NODE_ENV=test: off).
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
/** The host, the viewer who buys, gifts and follows, and a second viewer who reads the chat. */
let H: AppUser;
let V: AppUser;
let W: AppUser;
let adminToken = '';
let ffmpeg: ChildProcess | null = null;

const PAY_PASSWORD = '258369';
const TITLE = `潮品夜市直播${Date.now() % 100000}`;

const toast = (p: Page, text: string | RegExp) =>
  p.locator('.adm-toast-main').filter({ hasText: text });
const asH = callAs(() => H);
const asV = callAs(() => V);

/** A JSON call (bodies with arrays, booleans or nulls): as `token`, expecting code 1. */
const json = <T>(token: string, path: string, body: unknown): Promise<T> =>
  operatorJson<T>(V.page, token, path, body);

/** The <video>'s position now. */
const videoTime = (p: Page, testId = 'live-video') =>
  p.evaluate(
    (id) =>
      (document.querySelector(`[data-testid="${id}"]`) as HTMLVideoElement | null)?.currentTime ??
      0,
    testId,
  );

async function typePayPassword(p: Page) {
  await p.getByTestId('live-pay-password').waitFor();
  await p.getByTestId('pay-code').last().click();
  await p.keyboard.type(PAY_PASSWORD);
}

beforeAll(async () => {
  server = await startServer({ MEDIA_ENGINE: 'embedded', RTMP_PORT: '0' });
  browser = await launch(['--autoplay-policy=no-user-gesture-required']);
  [H, V, W] = await Promise.all([
    appUser(browser, server.baseURL),
    appUser(browser, server.baseURL),
    appUser(browser, server.baseURL),
  ]);
  const login = await V.page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  adminToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
});

afterAll(async () => {
  ffmpeg?.kill('SIGKILL');
  for (const u of [H, V, W]) await u?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('live selling (直播)', () => {
  let roomId = 0;
  let p1 = 0;
  let p2 = 0;
  let pushUrl = '';
  let balanceBefore = 0;

  it('a real-name user applies as a host, the operator approves, the host opens a room with a shelf', async () => {
    // Before any room: the tab says so honestly (or lists what the seed has).
    await W.page.goto('/#/pages/live/live');
    await W.page.locator('[data-testid="live-empty"], [data-testid="live-list"]').first().waitFor();
    await snap(W.page, 'live-00-tab-before');
    await asH('POST', 'user/RealNameAuthentication', { realName: '王小播', idCard: idCard() });
    await asH('POST', 'live/host/apply', { intro: '每晚八点，潮流好物', sortId: 1 });
    await json(adminToken, 'admin/live/host/review', { userId: Number(H.id), approve: true });
    roomId = (
      await asH<{ id: number }>('POST', 'live/upInfo', {
        title: TITLE,
        cover: '/assets/live/ad-festival.svg',
        sortId: 1,
      })
    ).id;

    const feed = await asV<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=20');
    const picks: number[] = [];
    for (const product of feed.list) {
      if (picks.length === 2) break;
      const detail = await asV<{ skus: { stock: number; price: number }[] }>(
        'GET',
        `goods/detail?id=${product.id}`,
      );
      if (detail.skus.some((s) => s.stock >= 5)) picks.push(product.id);
    }
    [p1, p2] = picks as [number, number];
    expect(p2).toBeGreaterThan(0);
    await json(H.token, 'live/upShop', {
      roomId,
      items: [
        { productId: p1, status: 'onSale' },
        { productId: p2, status: 'onSale' },
      ],
    });
    await json(H.token, 'live/pin', { roomId, productId: p1 });
    pushUrl = (await asH<{ url: string }>('GET', `live/livePlay?roomId=${roomId}`)).url;
    expect(pushUrl).toMatch(/^rtmp:\/\//);
  });

  it('the host pushes a test stream with ffmpeg and the room goes live', async () => {
    ffmpeg = spawn(
      'ffmpeg',
      [
        ...['-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '25'],
        ...['-c:a', 'aac', '-f', 'flv', pushUrl],
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    await expect
      .poll(
        async () =>
          (await asV<{ room: { state: string } }>('GET', `live/getRoomInfo?roomId=${roomId}`)).room
            .state,
        { timeout: 30_000, interval: 500 },
      )
      .toBe('live');
  });

  it('a viewer finds the room on the 直播 tab and the video plays', async () => {
    await readyToPay(asV, V.page, PAY_PASSWORD, 100_000);

    const page = V.page;
    await page.goto('/#/pages/live/live');
    const card = page.getByTestId('live-card').filter({ hasText: TITLE }).first();
    await card.waitFor({ timeout: 20_000 });
    await expect.poll(() => card.getByTestId('state-badge').textContent()).toMatch(/直播中/);
    await snap(page, 'live-01-tab');
    await card.locator('a').first().click();
    await page.waitForURL(new RegExp(`#/rootPages/livePlay/play\\?id=${roomId}`));
    await page.getByTestId('live-play').waitFor();
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(1);
    const t1 = await videoTime(page);
    await page.waitForTimeout(1500);
    expect(await videoTime(page)).toBeGreaterThan(t1);
    await page.getByTestId('live-unmute').waitFor();
  });

  it('chats, and a second viewer sees the line', async () => {
    await W.page.goto(`/#/rootPages/livePlay/play?id=${roomId}`);
    await W.page.getByTestId('live-play').waitFor();
    // W's arrival shows in V's ticker.
    await V.page
      .getByTestId('chat-ticker')
      .filter({ hasText: W.nick })
      .waitFor({ timeout: 15_000 });
    const line = `主播晚上好 ${Date.now() % 1000}`;
    await V.page.getByTestId('live-chat-input').fill(line);
    await V.page.getByTestId('live-chat-send').click();
    await V.page.getByTestId('chat-line').filter({ hasText: line }).waitFor();
    await W.page.getByTestId('chat-line').filter({ hasText: line }).waitFor({ timeout: 10_000 });
    await expect.poll(() => V.page.getByTestId('live-chat-input').inputValue()).toBe('');

    // A signed-out viewer watches and reads the chat; talking asks them to log in first.
    const anon = await phone(browser, server.baseURL);
    const page = await anon.newPage();
    await page.goto(`/#/rootPages/livePlay/play?id=${roomId}`);
    await page.getByTestId('live-play').waitFor();
    await expect.poll(() => videoTime(page), { timeout: 30_000 }).toBeGreaterThan(0.5);
    const late = `欢迎新朋友 ${Date.now() % 1000}`;
    await W.page.getByTestId('live-chat-input').fill(late);
    await W.page.getByTestId('live-chat-send').click();
    await page.getByTestId('chat-line').filter({ hasText: late }).waitFor({ timeout: 10_000 });
    await page.getByTestId('live-like').click();
    await page.waitForURL(/#\/pages\/login\/login\?redirect=/);
    await anon.close();
  });

  it('likes are batched and counted', async () => {
    const like = V.page.getByTestId('live-like');
    for (let i = 0; i < 6; i++) await like.click();
    await expect
      .poll(
        async () =>
          (await asV<{ room: { likes: number } }>('GET', `live/getRoomInfo?roomId=${roomId}`)).room
            .likes,
        { timeout: 10_000 },
      )
      .toBe(6);
    // The second viewer's count follows the room's like events.
    await expect.poll(() => W.page.getByTestId('live-likes').textContent()).toMatch(/^6/);
  });

  it('the pinned product changes within a second when the host pins another', async () => {
    const pinned = V.page.getByTestId('pinned-card');
    await expect.poll(() => pinned.getAttribute('data-product-id')).toBe(String(p1));
    await json(H.token, 'live/pin', { roomId, productId: p2 });
    const started = Date.now();
    await expect
      .poll(() => pinned.getAttribute('data-product-id'), { timeout: 5000, interval: 100 })
      .toBe(String(p2));
    expect(Date.now() - started).toBeLessThan(1500);
    await snap(V.page, 'live-02-room');
  });

  it('buys the pinned product from the shelf and pays by balance while the video keeps playing', async () => {
    const page = V.page;
    await page.getByTestId('live-shelf-button').click();
    const sheet = page.getByTestId('shelf-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('shelf-item').count()).toBe(2);
    const item = sheet.locator(`[data-product-id="${p2}"]`);
    await item.getByTestId('shelf-talking').waitFor();
    await snap(page, 'live-03-shelf');
    const t0 = await videoTime(page);
    await item.getByTestId('shelf-buy').click();

    const picker = page.locator('.sku-picker');
    await picker.waitFor();
    for (const axis of await picker.locator('.sku-picker__axis').all()) {
      if ((await axis.locator('.sku-value.is-active').count()) === 0)
        await axis.locator('.sku-value:not([disabled])').first().click();
    }
    await picker.getByRole('button', { name: '立即购买' }).click();
    const checkout = page.getByTestId('live-checkout');
    await checkout.getByTestId('order-address').waitFor();
    await snap(page, 'live-04-checkout');
    await checkout.getByTestId('live-checkout-submit').click();
    await typePayPassword(page);
    await page.getByTestId('live-paid').waitFor({ timeout: 15_000 });
    await snap(page, 'live-05-paid');
    expect(page.url()).toContain('/rootPages/livePlay/play');
    expect(await videoTime(page)).toBeGreaterThan(t0 + 1);
    await page.getByRole('button', { name: '继续看直播' }).click();

    const orders = await asV<{ list: { payAmount: number; status: string }[] }>(
      'GET',
      'order/list?status=all&pageNum=1&pageSize=5',
    );
    expect(orders.list[0]?.status).not.toBe('unpaid');
    balanceBefore = (await asV<{ balance: number }>('GET', 'account/queryBalance')).balance;
    expect(balanceBefore).toBe(100_000 - (orders.list[0]?.payAmount ?? 0));
    // The purchase shows to the other viewer.
    await W.page
      .getByTestId('chat-ticker')
      .filter({ hasText: '正在购买' })
      .waitFor({ timeout: 10_000 });
  });

  it('sends a gift paid from the balance', async () => {
    const page = V.page;
    await page.getByTestId('live-gift-button').click();
    await page.getByTestId('gift-item').first().waitFor();
    await page.getByTestId('gift-item').first().click();
    await snap(page, 'live-06-gifts');
    await page.getByTestId('gift-send').click();
    await typePayPassword(page);
    await toast(page, '赠送成功').waitFor({ timeout: 10_000 });
    const gifts = await asV<{ price: number }[]>('GET', 'live/gifts');
    const after = (await asV<{ balance: number }>('GET', 'account/queryBalance')).balance;
    expect(after).toBe(balanceBefore - (gifts[0]?.price ?? 0));
    await W.page.getByTestId('gift-banner').waitFor({ timeout: 10_000 });
    // The sender tops the room's 贡献榜.
    await page.getByTestId('live-ranking').click();
    const rows = page.getByTestId('rank-list').getByTestId('rank-row');
    await rows.filter({ hasText: V.nick }).waitFor({ timeout: 10_000 });
    await snap(page, 'live-06b-ranking');
    await page
      .locator('.adm-mask')
      .last()
      .click({ position: { x: 10, y: 10 } });
    await page.getByTestId('rank-list').waitFor({ state: 'hidden' });
  });

  it('follows the host', async () => {
    await V.page.getByTestId('live-follow').click();
    await toast(V.page, '关注成功').waitFor();
    await expect(V.page.getByTestId('live-follow').count()).resolves.toBe(0);
    expect(await asV<boolean>('GET', `live/isFollow?hostId=${H.id}`)).toBe(true);
  });

  it('when the stream stops, viewers land on the summary, and the replay plays', async () => {
    ffmpeg?.kill('SIGINT');
    await V.page.waitForURL(new RegExp(`#/rootPages/liveOver/liveOver\\?id=${roomId}`), {
      timeout: 30_000,
    });
    await V.page.getByTestId('live-over').waitFor();
    await expect.poll(() => V.page.getByTestId('over-likes').textContent()).toMatch(/^6/);
    await W.page.waitForURL(/liveOver/, { timeout: 30_000 });

    // The host's own summary: orders and GMV from the room.
    await H.page.goto(`/#/rootPages/liveOver/liveOver?id=${roomId}`);
    await H.page.getByTestId('over-host-stats').waitFor();
    await expect.poll(() => H.page.getByTestId('over-orders').textContent()).toMatch(/^1/);
    await snap(H.page, 'live-08-over-host');

    // The replay is remuxed after the stream ends: the summary offers it once it exists.
    await expect
      .poll(
        async () =>
          (await asV<{ room: { hasReplay: boolean } }>('GET', `live/liveOver?roomId=${roomId}`))
            .room.hasReplay,
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(true);
    await V.page.reload();
    await V.page.getByTestId('over-replay').waitFor();
    await snap(V.page, 'live-07-over');
    await V.page.getByTestId('over-replay').click();
    await V.page.waitForURL(/#\/rootPages\/video\/video\?id=/);
    await expect.poll(() => videoTime(V.page), { timeout: 30_000 }).toBeGreaterThan(1);
    await snap(V.page, 'live-09-replay');
  });

  it('finds a room by search, and a 预告 room takes a reservation and counts down', async () => {
    const soon = new Date(Date.now() + 2 * 3600_000 + 5 * 60_000).toISOString();
    const noticeTitle = `明晚上新预告${Date.now() % 1000}`;
    const notice = (
      await asH<{ id: number }>('POST', 'live/upInfo', {
        title: noticeTitle,
        cover: '/assets/live/ad-festival.svg',
        sortId: 1,
        noticeAt: soon,
      })
    ).id;
    const page = V.page;
    await page.goto('/#/pages/live/live');
    await page.getByTestId('live-search-entry').click();
    await page.waitForURL(/#\/pages\/live\/search/);
    await page.locator('.live-search__input input').fill(TITLE);
    await page.getByTestId('live-search-submit').click();
    const found = page.getByTestId('live-card').filter({ hasText: TITLE });
    await found.waitFor();
    await expect.poll(() => found.getByTestId('state-badge').textContent()).toMatch(/回放/);
    await snap(page, 'live-10-search');

    await page.goto('/#/pages/live/live');
    const card = page.getByTestId('live-card').filter({ hasText: noticeTitle });
    await card.waitFor();
    await card.getByTestId('notice-button').click();
    await toast(page, '预约成功').waitFor();
    await expect.poll(() => card.getByTestId('notice-button').textContent()).toBe('已预约');
    expect(await asV<boolean>('GET', `live/userNotice/isNotice?roomId=${notice}`)).toBe(true);
    await card.locator('a').first().click();
    await page.waitForURL(new RegExp(`livePlay/play\\?id=${notice}`));
    await page.getByTestId('live-notice-panel').waitFor();
    await expect
      .poll(() => page.getByTestId('live-countdown').textContent())
      .toMatch(/^0?2:0[45]:\d\d$/);
    await expect.poll(() => page.getByTestId('notice-button').textContent()).toBe('已预约');
    await snap(page, 'live-11-notice');
    for (const u of [V, W, H]) expect(u.errors).toEqual([]);
  });
});
