import { type ChildProcess, spawn } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, addAddress, type Envelope, operatorJson, readyToPay } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser, callAs, idCard } from './users.ts';

// Issue 32 item 9, as a host and viewers meet the live room: the 直播中心 follows the room's
// state without a reload, a ¥0 viewer pays online without leaving the video, the gift's pay
// password does not move the room, 我的提醒 lists live 预约s, and 礼物收益 names the split.
// Its own server with the embedded media engine; ffmpeg pushes the test stream.
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let H: AppUser; // the host, on the 直播中心
let V: AppUser; // a new viewer with ¥0, on a phone set to New York time
let G: AppUser; // a viewer who sends a gift
let adminToken = '';
let ffmpeg: ChildProcess | null = null;
let roomId = 0;

const PAY_PASSWORD = '258369';
const TITLE = `品质直播${Date.now() % 100000}`;
const CENTRE = '/#/rootPages/liveUser/user';

const toast = (p: Page, text: string | RegExp) =>
  p.locator('.adm-toast-main').filter({ hasText: text });
const asH = callAs(() => H);
const asV = callAs(() => V);
const asG = callAs(() => G);

/** A JSON call (bodies with arrays, booleans or nulls): as `token`, expecting code 1. */
const json = <T>(token: string, path: string, body: unknown): Promise<T> =>
  operatorJson<T>(H.page, token, path, body);

const videoTime = (p: Page) =>
  p.evaluate(
    () =>
      (document.querySelector('[data-testid="live-video"]') as HTMLVideoElement | null)
        ?.currentTime ?? 0,
  );

/** Top and height of the room's host bar and video, rounded to the pixel. */
const roomBoxes = async (p: Page) => {
  const box = async (testId: string) => {
    const b = await p.getByTestId(testId).first().boundingBox();
    return b ? [Math.round(b.y), Math.round(b.height)] : null;
  };
  return { host: await box('live-host'), video: await box('live-video') };
};

/** The room, entered from its link, with the video playing. */
async function enterRoom(p: Page) {
  await p.goto(`/#/rootPages/livePlay/play?id=${roomId}`);
  await p.getByTestId('live-play').waitFor();
  await expect.poll(() => videoTime(p), { timeout: 30_000 }).toBeGreaterThan(0.5);
}

beforeAll(async () => {
  server = await startServer({ MEDIA_ENGINE: 'embedded', RTMP_PORT: '0' });
  browser = await launch(['--autoplay-policy=no-user-gesture-required']);
  [H, V, G] = await Promise.all([
    appUser(browser, server.baseURL),
    appUser(browser, server.baseURL, { timezoneId: 'America/New_York' }),
    appUser(browser, server.baseURL),
  ]);
  const login = await H.page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  adminToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
});

afterAll(async () => {
  ffmpeg?.kill('SIGKILL');
  for (const u of [H, V, G]) await u?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('live and checkout, as a viewer and a host meet them', () => {
  let pushUrl = '';

  it('the host opens a room with a product; the 直播中心 waits for the push', async () => {
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
    let pick = 0;
    for (const product of feed.list) {
      const detail = await asV<{ skus: { stock: number }[] }>(
        'GET',
        `goods/detail?id=${product.id}`,
      );
      if (detail.skus.some((s) => s.stock >= 5)) {
        pick = product.id;
        break;
      }
    }
    expect(pick).toBeGreaterThan(0);
    await json(H.token, 'live/upShop', { roomId, items: [{ productId: pick, status: 'onSale' }] });
    await json(H.token, 'live/pin', { roomId, productId: pick });
    pushUrl = (await asH<{ url: string }>('GET', `live/livePlay?roomId=${roomId}`)).url;

    await H.page.goto(CENTRE);
    await H.page.getByTestId('centre-room').waitFor({ timeout: 15_000 });
    expect(await H.page.getByTestId('centre-end').count()).toBe(0);
  });

  it('the push starts: the open 直播中心 turns 直播中 without a reload', async () => {
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
    await H.page.getByTestId('centre-end').waitFor({ timeout: 30_000 });
    await H.page.getByTestId('live-stats').waitFor({ timeout: 15_000 });
  });

  it('a ¥0 viewer buys in the room by the online method and stays in the room; the order is paid', async () => {
    await addAddress(asV, '赵六');
    const p = V.page;
    await enterRoom(p);
    // The host's page counts the viewer on the room's channel (not a frozen 0).
    await expect
      .poll(async () => Number(await H.page.getByTestId('stat-online').textContent()), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);

    await p.getByTestId('pinned-card').getByRole('button').last().click();
    const picker = p.locator('.sku-picker');
    await picker.waitFor();
    for (const axis of await picker.locator('.sku-picker__axis').all()) {
      if ((await axis.locator('.sku-value.is-active').count()) === 0)
        await axis.locator('.sku-value:not([disabled])').first().click();
    }
    await picker.getByRole('button', { name: '立即购买' }).click();
    const checkout = p.getByTestId('live-checkout');
    await checkout.getByTestId('order-address').waitFor();
    const balance = checkout.getByTestId('live-pay-balance');
    await expect.poll(() => balance.textContent()).toContain('余额不足');
    await balance.getByTestId('live-topup').waitFor();
    // With ¥0 the online payment is chosen, and 提交订单 goes on.
    await expect
      .poll(() => checkout.getByTestId('live-pay-sandbox').getAttribute('class'))
      .toContain('is-active');
    const submit = checkout.getByTestId('live-checkout-submit');
    expect(await submit.isDisabled()).toBe(false);
    expect(await overflowing(p)).toEqual([]);
    await snap(p, 'live-quality-01-checkout');

    const t0 = await videoTime(p);
    await submit.click();
    // Tap 支付 once the sheet has slid in (a tap during the slide lands on the mask, which closes it).
    const frameBox = () => p.getByTestId('live-cashier-frame').boundingBox();
    await p.getByTestId('live-cashier-frame').waitFor();
    let last = await frameBox();
    await expect
      .poll(async () => {
        const now = await frameBox();
        const still = now !== null && now.y === last?.y;
        last = now;
        return still;
      })
      .toBe(true);
    const frame = p.frameLocator('[data-testid="live-cashier-frame"]');
    await frame.getByRole('button', { name: '支付' }).click();
    await snap(p, 'live-quality-02-cashier');
    await p.getByTestId('live-paid').waitFor({ timeout: 20_000 });
    await snap(p, 'live-quality-03-paid');
    expect(p.url()).toContain(`/rootPages/livePlay/play?id=${roomId}`);
    expect(await videoTime(p)).toBeGreaterThan(t0 + 1);
    const orders = await asV<{ list: { status: string; liveRoomId?: number }[] }>(
      'GET',
      'order/list?status=all&pageNum=1&pageSize=5',
    );
    expect(orders.list).toHaveLength(1);
    expect(orders.list[0]?.status).not.toBe('unpaid');
    await p.getByRole('button', { name: '继续看直播' }).click();
  });

  it('the gift’s pay password sheet does not move the room', async () => {
    await readyToPay(asG, G.page, PAY_PASSWORD, 10_000);
    const p = G.page;
    await enterRoom(p);
    await p.getByTestId('live-gift-button').click();
    await p.getByTestId('gift-item').first().click();
    const before = await roomBoxes(p);
    expect(before.host).not.toBeNull();
    await p.getByTestId('gift-send').click();
    await p.getByTestId('live-pay-password').waitFor();
    await p.waitForTimeout(600);
    // The phone's keyboard is what panned the room: no text field takes focus (the sheet has its
    // own keypad), and the visual viewport stays where it was.
    expect(
      await p.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return Boolean(el && (el.isContentEditable || /^(INPUT|TEXTAREA)$/.test(el.tagName)));
      }),
    ).toBe(false);
    await p.getByTestId('pay-keypad').waitFor();
    expect(await p.evaluate(() => window.visualViewport?.offsetTop ?? 0)).toBe(0);
    expect(await roomBoxes(p)).toEqual(before);
    expect(
      await p.evaluate(() => ({
        page: document.scrollingElement?.scrollTop ?? 0,
        room: document.querySelector('.lp')?.scrollTop ?? 0,
      })),
    ).toEqual({ page: 0, room: 0 });
    expect(await overflowing(p)).toEqual([]);
    await snap(p, 'live-quality-04-gift-password');
    const keypad = p.getByTestId('pay-keypad');
    for (const digit of PAY_PASSWORD) {
      await keypad.getByRole('button', { name: digit, exact: true }).click();
    }
    await toast(p, '赠送成功').waitFor({ timeout: 10_000 });
    expect(await roomBoxes(p)).toEqual(before);
  });

  it('礼物收益 names the gift value, the host share and the earning', async () => {
    const gifts = await asG<{ price: number }[]>('GET', 'live/gifts');
    const price = gifts[0]?.price ?? 0;
    await H.page.reload();
    const split = H.page.getByTestId('centre-gift-split');
    const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
    await expect
      .poll(() => split.textContent())
      .toBe(`礼物价值 ${yuan(price)} · 主播分成 50% · 收益 ${yuan(Math.floor(price / 2))}`);
    expect(await overflowing(H.page)).toEqual([]);
    await snap(H.page, 'live-quality-05-centre-live');
  });

  it('the push stops: the open 直播中心 follows the viewers to the end without a reload', async () => {
    const centre = H.page;
    await centre.getByTestId('centre-end').waitFor();
    ffmpeg?.kill('SIGINT');
    await V.page.waitForURL(/liveOver/, { timeout: 30_000 });
    const viewersMoved = Date.now();
    await centre.getByTestId('centre-no-room').waitFor({ timeout: 10_000 });
    expect(Date.now() - viewersMoved).toBeLessThan(8_000);
    expect(await centre.getByTestId('centre-end').count()).toBe(0);
    await expect.poll(() => centre.getByTestId('live-history').textContent()).toContain('共1场');
    expect(await overflowing(centre)).toEqual([]);
    await snap(centre, 'live-quality-06-centre-ended');
  });

  it('我的提醒 lists a live 预约 with title, host and China-time start, and cancels it', async () => {
    const notice = await asH<{ id: number }>('POST', 'live/upInfo', {
      title: `${TITLE}预告`,
      cover: '/assets/live/ad-festival.svg',
      sortId: 1,
      noticeAt: new Date(Date.now() + 2 * 3600_000 + 5 * 60_000).toISOString(),
    });
    await asV('POST', 'live/userNotice/insertUser', { roomId: notice.id });
    const centre = await asH<{ current: { noticeAt: string } }>('GET', 'live/centre');
    const china = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    });
    const start = china.format(new Date(centre.current.noticeAt));
    const today = china.format(new Date()).slice(0, 10);
    const expected = start.startsWith(today) ? `今天 ${start.slice(11)}` : start;

    const p = V.page;
    await p.goto('/#/rootPages/mySubscribe/mySubscribe');
    const row = p.getByTestId('live-reservation').filter({ hasText: `${TITLE}预告` });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.textContent()).toContain(`主播 ${H.nick}`);
    await expect
      .poll(() => row.getByTestId('live-reservation-time').textContent())
      .toBe(`${expected} 开播`);
    expect(await overflowing(p)).toEqual([]);
    await snap(p, 'live-quality-07-reminders');

    await row.getByRole('button', { name: '取消提醒' }).click();
    await p.locator('.adm-dialog-button').filter({ hasText: '取消提醒' }).click();
    await toast(p, '已取消预约').waitFor({ timeout: 10_000 });
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(
      (await asV<{ total: number }>('GET', 'live/userNotice/list?pageNum=1&pageSize=10')).total,
    ).toBe(0);
  });

  it('ends with no page errors', () => {
    for (const u of [H, V, G]) expect(u.errors).toEqual([]);
  });
});
