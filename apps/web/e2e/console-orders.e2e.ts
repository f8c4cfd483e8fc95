import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, addAddress, type Envelope, operatorJson, operatorToken } from './api.ts';
import { consoleDesk, launch, randomPhone, snap } from './browser.ts';
import { type AppUser, appUser, callAs } from './users.ts';

const baseURL = inject('baseURL');
const SLOW = { timeout: 20_000 };
const PAY_PASSWORD = '258369';
const SHOP_PASSWORD = 'Shop@2026x';
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PRICE = 990;

let browser: Browser;
let desk: BrowserContext;
let page: Page;
let buyer: AppUser;
let operator = '';
let merchantPhone = '';
let merchantToken = '';
let storeA = 0;
let storeB = 0;
/** Store A's paid orders: the 48 the CSV ships, and one the buyer asks a refund for. */
const toShip: string[] = [];
let refundOrder = '';
let foreignOrder = '';
const errors: string[] = [];

const call = callAs(() => buyer);
const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

async function asMerchant<T>(path: string): Promise<T> {
  const res = await page.request.get(`${API}/${path}`, {
    headers: { TOKEN: merchantToken, device: '1' },
  });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(1);
  return body.data;
}

/** The SKUs made for the test and their products. */
const skuProducts = new Map<number, number>();

/** One paid order of the SKU: submitted and paid from the buyer's balance. */
async function paidOrder(skuId: number, addressId: number, tag: string): Promise<string> {
  const placed = await call<{ payNo: string; orderNos: string[] }>('POST', 'order/newAdd', {
    clientKey: `e2e_ship_${tag}_${Date.now()}`,
    addressId,
    items: JSON.stringify([{ skuId, quantity: 1 }]),
  });
  await call('POST', 'order/newBalancePay', { orderNo: placed.payNo, payPassword: PAY_PASSWORD });
  return placed.orderNos[0] ?? '';
}

beforeAll(async () => {
  browser = await launch();
  buyer = await appUser(browser, baseURL);
  ({ desk, page } = await consoleDesk(browser, baseURL, errors, { acceptDownloads: true }));
  operator = await operatorToken(page);
});

afterAll(async () => {
  await buyer?.context.close();
  await desk?.close();
  await browser?.close();
});

/** A menu entry of the console's sider. */
const openMenu = async (section: string, item: string) => {
  const menu = page.locator('.ant-layout-sider .ant-menu');
  // 订单 names both the section and its first page: the page is the link.
  const entry = menu.getByRole('link', { name: item, exact: true });
  if (!(await entry.isVisible())) await menu.getByText(section, { exact: true }).click();
  await entry.click();
};

/** Issue 26: a 商家 ships 50 orders from a CSV with two bad rows, then decides a refund. */
describe('console orders as a merchant', () => {
  it('has a store with 49 paid orders, another store with one, and its 商家', async () => {
    const tree = await call<{ id: number; children: { id: number }[] }[]>(
      'GET',
      'home/classification',
    );
    const categoryId = tree[0]?.children[0]?.id ?? tree[0]?.id ?? 0;
    const feed = await call<{ list: { id: number; image: string }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=20',
    );
    const picture = feed.list[0]?.image ?? '';
    const stores = new Set<number>();
    for (const p of feed.list) {
      const d = await call<{ store: { id: number } }>('GET', `goods/detail?id=${p.id}`);
      stores.add(d.store.id);
      if (stores.size === 2) break;
    }
    [storeA = 0, storeB = 0] = [...stores];
    expect(storeA && storeB).toBeTruthy();
    // Products of both stores (made through the operator's API, on shelf).
    for (const storeId of [storeA, storeB]) {
      const saved = await operatorJson<{ id: number; skuIds: number[] }>(
        page,
        operator,
        'admin/product/save',
        {
          storeId,
          categoryId,
          title: `批量发货测试商品 ${storeId}`,
          mainImage: picture,
          originPrice: PRICE * 2,
          skus: [
            {
              name: '默认',
              price: PRICE,
              originPrice: PRICE * 2,
              stock: 200,
              image: picture,
            },
          ],
        },
      );
      await operatorJson(page, operator, 'admin/product/shelf', { id: saved.id, on: true });
      skuProducts.set(saved.skuIds[0] ?? 0, saved.id);
    }
    const [skuA, skuB] = [...skuProducts.keys()];

    await call('POST', 'account/setPayPassword', { password: PAY_PASSWORD });
    const recharge = await call<{ paymentNo: string }>('POST', 'account/recharge', {
      amount: 200_000,
    });
    await page.request.post('/sandbox/cashier', {
      form: { paymentNo: recharge.paymentNo, action: 'pay' },
    });
    await expect
      .poll(
        async () => (await call<{ balance: number }>('GET', 'account/queryBalance')).balance,
        SLOW,
      )
      .toBe(200_000);
    const address = await addAddress(call, '王小二');
    for (let i = 0; i < 48; i++) toShip.push(await paidOrder(skuA ?? 0, address.id, `a${i}`));
    refundOrder = await paidOrder(skuA ?? 0, address.id, 'refund');
    foreignOrder = await paidOrder(skuB ?? 0, address.id, 'b');

    // The 商家: a registered phone with a password, made store A's owner by the operator.
    merchantPhone = randomPhone();
    const sent = await page.request.post(`${API}/user/sms/send`, {
      form: { phone: merchantPhone },
    });
    const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    const login = await page.request.post(`${API}/user/mobileLogin`, {
      form: { phone: merchantPhone, code },
    });
    merchantToken = ((await login.json()) as Envelope<{ token: string }>).data.token;
    const pwd = await page.request.post(`${API}/user/modifyPassword`, {
      headers: { TOKEN: merchantToken, device: '1' },
      form: { password: SHOP_PASSWORD },
    });
    expect(((await pwd.json()) as Envelope<null>).code).toBe(1);
    await operatorJson(page, operator, 'admin/staff/save', {
      phone: merchantPhone,
      role: 'owner',
      storeId: storeA,
    });
  }, 240_000);

  it('logs the 商家 in and lists the store’s orders', async () => {
    await page.goto('/console/');
    await page.getByLabel('手机号').fill(merchantPhone, SLOW);
    await page.getByLabel('密码').fill(SHOP_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await page.locator('.ant-layout-sider .ant-menu').getByText('订单').first().waitFor(SLOW);
    await openMenu('订单', '订单');
    await page.waitForURL(/#\/order/, SLOW);
    await page.locator('tr', { hasText: refundOrder }).waitFor(SLOW);
    // Store B's order is not there, even searched for.
    await page.getByPlaceholder('订单号、手机号、收货人或商品').fill(foreignOrder);
    await page.getByPlaceholder('订单号、手机号、收货人或商品').press('Enter');
    await page.locator('.ant-empty').first().waitFor(SLOW);
    await page.getByPlaceholder('订单号、手机号、收货人或商品').fill('');
    await page.getByPlaceholder('订单号、手机号、收货人或商品').press('Enter');
    await page.locator('tr', { hasText: refundOrder }).waitFor(SLOW);
    await snap(page, 'console-orders-list');
  });

  it('ships 48 orders from a CSV of 50 and reports the 2 bad rows by line', async () => {
    const rows = toShip.map(
      (no, i) => `${no},${['顺丰', 'ZTO', '圆通速递'][i % 3]},SF${String(i).padStart(10, '0')}`,
    );
    rows.splice(10, 0, 'NOPE2099010100000001,顺丰,SF9999999901');
    rows.splice(30, 0, `${foreignOrder},中通,ZT9999999902`);
    const csv = `订单号,快递公司,快递单号\n${rows.join('\n')}\n`;

    await page.getByRole('button', { name: '批量发货' }).click();
    const dialog = page.locator('.ant-modal', { hasText: '批量发货' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '发货.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${csv}`),
    });
    await dialog.getByText('发货成功 48 单，失败 2 行').waitFor({ timeout: 90_000 });
    const failed = dialog.locator('.ant-table-tbody tr');
    await expect.poll(() => failed.count()).toBe(2);
    expect(await failed.nth(0).innerText()).toMatch(/12\s+NOPE2099010100000001\s+订单不存在/);
    expect(await failed.nth(1).innerText()).toContain('32');
    expect(await failed.nth(1).innerText()).toContain(foreignOrder);
    await snap(page, 'console-orders-ship-import');
    await dialog.getByRole('button', { name: '完成' }).click();

    // Each of the 48 is on its way (the store's other orders, from other e2e files, are not ours).
    for (const orderNo of toShip) {
      const found = await asMerchant<{ total: number }>(
        `admin/order/list?status=unreceived&orderNo=${orderNo}`,
      );
      expect(found.total, orderNo).toBe(1);
    }
    // Nothing of the bad rows was applied: store B's order still waits to be shipped (had the
    // import shipped it, another tracking number would be refused as ORDER_ALREADY_SHIPPED).
    const theirs = await operatorJson<unknown>(page, operator, 'admin/order/ship', {
      orderNo: foreignOrder,
      carrier: 'SF',
      trackingNo: 'SF1111111111',
    });
    expect(theirs).toBeNull();
    // Every shipment is in the audit log, as this 商家's.
    const audit = await asMerchant<{ total: number }>('admin/audit/list?resource=order&pageSize=1');
    expect(audit.total).toBeGreaterThanOrEqual(48);
  }, 180_000);

  it('opens an order, and exports the store’s list as CSV', async () => {
    await page
      .locator('tr', { hasText: toShip[47] ?? '' })
      .getByRole('button', { name: '详情' })
      .click();
    await page.waitForURL(/#\/order\/show\//, SLOW);
    await page.getByText('账务流水').waitFor(SLOW);
    // Row 48 of the CSV named 圆通速递 (every third row).
    await page.getByText('圆通速递').first().waitFor(SLOW);
    await snap(page, 'console-orders-detail');
    await page.getByRole('button', { name: '返回列表' }).click();
    await page.waitForURL(/#\/order(\?|$)/, SLOW);
    const download = page.waitForEvent('download', SLOW);
    await page.getByRole('button', { name: '导出' }).click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF订单号,店铺')).toBe(true);
    const lines = text.trim().split('\n').slice(1);
    expect(lines.some((l) => l.startsWith(refundOrder))).toBe(true);
    expect(lines.some((l) => l.startsWith(foreignOrder))).toBe(false);
  });

  it('approves a refund in 售后, and the buyer sees the money back', async () => {
    const up = await buyer.page.request.post(`${API}/common/multipleUploadLocal`, {
      headers: { TOKEN: buyer.token, device: '1' },
      multipart: {
        files: { name: 'proof.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') },
      },
    });
    const image = ((await up.json()) as Envelope<string>).data;
    const skuId = [...skuProducts.keys()][0] ?? 0;
    const quote = await call<{ maxAmount: number }>(
      'GET',
      `order/queryRefundMoney?orderNo=${refundOrder}&skuId=${skuId}`,
    );
    await call('POST', 'order/refundApply', {
      orderNo: refundOrder,
      skuId,
      type: 'refund',
      reason: '拍错了/多拍了',
      description: '颜色拍错了',
      images: JSON.stringify([image]),
      amount: quote.maxAmount,
    });
    const before = (await call<{ balance: number }>('GET', 'account/queryBalance')).balance;

    await openMenu('订单', '售后');
    await page.waitForURL(/#\/refund/, SLOW);
    const row = page.locator('tr', { hasText: refundOrder });
    await row.getByText('拍错了/多拍了').waitFor(SLOW);
    await row.getByText('颜色拍错了').waitFor();
    expect(await row.locator('img').count()).toBeGreaterThanOrEqual(2);
    await snap(page, 'console-orders-aftersale');
    await row.getByRole('button', { name: '同意' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '同意' }).click();
    await page.getByText('已同意售后申请').waitFor(SLOW);
    await row.getByText('退款成功').waitFor(SLOW);
    const audit = await asMerchant<{ list: { action: string }[] }>(
      'admin/audit/list?resource=refund&pageSize=5',
    );
    expect(audit.list.map((a) => a.action)).toContain('approve');

    await buyer.page.goto('/#/pages/user/user');
    await buyer.page.locator('.adm-list-item').filter({ hasText: '我的资产' }).click();
    await buyer.page.waitForURL(/#\/pages\/userMyAssets\/myAssets/);
    await expect
      .poll(() => buyer.page.getByTestId('balance').textContent(), SLOW)
      .toBe(yuan(before + quote.maxAmount));
    await snap(buyer.page, 'console-orders-refund-balance');
    expect(errors).toEqual([]);
    expect(buyer.errors).toEqual([]);
  });
});
