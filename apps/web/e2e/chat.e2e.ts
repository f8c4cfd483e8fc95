import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type Envelope } from './api.ts';
import { FAKE_MEDIA, launch, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

type User = AppUser;

let browser: Browser;
const users: User[] = [];

async function newUser(): Promise<User> {
  const user = await appUser(browser, baseURL);
  users.push(user);
  return user;
}

const room = (u: User, peer: string) => u.page.goto(`/#/rootPages/tim/room?conversationID=${peer}`);
const rows = (p: Page) => p.getByTestId('chat-row');
const textRows = (p: Page, text: string) => rows(p).filter({ hasText: text });

async function sendText(p: Page, text: string) {
  await p.getByTestId('chat-text').fill(text);
  await p.getByTestId('chat-send').click();
}

/** A chat-provider REST token of an operator account (registered with the admin's TOKEN). */
async function operatorToken(p: Page): Promise<string> {
  const admin = await p.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  const adminToken = ((await admin.json()) as Envelope<{ token: string }>).data.token;
  const username = `ops_${Date.now().toString(36)}`;
  const reg = await p.request.post('/acme/shop/users', {
    headers: { TOKEN: adminToken },
    data: { username, password: 'p@ssw0rd1' },
  });
  expect(reg.status()).toBe(200);
  const tok = await p.request.post('/acme/shop/token', {
    data: { grant_type: 'password', username, password: 'p@ssw0rd1' },
  });
  return ((await tok.json()) as Envelope<{ access_token: string }>).data.access_token;
}

let A: User;
let B: User;
let C: User;

beforeAll(async () => {
  browser = await launch(FAKE_MEDIA);
  A = await newUser();
  B = await newUser();
  C = await newUser();
});

afterAll(async () => {
  for (const u of users) await u.context.close();
  await browser?.close();
});

/** Issue 6: chat between app users, on top of the IM SDK. */
describe('chat', () => {
  it('A sends text with an emoji; B sees the red dot on tab 4, the conversation, and opens it; A sees 已读', async () => {
    await B.page.goto('/#/');
    await room(A, `C2C${B.id}`);
    await sendText(A.page, '你好[微笑]');
    await expect
      .poll(() => rows(A.page).first().getAttribute('data-status'), { timeout: 15_000 })
      .toBe('success');
    await expect.poll(() => A.page.locator('.chat-bubble img[alt="[微笑]"]').count()).toBe(1);

    await B.page.locator('.app-tabbar .adm-badge-dot').waitFor({ timeout: 20_000 });
    await snap(B.page, 'chat-01-tab-dot');
    await B.page.goto('/#/pages/info/info');
    const conv = B.page.locator(`[data-conversation="C2C${A.id}"]`);
    await conv.waitFor({ timeout: 15_000 });
    await expect.poll(() => conv.textContent()).toContain('你好');
    await expect.poll(() => conv.locator('.adm-badge').textContent()).toBe('1');
    await snap(B.page, 'chat-02-conversation-list');
    await conv.click();
    await B.page.waitForURL(/rootPages\/tim\/room/);
    await textRows(B.page, '你好').waitFor();
    await expect.poll(() => B.page.locator('.chat-bubble img[alt="[微笑]"]').count()).toBe(1);
    await expect
      .poll(() => A.page.getByTestId('chat-read').first().textContent(), { timeout: 15_000 })
      .toBe('已读');
    await snap(A.page, 'chat-03-read');
  });

  it('an image, a voice message and a file arrive live in the open chat', async () => {
    await A.page
      .getByTestId('chat-pick-image')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await B.page.getByTestId('chat-image').locator('img').waitFor({ timeout: 20_000 });

    await A.page.getByRole('button', { name: '语音' }).click();
    const talk = A.page.getByTestId('chat-talk');
    await talk.hover();
    await A.page.mouse.down();
    await A.page.waitForTimeout(1600);
    await A.page.mouse.up();
    await B.page.getByTestId('chat-voice').waitFor({ timeout: 20_000 });
    await expect.poll(() => B.page.getByTestId('chat-voice').textContent()).toMatch(/[12]″/);
    await A.page.getByRole('button', { name: '键盘' }).click();

    await A.page.getByTestId('chat-pick-file').setInputFiles({
      name: '说明.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello chat'),
    });
    const file = B.page.getByTestId('chat-file');
    await file.waitFor({ timeout: 20_000 });
    await expect.poll(() => file.textContent()).toContain('说明.txt');
    expect(await file.getAttribute('href')).toBeTruthy();

    await A.page
      .getByTestId('chat-pick-video')
      .setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(2048, 1) });
    await B.page.locator('.chat-video video[src*="/"]').waitFor({ timeout: 20_000 });

    await A.page.getByTestId('chat-more').click();
    await A.page.getByText('位置', { exact: true }).click();
    await A.page.getByPlaceholder('地址').fill('杭州市西湖区文三路100号');
    await A.page.locator('.chat-loc-form').getByRole('button', { name: '发送' }).click();
    const location = B.page.getByTestId('chat-location');
    await location.waitFor({ timeout: 20_000 });
    await expect.poll(() => location.textContent()).toContain('文三路100号');
    await expect
      .poll(
        async () => await A.page.locator('[data-testid="chat-row"][data-status="success"]').count(),
        { timeout: 20_000 },
      )
      .toBe(6);
    await snap(B.page, 'chat-04-kinds');
    await location.click();
    await B.page.waitForURL(/open-location/);
    await B.page.getByText('30.274150, 120.155150').waitFor();
    await B.page.goBack();
    await B.page.getByTestId('chat-list').waitFor();

    // Bad input: empty text and an unsupported image type leave no bubble behind.
    await A.page.getByTestId('chat-text').fill('   ');
    await A.page.getByTestId('chat-send').click();
    await A.page.getByText('不能发送空白消息').waitFor();
    await A.page.getByTestId('chat-pick-image').setInputFiles({
      name: 'x.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await A.page.getByText('不支持的图片格式').waitFor();
    expect(await rows(A.page).count()).toBe(6);
  });

  it('A revokes the text: both see the revoke tip instead', async () => {
    await textRows(A.page, '你好').locator('.chat-bubble').click({ button: 'right' });
    await A.page.getByText('撤回', { exact: true }).click();
    await A.page.getByText('你撤回了一条消息').waitFor({ timeout: 10_000 });
    await B.page.getByText('对方撤回了一条消息').waitFor({ timeout: 10_000 });
    expect(await textRows(B.page, '你好').count()).toBe(0);
    await snap(B.page, 'chat-05-revoked');
  });

  it('friends: requests are accepted (添加成功) and a group of three chats', async () => {
    // B by user ID, C by phone number.
    for (const [peer, key] of [
      [B, B.id],
      [C, C.phone],
    ] as const) {
      await A.page.goto('/#/rootPages/tim/addFriend');
      await A.page.getByTestId('add-friend-id').locator('input').fill(key);
      await A.page.getByTestId('add-friend-submit').click();
      await A.page.getByText('好友申请已发送').waitFor();
      await peer.page.goto('/#/rootPages/tim/friendRequests');
      await peer.page.getByTestId('friend-request').getByText('接受').click();
      await peer.page.getByText('添加成功').first().waitFor();
    }
    await A.page.goto('/#/rootPages/tim/contacts');
    await expect.poll(() => A.page.getByTestId('friend-item').count(), { timeout: 10_000 }).toBe(2);
    await snap(A.page, 'chat-06-contacts');
    await A.page.getByTestId('contacts-group-create').click();
    await A.page.getByTestId('group-name').locator('input').fill('三人小群');
    await A.page.getByText('公开群', { exact: true }).click();
    await expect.poll(() => A.page.getByTestId('group-pick').count()).toBe(2);
    for (const box of await A.page.getByTestId('group-pick').all()) await box.click();
    await A.page.getByTestId('group-create').click();
    await A.page.waitForURL(/conversationID=GROUP/);
    const tip = A.page.locator('.chat-tip').filter({ hasText: '加入了群聊' });
    await expect.poll(() => tip.textContent(), { timeout: 10_000 }).toContain(B.nick);
    await sendText(A.page, '大家好');
    await expect
      .poll(() => textRows(A.page, '大家好').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('success');

    await C.page.goto('/#/pages/info/info');
    const conv = C.page.locator('[data-conversation^="GROUP"]');
    await conv.waitFor({ timeout: 15_000 });
    await conv.click();
    await textRows(C.page, '大家好').waitFor({ timeout: 10_000 });
    await sendText(C.page, '收到');
    await textRows(A.page, '收到').waitFor({ timeout: 15_000 });
    await snap(A.page, 'chat-07-group');
  });

  it('group roles: set admin, mute (the muted member is refused), remove, transfer, quit', async () => {
    await A.page.getByTestId('chat-settings').click();
    await A.page.getByTestId('group-members').waitFor();
    await A.page.getByText('群成员', { exact: true }).click();
    const member = (u: User) => A.page.getByTestId('group-member').filter({ hasText: u.nick });
    const sheet = (action: string) =>
      A.page
        .locator('.adm-action-sheet-button-item-name')
        .getByText(action, { exact: true })
        .last();
    const pick = async (u: User, action: string) => {
      await expect.poll(() => A.page.locator('.adm-action-sheet-popup').count()).toBe(0);
      await member(u).click();
      await sheet(action).click();
    };
    await pick(B, '设为管理员');
    await expect.poll(() => member(B).textContent(), { timeout: 10_000 }).toContain('管理员');
    await pick(C, '禁言');
    await sheet('禁言10分钟').click();
    await expect.poll(() => member(C).textContent(), { timeout: 10_000 }).toContain('禁言中');
    await snap(A.page, 'chat-08-members');

    await sendText(C.page, '我被禁言了吗');
    await C.page.getByText('你已被禁言').waitFor({ timeout: 10_000 });
    await expect.poll(() => textRows(C.page, '我被禁言了吗').count()).toBe(0);

    await pick(C, '移出群聊');
    await expect
      .poll(() => A.page.getByTestId('group-member').count(), { timeout: 10_000 })
      .toBe(2);
    await pick(B, '转让群主');
    await A.page.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => member(B).textContent(), { timeout: 10_000 }).toContain('群主');
    await A.page.goBack();
    await A.page.getByTestId('group-leave').click();
    await A.page.getByRole('button', { name: '确定' }).click();
    await A.page.waitForURL(/pages\/info\/info/);
  });

  it('chat rooms: join and leave; a full room says so', async () => {
    await A.page.goto('/#/rootPages/tim/groupCreate');
    await A.page.getByTestId('group-name').locator('input').fill('小小聊天室');
    await A.page.getByText('聊天室', { exact: true }).click();
    await A.page.getByTestId('group-max').locator('input').fill('2');
    await A.page.getByTestId('group-create').click();
    await A.page.waitForURL(/conversationID=GROUP/);
    const roomRow = (u: User) => u.page.locator('.adm-list-item').filter({ hasText: '小小聊天室' });
    await B.page.goto('/#/rootPages/tim/chatRooms');
    await roomRow(B).getByRole('button', { name: '加入' }).click();
    await B.page.getByText('已进群').waitFor();
    await B.page.waitForURL(/conversationID=GROUP/);
    await C.page.goto('/#/rootPages/tim/chatRooms');
    await roomRow(C).getByRole('button', { name: '加入' }).click();
    await C.page.getByText('聊天室人数已满').waitFor({ timeout: 10_000 });
    await snap(C.page, 'chat-08-room-full');
    await B.page.goto('/#/rootPages/tim/chatRooms');
    await roomRow(B).getByRole('button', { name: '离开' }).click();
    await B.page.getByText('已离开').waitFor();
  });

  it('B goes offline, A sends three messages, B comes back and sees each exactly once', async () => {
    await room(A, `C2C${B.id}`);
    await room(B, `C2C${A.id}`);
    await B.page.getByTestId('chat-list').waitFor();
    await B.context.setOffline(true);
    await B.page.getByTestId('chat-offline').waitFor({ timeout: 10_000 });
    await snap(B.page, 'chat-08-offline-banner');
    for (const n of [1, 2, 3]) await sendText(A.page, `离线消息${n}`);
    await expect
      .poll(
        () =>
          A.page
            .locator('[data-testid="chat-row"][data-status="success"]')
            .filter({ hasText: '离线消息' })
            .count(),
        { timeout: 15_000 },
      )
      .toBe(3);
    await B.page.waitForTimeout(1500);
    await B.context.setOffline(false);
    for (const n of [1, 2, 3]) await textRows(B.page, `离线消息${n}`).waitFor({ timeout: 40_000 });
    await B.page.waitForTimeout(1500);
    for (const n of [1, 2, 3]) expect(await textRows(B.page, `离线消息${n}`).count()).toBe(1);
    await snap(B.page, 'chat-08-after-offline');
    expect(await B.page.getByTestId('chat-offline').count()).toBe(0);
  });

  it('history loads 15 a page on pull-down', async () => {
    for (let n = 1; n <= 16; n++) await sendText(A.page, `历史${n}`);
    await expect
      .poll(
        () =>
          A.page
            .locator('[data-testid="chat-row"][data-status="success"]')
            .filter({ hasText: '历史' })
            .count(),
        {
          timeout: 20_000,
        },
      )
      .toBe(16);
    await B.page.goto('/#/pages/info/info');
    await room(B, `C2C${A.id}`);
    await textRows(B.page, '历史16').waitFor({ timeout: 10_000 });
    expect(await rows(B.page).count()).toBe(15);
    expect(
      await rows(B.page)
        .filter({ hasText: /历史1$/ })
        .count(),
    ).toBe(0);
    await B.page.getByTestId('chat-list').evaluate((el) => el.scrollTo(0, 0));
    // Scrolling to the top loads the older page; the button is the fallback when nothing scrolls.
    await B.page
      .getByText('查看更多消息')
      .click({ timeout: 1500 })
      .catch(() => undefined);
    await expect.poll(() => rows(B.page).count(), { timeout: 10_000 }).toBeGreaterThan(15);
    await snap(B.page, 'chat-08-history');
  });

  it('客服 on product detail opens the store chat with the product card ready to send', async () => {
    const list = await A.page.request.get(`${API}/goods/list?pageNum=1&pageSize=5`);
    const productId = ((await list.json()) as Envelope<{ list: { id: number }[] }>).data.list[0]
      ?.id;
    const detail = await A.page.request.get(`${API}/goods/detail?id=${productId}`);
    const storeId = ((await detail.json()) as Envelope<{ store: { id: number } }>).data.store.id;
    // No setup: the store's chat account (store_<id>) is made when 客服 is first tapped.
    await A.page.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await A.page.getByTestId('service-button').click();
    await A.page.waitForURL(new RegExp(`conversationID=C2Cstore_${storeId}`));
    await A.page.getByTestId('chat-offer').waitFor();
    await A.page.getByTestId('chat-offer-send').click();
    const card = rows(A.page).filter({ has: A.page.getByTestId('chat-card') });
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 15_000 }).toBe('success');
    await snap(A.page, 'chat-09-service-card');
    await room(A, `C2C${B.id}`);
    await A.page.getByTestId('chat-list').waitFor();
  });

  it('the operator forces B’s chat offline: B is told, and chats again on returning to the app', async () => {
    await room(A, `C2C${B.id}`);
    await room(B, `C2C${A.id}`);
    await B.page.getByTestId('chat-list').waitFor();
    const kicked = await A.page.request.get(`/acme/shop/users/${B.id}/disconnect`, {
      headers: { authorization: `Bearer ${await operatorToken(A.page)}` },
    });
    expect(kicked.status()).toBe(200);
    await B.page.getByText('聊天已被强制下线，返回应用后将重新连接').waitFor({ timeout: 10_000 });
    await B.page.getByTestId('chat-offline').waitFor({ timeout: 10_000 });
    await snap(B.page, 'chat-10-kicked');
    // back to the app (the tab becomes visible again): a fresh credential, and live again
    await B.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => B.page.getByTestId('chat-offline').count(), { timeout: 15_000 })
      .toBe(0);
    await sendText(A.page, '回来了吗');
    await textRows(B.page, '回来了吗').waitFor({ timeout: 15_000 });
  });

  it('B blacklists A: A’s next message is refused with a toast and leaves no bubble', async () => {
    await B.page.getByTestId('chat-settings').click();
    await B.page.getByTestId('chat-block').click();
    await B.page.getByRole('button', { name: '确定' }).click();
    await B.page.getByText('已加入黑名单').waitFor();
    await sendText(A.page, '还在吗');
    await A.page.getByText('对方已将你拉黑，消息发送失败').waitFor({ timeout: 15_000 });
    await expect.poll(() => textRows(A.page, '还在吗').count()).toBe(0);
    await snap(A.page, 'chat-11-blacklisted');
    for (const u of users) expect(u.errors).toEqual([]);
  });
});
