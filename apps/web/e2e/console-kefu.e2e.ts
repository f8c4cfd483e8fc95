import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type Envelope } from './api.ts';
import { consoleDesk, launch, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

// Issue 26, the 客服 desk: a buyer asks the store in the shopper app (store page → 客服), the
// store's 客服 answers in the console (1440×900) as the store's chat account, the buyer sees it.
const baseURL = inject('baseURL');
const SLOW = { timeout: 20_000 };
const QUESTION = `你好，今天下单能发货吗 ${Date.now().toString(36)}`;
const ANSWER = '您好，下午4点前付款当天发货哦';
let browser: Browser;
let desk: BrowserContext;
let agent: Page;
let buyer: AppUser;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launch();
  buyer = await appUser(browser, baseURL);
  ({ desk, page: agent } = await consoleDesk(browser, baseURL, errors));
});

afterAll(async () => {
  await buyer?.context.close();
  await desk?.close();
  await browser?.close();
});

const queueRow = () => agent.locator(`[data-testid="kefu-queue-row"][data-buyer="${buyer.id}"]`);
const mineRow = () => agent.locator(`[data-testid="kefu-mine-row"][data-buyer="${buyer.id}"]`);
const buyerRows = (text: string) => buyer.page.getByTestId('chat-row').filter({ hasText: text });

describe('客服 desk', () => {
  it('the seeded 客服 of the first store signs in and opens the desk: on duty as the store', async () => {
    await agent.goto('/console/');
    await agent.getByLabel('手机号').fill('13800000002', SLOW);
    await agent.getByLabel('密码').fill('Kefu@123456');
    await agent.getByRole('button', { name: '登录' }).click();
    const menu = agent.locator('.ant-layout-sider .ant-menu');
    await menu.getByText('客服工作台').click(SLOW);
    await agent.waitForURL(/#\/kefu/, SLOW);
    await agent.getByTestId('kefu-net').filter({ hasText: '在线接待中' }).waitFor(SLOW);
  });

  it('a buyer asks from the store page; the desk lists them as waiting and takes them', async () => {
    await buyer.page.goto('/#/pages/shopDetailsStore/shopDetailsStore?id=1');
    await buyer.page.getByTestId('service-button').click(SLOW);
    await buyer.page.waitForURL(/C2Cstore_1/, SLOW);
    await buyer.page.getByTestId('chat-text').fill(QUESTION);
    await buyer.page.getByTestId('chat-send').click();
    await expect
      .poll(() => buyerRows(QUESTION).first().getAttribute('data-status'), SLOW)
      .toBe('success');
    // Greeted by the store; no away text, since an agent is on duty.
    await buyerRows('欢迎光临').first().waitFor(SLOW);

    await queueRow().waitFor(SLOW);
    await expect.poll(() => queueRow().textContent()).toContain(QUESTION.slice(0, 10));
    await expect
      .poll(() => queueRow().getByTestId('kefu-waited').textContent())
      .toMatch(/等待 \d+秒/);
    await snap(agent, 'console-kefu-01-queue');
    await queueRow().getByRole('button', { name: '接入' }).click();
    await mineRow().waitFor(SLOW);
    await expect.poll(() => queueRow().count()).toBe(0);
    await agent
      .getByTestId('kefu-messages')
      .getByTestId('kefu-message')
      .filter({ hasText: QUESTION })
      .waitFor(SLOW);
    // The buyer beside the chat.
    await agent.getByTestId('kefu-buyer').getByText('在本店的最近订单').waitFor(SLOW);
  });

  it('the agent answers in the desk and the buyer sees it in the app', async () => {
    await agent.getByTestId('kefu-input').fill(ANSWER);
    await agent.getByTestId('kefu-send').click();
    await agent.getByTestId('kefu-messages').getByText(ANSWER).waitFor(SLOW);
    await buyerRows(ANSWER).first().waitFor(SLOW);
    // Open in front of the agent: read, so no unread badge on it.
    await expect.poll(() => mineRow().locator('.ant-badge-count').count(), SLOW).toBe(0);
    await snap(agent, 'console-kefu-02-answered');
    await snap(buyer.page, 'console-kefu-03-buyer-sees-answer');
    const said = await buyer.page.getByTestId('chat-row').allTextContents();
    expect(said.some((t) => t.includes('客服暂时不在线'))).toBe(false);
  });

  it('closing the conversation is audited; the buyer writing again puts them back in the queue', async () => {
    await agent.getByTestId('kefu-close').click();
    await agent.getByRole('button', { name: '结束', exact: true }).click();
    await expect.poll(() => mineRow().count(), SLOW).toBe(0);
    await buyer.page.getByTestId('chat-text').fill('还有个问题');
    await buyer.page.getByTestId('chat-send').click();
    await queueRow().waitFor(SLOW);

    const login = await agent.request.post(`${API}/user/login`, {
      form: { phone: '13800000000', password: 'Admin@123456' },
    });
    const token = ((await login.json()) as Envelope<{ token: string }>).data.token;
    const audit = await agent.request.get(
      `${API}/admin/audit/list?resource=chatConversation&pageSize=100`,
      { headers: { TOKEN: token } },
    );
    const rows = (
      (await audit.json()) as Envelope<{ list: Array<{ action: string; after: unknown }> }>
    ).data.list;
    const mine = rows.filter((r) => JSON.stringify(r.after).includes(buyer.id));
    expect(mine.map((r) => r.action).sort()).toEqual(['claim', 'close']);
    expect(errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });
});
