import { SHOP_REPLY_DEFAULTS } from '@chaopin/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, apiCall, type Envelope } from './api.ts';
import { launch, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');

let browser: Browser;
const users: AppUser[] = [];
let A: AppUser;
let B: AppUser;

const rows = (p: Page) => p.getByTestId('chat-row');
const textRows = (p: Page, text: string) => rows(p).filter({ hasText: text });

async function sendText(p: Page, text: string) {
  await p.getByTestId('chat-text').fill(text);
  await p.getByTestId('chat-send').click();
  await expect
    .poll(() => textRows(p, text).last().getAttribute('data-status'), { timeout: 15_000 })
    .toBe('success');
}

/** The seeded operator's TOKEN. */
async function adminToken(p: Page): Promise<string> {
  const r = await p.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  return ((await r.json()) as Envelope<{ token: string }>).data.token;
}

/** A seeded product and its store (id and name). */
async function seededStore(p: Page, index: number) {
  const list = await p.request.get(`${API}/goods/list?pageNum=1&pageSize=20`);
  const products = ((await list.json()) as Envelope<{ list: { id: number }[] }>).data.list;
  const productId = products[index]?.id ?? 0;
  const detail = await p.request.get(`${API}/goods/detail?id=${productId}`);
  const store = ((await detail.json()) as Envelope<{ store: { id: number; name: string } }>).data
    .store;
  return { productId, storeId: store.id, storeName: store.name };
}

beforeAll(async () => {
  browser = await launch();
  A = await appUser(browser, baseURL);
  B = await appUser(browser, baseURL);
  users.push(A, B);
});

afterAll(async () => {
  for (const u of users) await u.context.close();
  await browser?.close();
});

/** Issue 17 §6: what a new user met in the chat (1, 2, 7, 12). */
describe('chat defects', () => {
  // B has never opened the chat when A adds them: B's chat profile is made on that first reach.
  it('新的朋友 shows the requester by nickname and avatar, not by user id', async () => {
    await A.page.goto('/#/rootPages/tim/addFriend');
    await A.page.getByTestId('add-friend-id').locator('input').fill(B.id);
    await A.page.getByTestId('add-friend-submit').click();
    await A.page.getByText('好友申请已发送').waitFor();

    await B.page.goto('/#/rootPages/tim/friendRequests');
    const request = B.page.getByTestId('friend-request');
    await request.waitFor({ timeout: 15_000 });
    await expect.poll(() => request.getByTestId('friend-request-nick').textContent()).toBe(A.nick);
    expect(A.nick).not.toBe(A.id);
    const avatar = request.getByTestId('friend-request-avatar');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/\/assets\/avatars\/.+\.svg$/);
    // The picture really shows (not a broken image).
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await snap(B.page, 'chat-defects-01-friend-request');
    await request.getByText('接受').click();
    await B.page.getByText('添加成功').first().waitFor();
  });

  it('a new group shows as 群通知 in the list (no raw @TIM#SYSTEM row), opening its notices', async () => {
    await A.page.goto('/#/rootPages/tim/groupCreate');
    await A.page.getByTestId('group-name').locator('input').fill('周末拼单群');
    await expect.poll(() => A.page.getByTestId('group-pick').count(), { timeout: 15_000 }).toBe(1);
    await A.page.getByTestId('group-pick').click();
    await A.page.getByTestId('group-create').click();
    await A.page.waitForURL(/conversationID=GROUP/);

    await B.page.goto('/#/pages/info/info');
    const entry = B.page.locator('[data-conversation="@TIM#SYSTEM"]');
    await entry.waitFor({ timeout: 15_000 });
    await expect.poll(() => entry.textContent()).toContain('群通知');
    await expect.poll(() => entry.textContent()).toContain('你已被邀请加入群聊「周末拼单群」');
    await expect.poll(() => entry.locator('.adm-badge').textContent()).toBe('1');
    const page = (await B.page.locator('.msg-center').textContent()) ?? '';
    expect(page).not.toContain('@TIM#SYSTEM');
    expect(page).not.toContain('[群系统通知]');
    await snap(B.page, 'chat-defects-02-group-notices-entry');

    await entry.click();
    await B.page.waitForURL(/rootPages\/tim\/groupNotices/);
    const notice = B.page.getByTestId('group-notice').first();
    await expect
      .poll(() => notice.textContent(), { timeout: 10_000 })
      .toContain(`${A.nick} 邀请你加入了群聊「周末拼单群」`);
    await snap(B.page, 'chat-defects-03-group-notices');
    await notice.getByText('进入群聊').click();
    await B.page.waitForURL(/conversationID=GROUP/);
    // Read on opening: the entry's badge is gone.
    await B.page.goto('/#/pages/info/info');
    await entry.waitFor();
    await expect.poll(() => entry.locator('.adm-badge').count(), { timeout: 10_000 }).toBe(0);
  });

  it('one unread count of notices and chats: 我的, the tab bar and 消息中心 agree', async () => {
    const admin = await adminToken(A.page);
    await apiCall(
      A.page,
      'POST',
      'admin/message/publish',
      {
        title: '会员日活动',
        content: '本周六会员日，全场包邮。',
        userId: Number(B.id),
      },
      admin,
    );
    await A.page.goto(`/#/rootPages/tim/room?conversationID=C2C${B.id}`);
    await sendText(A.page, '在吗');
    await sendText(A.page, '拼单吗');

    const notices = (
      await apiCall<{ total: number }>(B.page, 'GET', 'message/unreadCount', undefined, B.token)
    ).total;
    expect(notices).toBeGreaterThanOrEqual(1);
    const total = notices + 2;

    await B.page.goto('/#/pages/user/user');
    const myBadge = B.page.getByTestId('my-entry-badge');
    await expect.poll(() => myBadge.textContent(), { timeout: 20_000 }).toBe(String(total));
    // The dot of the fourth tab (the cart is empty, so it is the messages' dot).
    await B.page.locator('.app-tabbar .adm-badge-dot').waitFor({ timeout: 10_000 });
    await snap(B.page, 'chat-defects-04-my-badge');

    await B.page.locator('.adm-list-item').filter({ hasText: '消息中心' }).click();
    await B.page.waitForURL(/#\/pages\/info\/info/);
    await expect
      .poll(() => B.page.getByTestId('msg-center-unread').textContent(), { timeout: 10_000 })
      .toBe(`${total} 条未读消息`);
    // The entries' badges add up to the same count.
    const badges = async () => {
      const texts = await B.page.locator('.msg-center .adm-badge').allTextContents();
      return texts.reduce((n, t) => n + (Number(t) || 0), 0);
    };
    await expect.poll(badges).toBe(total);
    await snap(B.page, 'chat-defects-05-message-centre');

    await B.page.getByRole('button', { name: '全部已读' }).click();
    await expect
      .poll(() => B.page.getByTestId('msg-center-unread').textContent(), { timeout: 10_000 })
      .toBe('暂无未读消息');
    await expect.poll(badges).toBe(0);
    await B.page.goto('/#/pages/user/user');
    await B.page.getByTestId('my-nickname').waitFor();
    await expect.poll(() => myBadge.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => B.page.locator('.app-tabbar .adm-badge-dot').count()).toBe(0);
  });

  it('客服: the store greets a first-time buyer and says it is away, once, in the open chat', async () => {
    const { productId, storeName } = await seededStore(B.page, 0);
    await B.page.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await B.page.getByTestId('service-button').click();
    await B.page.waitForURL(/conversationID=C2Cstore_/);
    await B.page.getByTestId('chat-list').waitFor();
    await sendText(B.page, '这款有现货吗');
    const welcome = `您好，欢迎光临${storeName}，有什么可以帮您？`;
    await textRows(B.page, welcome).waitFor({ timeout: 15_000 });
    await textRows(B.page, '客服暂时不在线，留言后我们会尽快回复您。').waitFor({ timeout: 15_000 });
    await snap(B.page, 'chat-defects-06-shop-greeting');
    // The store's replies come after the question, from the store (not mine).
    const texts = await rows(B.page).allTextContents();
    const asked = texts.findIndex((t) => t.includes('这款有现货吗'));
    expect(texts.findIndex((t) => t.includes(welcome))).toBeGreaterThan(asked);
    expect(await textRows(B.page, welcome).getAttribute('class')).not.toContain('chat-row--mine');
    // Within the hour: no second greeting, no second away text.
    await sendText(B.page, '发什么快递');
    await B.page.waitForTimeout(1500);
    expect(await textRows(B.page, welcome).count()).toBe(1);
    expect(await textRows(B.page, '客服暂时不在线').count()).toBe(1);
  });

  it('客服: the texts the operator set (admin API) greet the next buyer', async () => {
    const { productId, storeId, storeName } = await seededStore(A.page, 1);
    const admin = await adminToken(A.page);
    const set = await apiCall<{ welcomeText: string }>(
      A.page,
      'POST',
      'admin/store/chatReply',
      {
        storeId,
        welcomeText: '{店铺名}的小助手在此，下单立减5元！',
        awayText: '夜间客服休息中，早上9点回复您',
      },
      admin,
    );
    expect(set.welcomeText).toBe('{店铺名}的小助手在此，下单立减5元！');
    await A.page.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await A.page.getByTestId('service-button').click();
    await A.page.waitForURL(new RegExp(`conversationID=C2Cstore_${storeId}`));
    await A.page.getByTestId('chat-list').waitFor();
    await sendText(A.page, '你好');
    await textRows(A.page, `${storeName}的小助手在此，下单立减5元！`).waitFor({ timeout: 15_000 });
    await textRows(A.page, '夜间客服休息中，早上9点回复您').waitFor({ timeout: 15_000 });
    await snap(A.page, 'chat-defects-07-shop-custom-greeting');
    // The store's texts back to the defaults: other e2e files greet buyers of the same store.
    await apiCall(
      A.page,
      'POST',
      'admin/store/chatReply',
      { storeId, welcomeText: SHOP_REPLY_DEFAULTS.welcome, awayText: SHOP_REPLY_DEFAULTS.away },
      admin,
    );
    for (const u of users) expect(u.errors).toEqual([]);
  });
});
