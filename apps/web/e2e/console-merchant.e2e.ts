import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type Envelope, placeOrder, readyToPay } from './api.ts';
import { consoleDesk, launch, randomPhone, snap } from './browser.ts';
import { type AppUser, appUser, callAs } from './users.ts';

const baseURL = inject('baseURL');
const SLOW = { timeout: 20_000 };
const TITLE = `商家上新帆布包${Date.now().toString(36)}`;
const TRACKING = `SF${String(Date.now()).slice(-10)}`;
/** A minimal MP4 (an ftyp box): the upload API sniffs the bytes, not the name. */
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mp42isom'),
  Buffer.alloc(2048),
]);

let browser: Browser;
let desk: BrowserContext;
let page: Page;
let buyer: AppUser;
let merchantToken = '';
let merchantId = 0;
let storeId = 0;
let productId = 0;
let orderNo = '';
/** The gallery's URLs after the drag: the back photo first. */
let photos: string[] = [];
const startedAt = new Date(Date.now() - 1000).toISOString();
const errors: string[] = [];
const call = callAs(() => buyer);

/** A square photo of one colour (the upload API sniffs real PNG bytes). */
const photo = (name: string, colour: string) =>
  sharp({ create: { width: 320, height: 320, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

async function asConsole<T>(token: string, path: string): Promise<Envelope<T>> {
  const res = await page.request.get(`${API}/${path}`, { headers: { TOKEN: token, device: '1' } });
  return (await res.json()) as Envelope<T>;
}

/**
 * Drags `from` onto `to` with real pointer moves (press, a few small steps to pass @dnd-kit's
 * activation distance, then the way over in steps, release), grabbing `grab` px inside each box.
 */
async function drag(p: Page, from: Locator, to: Locator, grab = { x: 12, y: 12 }) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('drag: an element has no box');
  await p.mouse.move(a.x + grab.x, a.y + grab.y);
  await p.mouse.down();
  await p.mouse.move(a.x + grab.x + 4, a.y + grab.y + 4, { steps: 4 });
  await p.mouse.move(b.x + grab.x, b.y + grab.y, { steps: 12 });
  await p.mouse.move(b.x + grab.x + 1, b.y + grab.y + 1, { steps: 2 });
  await p.mouse.up();
}

const dropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
const menu = () => page.locator('.ant-layout-sider .ant-menu');

beforeAll(async () => {
  browser = await launch();
  ({ desk, page } = await consoleDesk(browser, baseURL, errors));
});

afterAll(async () => {
  await buyer?.context.close();
  await desk?.close();
  await browser?.close();
});

/** Issue 26: the seeded 商家 runs their store in the console, from a new product to its shipment. */
describe('console as a 商家', () => {
  it('logs in; the menu holds only what a 商家 may do', async () => {
    await page.goto('/console/');
    await page.getByLabel('手机号').fill('13800000001', SLOW);
    await page.getByLabel('密码').fill('Shop@123456');
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL(/#\/dashboard/, SLOW);
    await menu().getByRole('link', { name: '订单', exact: true }).waitFor(SLOW);
    expect(await page.locator('header').getByText('商家').count()).toBeGreaterThan(0);
    for (const item of [
      '经营概览',
      '商品',
      '订单',
      '售后',
      '发票',
      '客服工作台',
      '员工与角色',
      '操作日志',
    ])
      expect([item, await menu().getByRole('link', { name: item, exact: true }).count()]).toEqual([
        item,
        1,
      ]);
    // The operator's pages are not in the menu, nor open by their address.
    for (const item of ['分类', '首页装修', '用户', '内容', '公告', '规则页', '举报'])
      expect([item, await menu().getByText(item, { exact: true }).count()]).toEqual([item, 0]);
    await page.goto('/console/#/user');
    await page.getByText('页面不存在').first().waitFor(SLOW);
    // 员工与角色 without the 平台运营 tab.
    await page.goto('/console/#/staff');
    await page.locator('.ant-table').first().waitFor(SLOW);
    expect(await page.getByRole('tab', { name: '平台运营' }).count()).toBe(0);
    merchantToken = (await page.evaluate(() => localStorage.getItem('console.token'))) ?? '';
    const me = await asConsole<{ userId: number; storeId: number; role: string }>(
      merchantToken,
      'admin/me',
    );
    expect(me.data.role).toBe('owner');
    ({ userId: merchantId, storeId } = me.data);
    await snap(page, 'console-merchant-menu');
  });

  it('creates a product: two photos dragged into order, a video, two SKUs', async () => {
    await page.goto('/console/#/product/create');
    const gallery = page.getByTestId('gallery-upload');
    await gallery.waitFor(SLOW);
    const form = page.locator('form');
    // The 商家's own store, fixed.
    await expect
      .poll(() => form.locator('.ant-select-disabled').first().innerText(), SLOW)
      .toContain(`#${storeId}`);
    await form.getByLabel('分类').click();
    await dropdown().locator('.ant-select-tree-treenode-leaf').first().click();
    await page.getByLabel('商品标题').fill(TITLE);

    await gallery
      .locator('input[type=file]')
      .setInputFiles([await photo('front.png', '#c0392b'), await photo('back.png', '#2471a3')]);
    const items = gallery.getByTestId('gallery-item');
    const urls = () => items.evaluateAll((els) => els.map((e) => e.getAttribute('data-url') ?? ''));
    // Both uploaded (and no upload still pending beside them).
    await expect.poll(async () => (await urls()).filter(Boolean).length, SLOW).toBe(2);
    await expect.poll(async () => (await urls()).length, SLOW).toBe(2);
    const before = await urls();
    await drag(page, items.nth(1), items.nth(0));
    await expect.poll(urls, SLOW).toEqual([before[1], before[0]]);
    photos = await urls();

    await page.getByTestId('video-upload').locator('input[type=file]').setInputFiles({
      name: 'bag.mp4',
      mimeType: 'video/mp4',
      buffer: MP4,
    });
    await page.getByTestId('video-upload').locator('video').waitFor(SLOW);

    await page.getByRole('button', { name: /添加规格/ }).click();
    await page.getByLabel('规格名1').fill('颜色');
    const values = page.getByRole('combobox', { name: '规格值1' });
    await values.click();
    for (const v of ['军绿', '米白']) {
      await values.pressSequentially(v);
      await values.press('Enter');
    }
    for (const [name, price, stock] of [
      ['军绿', '59', '20'],
      ['米白', '49.9', '12'],
    ] as const) {
      await page.getByLabel(`${name} 售价`).fill(price);
      await page.getByLabel(`${name} 原价`).fill('99');
      await page.getByLabel(`${name} 库存`).fill(stock);
    }
    await snap(page, 'console-merchant-product-form');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('商品已创建').waitFor(SLOW);
    await page.waitForURL(/#\/product(\?|$)/, SLOW);
    await page.getByLabel('搜索商品').fill(TITLE);
    await page.getByLabel('搜索商品').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: TITLE });
    await row.waitFor(SLOW);
    expect(await row.getByText('¥49.90 ~ ¥59.00').count()).toBe(1);
    productId = Number((await row.getByText(/^ID \d+$/).textContent())?.replace('ID ', ''));
    expect(productId).toBeGreaterThan(0);
    const saved = await asConsole<{ images: string[]; video: string | null; skus: unknown[] }>(
      merchantToken,
      `admin/product/detail?id=${productId}`,
    );
    expect(saved.data.images).toEqual(photos);
    expect(saved.data.video).toMatch(/^\/uploads\/video\//);
    expect(saved.data.skus).toHaveLength(2);
  });

  it('takes it off the shelf and puts it on again', async () => {
    const row = page.locator('.ant-table-row', { hasText: TITLE });
    await row.getByRole('button', { name: '下架' }).click();
    await row.getByText('已下架').waitFor(SLOW);
    await row.getByRole('button', { name: '上架' }).click();
    await row.getByText('在售').waitFor(SLOW);
  });

  it('a shopper sees it in the app (the dragged photo first, the video) and buys it', async () => {
    buyer = await appUser(browser, baseURL);
    const shop = buyer.page;
    await shop.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await shop.getByText(TITLE).first().waitFor(SLOW);
    expect(await shop.locator('.pd-gallery__index').textContent()).toBe('1/2');
    const first = await shop.getByAltText(`${TITLE} 图1`).getAttribute('src');
    expect(first).toContain(photos[0]?.split('/').pop());
    expect(await shop.locator('.pd-gallery__video').count()).toBe(1);
    await snap(shop, 'app-merchant-product');

    await readyToPay(call, shop, '258369', 50_000);
    const detail = await call<{ skus: { id: number; name: string }[] }>(
      'GET',
      `goods/detail?id=${productId}`,
    );
    const sku = detail.skus.find((s) => s.name.includes('米白'))?.id ?? 0;
    const placed = await placeOrder(call, sku, 'merchant');
    await call('POST', 'order/newBalancePay', { orderNo: placed.payNo, payPassword: '258369' });
    orderNo = placed.orderNos[0] ?? '';
    expect(orderNo).toBeTruthy();
  });

  it('the 商家 ships it from 订单', async () => {
    await menu().getByRole('link', { name: '订单', exact: true }).click();
    await page.waitForURL(/#\/order/, SLOW);
    const search = page.getByPlaceholder('订单号、手机号、收货人或商品');
    await search.fill(orderNo);
    await search.press('Enter');
    const row = page.locator('tr', { hasText: orderNo });
    await row.getByRole('button', { name: '发货' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '订单发货' });
    await dialog.getByLabel('快递公司').click();
    await page.keyboard.type('顺丰');
    await dropdown().locator('.ant-select-item-option').first().click();
    await dialog.getByLabel('快递单号').fill(TRACKING);
    await dialog.getByRole('button', { name: '确认发货' }).click();
    await page.getByText('已发货').first().waitFor(SLOW);
    await expect.poll(() => row.innerText(), SLOW).toContain('待收货');
  });

  it('cannot open another store’s order, by its address or its number', async () => {
    // The shopper's order with another store.
    const feed = await call<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=20');
    let foreignSku = 0;
    for (const p of feed.list) {
      const d = await call<{
        store: { id: number };
        skus: { id: number; stock: number; price: number }[];
      }>('GET', `goods/detail?id=${p.id}`);
      if (d.store.id !== storeId) {
        foreignSku = d.skus.find((s) => s.stock > 0 && s.price <= 20_000)?.id ?? 0;
        if (foreignSku) break;
      }
    }
    expect(foreignSku).toBeGreaterThan(0);
    const placed = await placeOrder(call, foreignSku, 'foreign');
    await call('POST', 'order/newBalancePay', { orderNo: placed.payNo, payPassword: '258369' });
    const foreignNo = placed.orderNos[0] ?? '';
    const login = await page.request.post(`${API}/user/login`, {
      form: { phone: '13800000000', password: 'Admin@123456' },
    });
    const operator = ((await login.json()) as Envelope<{ token: string }>).data.token;
    const found = await asConsole<{ list: { id: number; orderNo: string }[] }>(
      operator,
      `admin/order/list?q=${foreignNo}`,
    );
    const foreignId = found.data.list.find((o) => o.orderNo === foreignNo)?.id ?? 0;
    expect(foreignId).toBeGreaterThan(0);

    await page.goto(`/console/#/order/show/${foreignId}`);
    await page.getByText('订单不存在').waitFor(SLOW);
    expect(await page.getByText(foreignNo).count()).toBe(0);
    await snap(page, 'console-merchant-foreign-order');
    const direct = await asConsole(merchantToken, `admin/order/detail?id=${foreignId}`);
    expect(direct.code).not.toBe(1);
    const listed = await asConsole<{ total: number }>(
      merchantToken,
      `admin/order/list?q=${foreignNo}`,
    );
    expect(listed.data.total).toBe(0);
  });

  it('操作日志 lists every write the 商家 made here', async () => {
    await menu().getByRole('link', { name: '操作日志', exact: true }).click();
    await page.waitForURL(/#\/audit/, SLOW);
    await page.locator('tr', { hasText: orderNo }).first().waitFor(SLOW);
    // The product's rows, asked for by its id: 新建, 下架, 上架.
    await page.getByLabel('对象ID').fill(String(productId));
    await page.getByRole('button', { name: '查询' }).click();
    const rows = page.locator('.ant-table-row');
    await expect
      .poll(async () => (await rows.locator('.ant-tag-blue').allTextContents()).sort(), SLOW)
      .toEqual(['上架', '下架', '新建']);
    expect(await rows.filter({ hasText: `商品 #${productId}` }).count()).toBe(3);
    await snap(page, 'console-merchant-audit');
    const log = await asConsole<{
      list: {
        resource: string;
        resourceId: string;
        action: string;
        storeId: number;
        actorRole: string;
      }[];
    }>(merchantToken, `admin/audit/list?actorId=${merchantId}&from=${startedAt}&pageSize=50`);
    const writes = log.data.list.map((r) => `${r.resource}:${r.resourceId}:${r.action}`).sort();
    expect(writes).toEqual(
      [
        `order:${orderNo}:ship`,
        `product:${productId}:create`,
        `product:${productId}:shelf.off`,
        `product:${productId}:shelf.on`,
      ].sort(),
    );
    expect(log.data.list.every((r) => r.storeId === storeId && r.actorRole === 'owner')).toBe(true);
    expect(errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });
});

/** The operator: 首页装修 banners dragged into a new order (saved) and back; 平台运营 managed. */
describe('console as the operator', () => {
  let ops: BrowserContext;
  let p: Page;
  let token = '';
  beforeAll(async () => {
    ({ desk: ops, page: p } = await consoleDesk(browser, baseURL, errors));
    await p.goto('/console/');
    await p.getByLabel('手机号').fill('13800000000', SLOW);
    await p.getByLabel('密码').fill('Admin@123456');
    await p.getByRole('button', { name: '登录' }).click();
    await p.waitForURL(/#\/dashboard/, SLOW);
    token = (await p.evaluate(() => localStorage.getItem('console.token'))) ?? '';
  });
  afterAll(async () => {
    await ops?.close();
  });

  it('drags the second banner above the first in 首页装修, and back', async () => {
    const order = async () =>
      (await asConsole<{ list: { id: number }[] }>(token, 'admin/banner/list')).data.list.map(
        (b) => b.id,
      );
    const before = await order();
    expect(before.length).toBeGreaterThanOrEqual(2);

    await p.goto('/console/#/decor');
    const table = p.getByTestId('decor-banner');
    const handles = table.getByLabel('拖动排序');
    await handles.nth(1).waitFor(SLOW);
    const rowIds = () =>
      table
        .locator('tbody tr[data-row-key]')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-row-key'))));
    expect(await rowIds()).toEqual(before);
    await drag(p, handles.nth(1), handles.nth(0), { x: 6, y: 6 });
    const swapped = [before[1], before[0], ...before.slice(2)];
    await expect.poll(order, SLOW).toEqual(swapped);
    await expect.poll(rowIds, SLOW).toEqual(swapped);
    await snap(p, 'console-decor-dragged');
    const audit = await asConsole<{ list: { action: string }[] }>(
      token,
      `admin/audit/list?resource=banner&from=${startedAt}`,
    );
    expect(audit.data.list.map((r) => r.action)).toContain('sort');

    // Back as it was (the other tests share these banners).
    await drag(p, handles.nth(1), handles.nth(0), { x: 6, y: 6 });
    await expect.poll(order, SLOW).toEqual(before);
  });

  it('makes a registered user a 平台运营 in 员工与角色 and removes them', async () => {
    const phone = randomPhone();
    const sent = await p.request.post(`${API}/user/sms/send`, { form: { phone } });
    const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    await p.request.post(`${API}/user/mobileLogin`, { form: { phone, code } });

    await p.goto('/console/#/staff');
    await p.getByRole('tab', { name: '平台运营' }).click();
    const panel = p.locator('.ant-tabs-tabpane-active');
    await panel.locator('.ant-table-row').first().waitFor(SLOW);
    // The seeded operator's own row: no 移除.
    const own = panel.locator('.ant-table-row', { hasText: '我' });
    expect(await own.getByRole('button', { name: '移除' }).count()).toBe(0);

    const add = async (number: string) => {
      await panel.getByRole('button', { name: '添加平台运营' }).click();
      const dialog = p.locator('.ant-modal', { hasText: '添加平台运营' });
      await dialog.getByLabel('手机号').fill(number);
      await dialog.getByRole('button', { name: '添加' }).click();
      return dialog;
    };
    // A store's 商家 is refused, with the reason under the field.
    const refused = await add('13800000001');
    await refused.getByText('该用户是店铺员工，请先移除其店铺身份').waitFor(SLOW);
    await refused.getByRole('button', { name: /取\s*消/ }).click();

    await add(phone);
    await p.getByText('已添加平台运营').waitFor(SLOW);
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const row = panel.locator('.ant-table-row', { hasText: masked });
    await row.waitFor(SLOW);
    await snap(p, 'console-operators');
    await row.getByRole('button', { name: '移除' }).click();
    await p.locator('.ant-popconfirm').getByRole('button', { name: '移除' }).click();
    await p.getByText('已移除平台运营').waitFor(SLOW);
    await expect.poll(() => row.count(), SLOW).toBe(0);

    const audit = await asConsole<{ list: { action: string; storeId: number | null }[] }>(
      token,
      `admin/audit/list?resource=operator&from=${startedAt}`,
    );
    expect(audit.data.list.map((r) => r.action).sort()).toEqual(['create', 'delete']);
    expect(errors).toEqual([]);
  });
});
