import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type Envelope } from './api.ts';
import { consoleDesk, launch, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
const SLOW = { timeout: 20_000 };
const TITLE = `控制台上新卫衣${Date.now().toString(36)}`;
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let buyer: AppUser;
let productId = 0;
const errors: string[] = [];

/** A square photo of one colour (the upload API sniffs real PNG bytes). */
const photo = (name: string, colour: string) =>
  sharp({ create: { width: 480, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

beforeAll(async () => {
  browser = await launch();
  ({ desk, page } = await consoleDesk(browser, baseURL, errors));
});

afterAll(async () => {
  await buyer?.context.close();
  await desk?.close();
  await browser?.close();
});

/** The dropdown antd opens for a select (the visible one). */
const dropdown = () => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/** Issue 26, 商品: the operator lists a product with two SKUs and photos; shoppers see it. */
describe('console catalogue', () => {
  it('the operator opens 商品 › 新建商品', async () => {
    await page.goto('/console/');
    await page.getByLabel('手机号').fill('13800000000');
    await page.getByLabel('密码').fill('Admin@123456');
    await page.getByRole('button', { name: '登录' }).click();
    await page
      .locator('.ant-layout-sider .ant-menu')
      .getByText('商品', { exact: true })
      .first()
      .waitFor(SLOW);
    await page.goto('/console/#/product');
    await page.locator('.ant-table-row').first().waitFor(SLOW);
    await snap(page, 'console-products');
    await page.getByRole('button', { name: '新建商品' }).click();
    await page.waitForURL(/#\/product\/create/, SLOW);
    await page.getByTestId('gallery-upload').waitFor(SLOW);
  });

  it('fills the form: store, category, title, two photos, 颜色 × 2 SKUs, a rich description', async () => {
    const form = page.locator('form');
    await form.getByLabel('店铺').click();
    await dropdown().locator('.ant-select-item-option').first().click();
    await form.getByLabel('分类').click();
    // A second-level category (the tree opens expanded): the first leaf under the first parent.
    await dropdown().locator('.ant-select-tree-treenode-leaf').first().click();
    await page.getByLabel('商品标题').fill(TITLE);

    const gallery = page.getByTestId('gallery-upload');
    await gallery
      .locator('input[type=file]')
      .setInputFiles([await photo('front.png', '#d33a2c'), await photo('back.png', '#2c6fd3')]);
    await expect.poll(() => gallery.getByTestId('gallery-item').count(), SLOW).toBe(2);
    await expect
      .poll(
        () => gallery.locator('[data-testid=gallery-item] .ant-upload-list-item-done').count(),
        SLOW,
      )
      .toBe(2);

    await page.getByRole('button', { name: /添加规格/ }).click();
    await page.getByLabel('规格名1').fill('颜色');
    const values = page.getByRole('combobox', { name: '规格值1' });
    await values.click();
    await values.pressSequentially('曜石黑');
    await values.press('Enter');
    await values.pressSequentially('珍珠白');
    await values.press('Enter');
    for (const [name, price, origin, stock] of [
      ['曜石黑', '99', '199', '10'],
      ['珍珠白', '89.5', '199', '6'],
    ] as const) {
      await page.getByLabel(`${name} 售价`).fill(price);
      await page.getByLabel(`${name} 原价`).fill(origin);
      await page.getByLabel(`${name} 库存`).fill(stock);
    }
    await page.getByLabel('珍珠白 包邮').click();

    const editor = page.locator('.ql-editor');
    await editor.waitFor(SLOW);
    await editor.click();
    await page.keyboard.type('精梳棉面料，亲肤透气。');
    await snap(page, 'console-product-form');
  });

  it('saves it and finds it in the list', async () => {
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('商品已创建').waitFor(SLOW);
    await page.waitForURL(/#\/product(\?|$)/, SLOW);
    await page.getByLabel('搜索商品').fill(TITLE);
    await page.getByLabel('搜索商品').press('Enter');
    const row = page.locator('.ant-table-row', { hasText: TITLE });
    await row.waitFor(SLOW);
    expect(await row.getByText('¥89.50 ~ ¥99.00').count()).toBe(1);
    expect(await row.getByText('在售').count()).toBe(1);
    productId = Number((await row.getByText(/^ID \d+$/).textContent())?.replace('ID ', ''));
    expect(productId).toBeGreaterThan(0);
    await snap(page, 'console-product-saved');
  });

  it('the audit log holds the creation with its SKUs', async () => {
    const token = await page.evaluate(() => localStorage.getItem('console.token'));
    const res = await page.request.get(
      `${API}/admin/audit/list?resource=product&resourceId=${productId}`,
      { headers: { TOKEN: token ?? '', device: '1' } },
    );
    const body = (await res.json()) as Envelope<{
      list: { action: string; after: { title: string; skus: Record<string, { name: string }> } }[];
    }>;
    expect(body.data.list.map((r) => r.action)).toEqual(['create']);
    const entry = body.data.list[0];
    expect(entry?.after.title).toBe(TITLE);
    expect(Object.values(entry?.after.skus ?? {}).map((s) => s.name)).toEqual(['曜石黑', '珍珠白']);
  });

  it('a shopper sees it in the app: photos, price, both SKUs and the description', async () => {
    buyer = await appUser(browser, baseURL);
    const shop = buyer.page;
    await shop.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await shop.getByText(TITLE).first().waitFor(SLOW);
    expect(await shop.locator('.pd-gallery__index').textContent()).toBe('1/2');
    await expect
      .poll(() => shop.getByTestId('product-detail-rich').textContent(), SLOW)
      .toContain('精梳棉面料，亲肤透气。');
    expect(await shop.getByText('共2种可选').count()).toBe(1);
    await shop.getByText('共2种可选').click();
    await shop.getByText('珍珠白').first().waitFor(SLOW);
    expect(await shop.getByText('曜石黑').count()).toBeGreaterThan(0);
    await snap(shop, 'app-console-product');
    expect(buyer.errors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
