import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type Envelope } from './api.ts';
import { launch, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser, callAs, idCard } from './users.ts';

// A host's journey: 主播入驻 → the operator approves → a 预告 room in the live centre with two
// products (one 讲解中) and its push address; a viewer 预约s it from 直播预告 and follows the host.
// Its own server: the push address needs the media engine, which the shared test server leaves off.
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let A: AppUser; // the host
let B: AppUser; // a viewer
let adminToken = '';
let roomId = 0;
const TITLE = `E2E 新品首发 ${Date.now() % 10_000}`;

const toast = (p: Page, text: string | RegExp) =>
  p.locator('.adm-toast-main').filter({ hasText: text });
const asA = callAs(() => A);
const asB = callAs(() => B);

/** A 1×1 PNG: the room's cover. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startServer({ MEDIA_ENGINE: 'embedded', RTMP_PORT: '0' });
  const { baseURL } = server;
  browser = await launch();
  A = await appUser(browser, baseURL);
  B = await appUser(browser, baseURL);
  await A.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const login = await A.page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  adminToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
});

afterAll(async () => {
  for (const u of [A, B]) await u?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('live host (主播入驻, 直播中心)', () => {
  it('starUp asks for real-name verification first, then takes the application', async () => {
    const p = A.page;
    await p.goto('/#/rootPages/starUp/starUp');
    const realName = p.getByTestId('starup-realname');
    await realName.waitFor({ timeout: 15_000 });
    await expect.poll(() => realName.textContent()).toContain('去实名认证');

    await asA('POST', 'user/RealNameAuthentication', { realName: '王小播', idCard: idCard() });
    await p.reload();
    const form = p.getByTestId('starup-form');
    await form.waitFor({ timeout: 15_000 });
    await form.locator('.adm-selector-item').filter({ hasText: '美妆' }).click();
    await p.getByTestId('starup-intro').locator('textarea').fill('5年美妆博主，专注平价好物分享');
    await snap(p, 'live-host-01-starup-form');
    await p.getByTestId('starup-submit').click();
    await p.getByTestId('starup-pending').waitFor({ timeout: 15_000 });
    await toast(p, '申请已提交').waitFor({ state: 'hidden' });
    await snap(p, 'live-host-02-starup-pending');
    const status = await asA<{ status: string }>('GET', 'live/host/status');
    expect(status.status).toBe('pending');
  });

  it('the operator approves; starUp leads into the live centre', async () => {
    const res = await A.page.request.post(`${API}/admin/live/host/review`, {
      headers: { TOKEN: adminToken, device: '1' },
      data: { userId: Number(A.id), approve: true },
    });
    const body = (await res.json()) as Envelope<null>;
    expect(body.code, body.msg).toBe(1);

    const p = A.page;
    await p.reload();
    await p.getByTestId('starup-approved').waitFor({ timeout: 15_000 });
    await p.getByRole('button', { name: '进入直播中心' }).click();
    await p.waitForURL(/#\/rootPages\/liveUser\/user/);
    await p.getByTestId('centre-no-room').waitFor({ timeout: 15_000 });
    await expect.poll(() => p.getByTestId('centre-nick').textContent()).toBe(A.nick);
    await snap(p, 'live-host-03-centre-empty');
  });

  it('creates a 预告 room: title, cover, category and a start time', async () => {
    const p = A.page;
    await p.getByTestId('centre-create').click();
    const form = p.getByTestId('room-form');
    await form.waitFor();
    await form.locator('input[type=file]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await form
      .locator('.adm-image-uploader-cell:not(.adm-image-uploader-upload-button)')
      .first()
      .waitFor();
    await p.getByTestId('room-title').locator('input').fill(TITLE);
    await form.locator('.adm-selector-item').filter({ hasText: '美妆' }).click();
    await p.getByTestId('room-notice-switch').click();
    await p.getByTestId('room-notice-time').click();
    // The picker opens at the earliest allowed time (a few minutes from now): confirm it.
    await p.locator('.adm-picker-header-button').filter({ hasText: '确定' }).click();
    await expect.poll(() => p.getByTestId('room-notice-time').textContent()).toMatch(/\d{2}:\d{2}/);
    await snap(p, 'live-host-04-create-form');
    await p.getByTestId('room-submit').click();
    await toast(p, '预告已发布').waitFor({ timeout: 10_000 });
    const room = p.getByTestId('centre-room');
    await room.waitFor({ timeout: 15_000 });
    await expect.poll(() => p.getByTestId('centre-room-title').textContent()).toBe(TITLE);
    await expect.poll(() => room.textContent()).toMatch(/预告/);
    const centre = await asA<{ current: { id: number; state: string; noticeAt: string } }>(
      'GET',
      'live/centre',
    );
    expect(centre.current.state).toBe('notice');
    expect(centre.current.noticeAt).toBeTruthy();
    roomId = centre.current.id;
  });

  it('shows the push address and copies it', async () => {
    const p = A.page;
    const push = p.getByTestId('push-address');
    await push.waitFor();
    await expect.poll(() => p.getByTestId('push-server').textContent()).toMatch(/^rtmp:\/\//);
    await expect.poll(() => push.textContent()).toContain('推流开始后直播间自动开播');
    // Every live/livePlay signs a fresh key: compare with what this page shows and copies.
    const clipboard = () => p.evaluate(() => navigator.clipboard.readText());
    const server = (await p.getByTestId('push-server').textContent()) ?? '';
    await p.getByTestId('copy-server').click();
    await toast(p, '已复制').waitFor();
    expect(await clipboard()).toBe(server);
    // On screen the signature is masked; the copy is the whole key.
    await expect.poll(() => p.getByTestId('push-key').textContent()).toContain('****');
    await p.getByTestId('copy-key').click();
    await expect.poll(clipboard).toMatch(/^r\d+\?exp=\d+&.*sign=[0-9a-f]+$/);
    const key = await clipboard();
    await p.getByTestId('copy-url').click();
    await expect.poll(clipboard).toBe(`${server}/${key}`);
    // the low-latency encoder settings, folded beneath the address
    const tips = p.getByTestId('push-tips');
    await tips.getByText('低延迟推流设置').click();
    await tips.getByText(/关键帧间隔：0\.5–1 秒/).waitFor();
    await push.scrollIntoViewIfNeeded();
    await snap(p, 'live-host-05-centre-room');
  });

  it('adds two products to the shelf, saves it and pins one (讲解中)', async () => {
    const p = A.page;
    await p.getByTestId('centre-shelf').click();
    const editor = p.getByTestId('shelf-editor');
    await editor.waitFor();
    await p.getByTestId('shelf-add').click();
    const items = p.getByTestId('picker-item');
    await items.nth(1).waitFor({ timeout: 15_000 });
    await items.nth(0).click();
    await items.nth(1).click();
    await expect.poll(() => p.getByTestId('picker-count').textContent()).toBe('2');
    await p.getByTestId('picker-confirm').click();
    const rows = p.getByTestId('shelf-row');
    await expect.poll(() => rows.count()).toBe(2);
    // Reorder: the second goes first.
    await rows.nth(1).getByTestId('shelf-up').click();
    await p.getByTestId('shelf-save').click();
    await toast(p, '商品已保存').waitFor({ timeout: 10_000 });
    await expect.poll(() => p.getByTestId('shelf-save').textContent()).toBe('已保存');
    await rows.nth(0).getByTestId('shelf-pin').click();
    await toast(p, '已设为讲解中').waitFor({ timeout: 10_000 });
    await expect.poll(() => rows.nth(0).textContent()).toContain('讲解中');
    await toast(p, '已设为讲解中').waitFor({ state: 'hidden' });
    await snap(p, 'live-host-06-shelf-editor');

    const shelf = await asA<{ productId: number; pinned: boolean; status: string }[]>(
      'GET',
      `live/host/shelf?roomId=${roomId}`,
    );
    expect(shelf).toHaveLength(2);
    expect(shelf[0]?.pinned).toBe(true);
    expect(shelf[1]?.pinned).toBe(false);
    expect(shelf.every((s) => s.status === 'onSale')).toBe(true);
  });

  it('我的 has a 直播中心 entry', async () => {
    const p = A.page;
    await p.goto('/#/pages/user/user');
    await p.getByText('直播中心', { exact: true }).click();
    await p.waitForURL(/#\/rootPages\/liveUser\/user/);
    await p.getByTestId('centre-room').waitFor({ timeout: 15_000 });
  });
});

describe('a viewer (直播预告, 我的关注)', () => {
  it('预约s the 预告 from liveNotice', async () => {
    const p = B.page;
    await p.goto('/#/rootPages/liveNotice/notice');
    const card = p.getByTestId('notice-card').filter({ hasText: TITLE });
    await card.waitFor({ timeout: 15_000 });
    const button = card.getByTestId('notice-toggle');
    await expect.poll(() => button.textContent()).toBe('预约');
    await button.click();
    await toast(p, '预约成功').waitFor({ timeout: 10_000 });
    await expect.poll(() => button.textContent()).toBe('已预约');
    expect(await asB<boolean>('GET', `live/userNotice/isNotice?roomId=${roomId}`)).toBe(true);
    await toast(p, '预约成功').waitFor({ state: 'hidden' });
    await snap(p, 'live-host-07-notice');
  });

  it('follows the host and sees them on myFollow’s 主播 tab; 取消关注 removes them', async () => {
    await asB('POST', 'live/userFollow', { hostId: Number(A.id), follow: 'true' });
    const p = B.page;
    await p.goto('/#/pages/userMyFollow/myFollow');
    await p.getByTestId('follow-tab-host').click();
    await p.waitForURL(/tab=host/);
    const host = p.getByTestId('followed-host').filter({ hasText: A.nick });
    await host.waitFor({ timeout: 15_000 });
    await expect.poll(() => host.textContent()).toMatch(/粉丝/);
    await snap(p, 'live-host-08-my-follow');

    await host.getByRole('button', { name: '取消关注' }).click();
    await p.locator('.adm-dialog-button').filter({ hasText: '取消关注' }).click();
    await toast(p, '已取消关注').waitFor({ timeout: 10_000 });
    await p.getByText('还没有关注的主播').waitFor({ timeout: 10_000 });
  });

  it('ends with no page errors', () => {
    expect(A.errors).toEqual([]);
    expect(B.errors).toEqual([]);
  });
});
