import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type Envelope } from './api.ts';
import { consoleDesk, launch, randomPhone, snap } from './browser.ts';
import { type AppUser, appUser, callAs } from './users.ts';

const baseURL = inject('baseURL');
const SLOW = { timeout: 15_000 };
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let buyer: AppUser;
const errors: string[] = [];
const stamp = Date.now().toString(36);

beforeAll(async () => {
  browser = await launch();
  buyer = await appUser(browser, baseURL);
  ({ desk, page } = await consoleDesk(browser, baseURL, errors));
});

afterAll(async () => {
  await buyer?.context.close();
  await desk?.close();
  await browser?.close();
});

/** A menu entry of the console's sider. */
const openMenu = async (section: string, item: string) => {
  const menu = page.locator('.ant-layout-sider .ant-menu');
  const entry = menu.getByText(item, { exact: true });
  if (!(await entry.isVisible())) await menu.getByText(section, { exact: true }).click();
  await entry.click();
};

/** Issue 26: the console's 内容 and 系统 pages, driven by the operator at 1440×900. */
describe('console content and staff', () => {
  const title = `系统维护通知 ${stamp}`;

  it('logs the operator in', async () => {
    await page.goto('/console/');
    await page.getByLabel('手机号').fill('13800000000', SLOW);
    await page.getByLabel('密码').fill('Admin@123456');
    await page.getByRole('button', { name: '登录' }).click();
    await page.locator('.ant-layout-sider .ant-menu').getByText('内容').waitFor(SLOW);
  });

  it('publishes a notice that the shopper reads in 消息', async () => {
    await openMenu('内容', '公告');
    await page.waitForURL(/#\/notice/, SLOW);
    await page.getByRole('button', { name: '发布公告' }).click();
    const dialog = page.locator('.ant-modal');
    // The form checks as the API does: an in-app link starts with /.
    await dialog.getByLabel('站内链接').fill('https://example.com');
    await dialog.getByRole('button', { name: '立即发布' }).click();
    await dialog.getByText('请填写标题').waitFor(SLOW);
    await dialog.getByText('站内链接须以 / 开头，且不含空格').waitFor();
    await dialog.getByLabel('标题').fill(title);
    await dialog.getByLabel('内容').fill('今晚 23:00 至 24:00 系统维护，期间暂停下单。');
    await dialog.getByLabel('站内链接').fill('/pages/homeSeckill/homeSeckill');
    await snap(page, 'console-content-notice-form');
    await dialog.getByRole('button', { name: '立即发布' }).click();
    await page.getByText('公告已发布').waitFor(SLOW);
    const row = page.locator('tr', { hasText: title });
    await row.getByText('已发布').waitFor(SLOW);
    await snap(page, 'console-content-notices');

    const call = callAs(() => buyer);
    const system = await call<{ list: { title: string }[] }>(
      'GET',
      'message/listByType?type=system&pageNum=1&pageSize=10',
    );
    expect(system.list.map((m) => m.title)).toContain(title);
    await buyer.page.goto('/#/pages/infoSystemMessages/infoSystemMessages');
    await buyer.page.getByText(title).first().waitFor(SLOW);
  });

  it('answers a shopper feedback, and the shopper sees the reply', async () => {
    const call = callAs(() => buyer);
    const types = await call<{ items: { value: string }[] }>(
      'GET',
      'common/dictionary?code=feedback_type',
    );
    const content = `订单页加载有点慢 ${stamp}`;
    await call('POST', 'common/feedback', {
      type: types.items[0]?.value ?? 'suggestion',
      content,
      images: '[]',
    });

    await openMenu('内容', '意见反馈');
    await page.waitForURL(/#\/feedback/, SLOW);
    const row = page.locator('tr', { hasText: content });
    await row.waitFor(SLOW);
    await row.getByRole('button', { name: '处理' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByText('已解决').click();
    await dialog.getByRole('button', { name: '提交' }).click();
    // A reply is required to resolve.
    await dialog.getByText('标记为已解决时请填写回复').waitFor(SLOW);
    await dialog.getByLabel('回复用户').fill('已优化订单页加载速度，感谢反馈');
    await dialog.getByRole('button', { name: '提交' }).click();
    await page.getByText('反馈已处理').waitFor(SLOW);
    await expect
      .poll(async () => (await row.locator('.ant-tag').allTextContents()).join(' '), SLOW)
      .toContain('已解决');

    const mine = await call<{ list: { content: string; status: string; reply: string | null }[] }>(
      'GET',
      'common/feedback/list',
    );
    expect(mine.list.find((f) => f.content === content)).toMatchObject({
      status: 'resolved',
      reply: '已优化订单页加载速度，感谢反馈',
    });
  });

  it('adds a 店员 to a store and finds the change in 操作日志', async () => {
    // A registered account to make a 店员 of, and a seeded store.
    const phone = randomPhone();
    const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone } });
    const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    await page.request.post(`${API}/user/mobileLogin`, { form: { phone, code } });
    const feed = await page.request.get(`${API}/goods/list?pageNum=1&pageSize=1`);
    const productId = ((await feed.json()) as Envelope<{ list: { id: number }[] }>).data.list[0]
      ?.id;
    const detail = await page.request.get(`${API}/goods/detail?id=${productId}`);
    const store = ((await detail.json()) as Envelope<{ store: { id: number; name: string } }>).data
      .store;

    await openMenu('系统', '员工与角色');
    await page.waitForURL(/#\/staff/, SLOW);
    await page.getByRole('button', { name: '添加员工' }).click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel('手机号').fill('12345');
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('请输入正确的手机号').waitFor(SLOW);
    await dialog.getByLabel('手机号').fill(phone);
    await dialog.getByText('店员', { exact: true }).click();
    await dialog.getByLabel('店铺ID').fill(String(store.id));
    await dialog.getByText(`店铺：${store.name}`).waitFor(SLOW);
    // The 店员's permissions start from the role's defaults.
    expect(await dialog.getByRole('checkbox', { name: '查看订单' }).isChecked()).toBe(true);
    await dialog.getByRole('checkbox', { name: '查看商品' }).check();
    await snap(page, 'console-content-staff-form');
    await dialog.getByRole('button', { name: '保存' }).click();
    await page.getByText('员工已添加').waitFor(SLOW);
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const row = page.locator('tr', { hasText: masked });
    await row.waitFor(SLOW);
    expect(await row.getByText('店员').count()).toBe(1);

    await openMenu('系统', '操作日志');
    await page.waitForURL(/#\/audit/, SLOW);
    await page.locator('form').getByLabel('对象', { exact: true }).click();
    await page.locator('.ant-select-dropdown').getByText('员工', { exact: true }).click();
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL(/resource/, SLOW);
    const first = page.locator('tr.ant-table-row').first();
    await expect.poll(async () => first.textContent(), SLOW).toMatch(/员工.*新建/);
    expect(await first.textContent()).toContain(`${store.id}`);
    await first.locator('.ant-table-row-expand-icon').click();
    const diff = page.locator('.ant-table-expanded-row').first();
    await diff.getByText('角色').waitFor(SLOW);
    expect(await diff.locator('tr', { hasText: '角色' }).textContent()).toContain('店员');
    expect(await diff.locator('tr', { hasText: '权限' }).textContent()).toContain('查看商品');
    await snap(page, 'console-content-audit');
  });

  it('previews a rule page and checks 联系我们 rows as the API does (nothing saved)', async () => {
    await openMenu('内容', '规则页');
    const row = page.locator('tr', { hasText: 'shopping' });
    await row.getByRole('button', { name: '编辑' }).click();
    const drawer = page.locator('.ant-drawer');
    const preview = drawer.getByTestId('rule-preview');
    await preview.getByText('购物规则').waitFor(SLOW);
    await drawer.getByRole('button', { name: '添加段落' }).click();
    await drawer.locator('textarea').last().fill('九、测试小标题');
    // A 一、…九、 paragraph is previewed as a heading.
    await preview.locator('h5', { hasText: '九、测试小标题' }).waitFor(SLOW);
    await snap(page, 'console-content-rule');
    await drawer.getByRole('button', { name: '取消' }).click();

    await openMenu('内容', '联系我们');
    await page.waitForURL(/#\/dictionary/, SLOW);
    const first = page.getByLabel('第1行内容');
    await expect.poll(() => first.inputValue(), SLOW).not.toBe('');
    await page.getByRole('button', { name: '添加一行' }).click();
    const rows = await page.locator('input[aria-label$="行名称"]').count();
    await page.getByLabel(`第${rows}行名称`).fill('客服微信');
    await page.getByLabel(`第${rows}行内容`).fill(await first.inputValue());
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('内容不能与其他行重复').first().waitFor(SLOW);
    await snap(page, 'console-content-contact');
    expect(errors).toEqual([]);
  });
});
