import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, type BuyerCall, operatorToken, placeOrder, readyToPay } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser } from './users.ts';

// Zones on their own server: a received order's after-sales window closes after 2 s and the
// new-user refund sweep runs every 0.5 s, so the full refund is paid within seconds.
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let A: AppUser;
let adminToken = '';

const PAY_PASSWORD = '258369';
const SLOW = { timeout: 15_000 };
const SETTLING = { timeout: 20_000, interval: 300 };
const asA: BuyerCall = (method, path, form) => apiCall(A.page, method, path, form, A.token);
const asAdmin = <T>(path: string, form: Record<string, string | number>) =>
  apiCall<T>(A.page, 'POST', path, form, adminToken);

interface ZoneItem {
  productId: number;
  skuId: number | null;
  price: number;
}

/** Home → the menu entry or activity card `name` → its page lists products. */
async function openFromHome(page: Page, name: string, url: RegExp, via: 'menu' | 'activity') {
  await page.goto('/#/');
  const nav = page.getByRole('navigation', { name: via === 'menu' ? '频道' : '活动' });
  await nav.getByRole('button', { name }).click(SLOW);
  await page.waitForURL(url, SLOW);
  await expect.poll(() => page.getByTestId('zone-item').count(), SLOW).toBeGreaterThan(0);
}

beforeAll(async () => {
  server = await startServer({ NEW_USER_REFUND_SETTLE_SECONDS: '2', ZONE_SWEEP_MS: '500' });
  browser = await launch();
  A = await appUser(browser, server.baseURL);
  adminToken = await operatorToken(A.page);
});

afterAll(async () => {
  await A?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('zones', () => {
  it('opens every zone page from home and lists its products', async () => {
    const { page } = A;
    const zones: [string, RegExp][] = [
      ['助农专区', /homeCpHelpFarmers/],
      ['新人全额返', /homeNewPeopleReturn/],
      ['9.9专区', /npnZone/],
      ['特产美食', /cpShopMallctivity/],
      ['国庆特惠', /homeNationalday\/homeNationalday/],
      ['潮品商城', /cpShopMall\/cpShopMall/],
    ];
    for (const [name, url] of zones) {
      await openFromHome(page, name, url, 'menu');
      await snap(page, `zones-${name}`);
    }
    // 今日特卖 (an activity card) opens the daily sale with its countdown.
    await openFromHome(page, '今日特卖', /homeDailySale/, 'activity');
    await expect
      .poll(() => page.getByTestId('zone-countdown').textContent())
      .toMatch(/\d\d:\d\d:\d\d/);
    await snap(page, 'zones-daily-sale');
    // 助农专区 → 助农好物 (homeSauceWine).
    await openFromHome(page, '助农专区', /homeCpHelpFarmers/, 'menu');
    await page.getByTestId('zone-sauce-wine-link').click();
    await page.waitForURL(/homeSauceWine/);
    await expect.poll(() => page.getByTestId('zone-item').count(), SLOW).toBeGreaterThan(0);
    // 潮品商城 → 全部分类 (cpShopMallSort) → one category (homeShopsort).
    await openFromHome(page, '潮品商城', /cpShopMall\/cpShopMall/, 'menu');
    await page.getByTestId('mall-all-categories').click();
    await page.waitForURL(/cpShopMallSort/);
    await page.locator('.zone-sort__item').first().click(SLOW);
    await page.waitForURL(/homeShopsort\?categoryId=\d+/);
    await expect.poll(() => page.getByTestId('zone-item').count(), SLOW).toBeGreaterThan(0);
    await snap(page, 'zones-shop-sort');
    // The share page for a bare visit.
    await page.goto('/#/pages/share/share');
    await expect.poll(() => page.getByTestId('share-page').getAttribute('data-kind')).toBe('none');
    expect(A.errors).toEqual([]);
  });

  it('adds a ¥9.90 item of the 9.9 zone to the cart at that price', async () => {
    const { page } = A;
    await openFromHome(page, '9.9专区', /npnZone/, 'menu');
    await page.getByTestId('zone-add-cart').first().click();
    await expect.poll(() => page.getByText('已加入购物车').count()).toBeGreaterThan(0);
    const cart = await asA<{ stores: { items: { price: number }[] }[] }>('GET', 'cart/list');
    const prices = cart.stores.flatMap((s) => s.items.map((i) => i.price));
    expect(prices).toContain(990);
    expect(A.errors).toEqual([]);
  });

  it('shows the new-user full refund: eligible, pending after the order, then paid as a red packet', async () => {
    const { page } = A;
    await openFromHome(page, '新人全额返', /homeNewPeopleReturn/, 'menu');
    const status = page.getByTestId('refund-status');
    await expect.poll(() => status.getAttribute('data-state')).toBe('eligible');
    // The promise names what comes back: the order's 实付, shipping included.
    expect(await status.textContent()).toContain('订单实付金额（含运费）全额返红包');
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'zones-refund-eligible');
    // Buy a zone product that charges shipping (no 包邮 promise, under the free-shipping
    // threshold), pay by balance; the operator ships; receive.
    const zone = await asA<{ list: ZoneItem[] }>('GET', 'zone/page?key=newPeopleReturn');
    let sku: { id: number; price: number } | undefined;
    for (const item of zone.list) {
      const detail = await asA<{
        title: string;
        subtitle: string;
        skus: { id: number; price: number; stock: number }[];
      }>('GET', `goods/detail?id=${item.productId}`);
      if (`${detail.title}${detail.subtitle}`.includes('包邮')) continue;
      sku = detail.skus.find((k) => k.stock > 0 && k.price < 9_900);
      if (sku) break;
    }
    if (!sku) throw new Error('no zone SKU that charges shipping');
    await readyToPay(asA, page, PAY_PASSWORD, 100_000);
    const placed = await placeOrder(asA, sku.id, 'refund');
    expect(placed.payAmount).toBe(sku.price + 800);
    const orderNo = placed.orderNos[0] as string;
    await asA('POST', 'order/newBalancePay', { orderNo: placed.payNo, payPassword: PAY_PASSWORD });
    await page.reload();
    await expect.poll(() => status.getAttribute('data-state'), SLOW).toBe('pending');
    await expect.poll(() => status.textContent()).toContain(orderNo);
    // 返款中 shows what was paid, shipping included (it showed the goods alone).
    const yuan = `¥${(placed.payAmount / 100).toFixed(2)}`;
    expect(await status.textContent()).toContain(`返款中：${yuan}`);
    expect(await overflowing(page)).toEqual([]);
    await asAdmin('admin/order/ship', { orderNo, carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    await asA('POST', 'order/newConfirm', { orderNo });
    // The 2 s window closes and the sweep pays it: the page says so, the red packet is there.
    await expect
      .poll(async () => {
        await page.reload();
        await status.waitFor(SLOW);
        return status.getAttribute('data-state');
      }, SETTLING)
      .toBe('paid');
    await snap(page, 'zones-refund-paid');
    const packets = await asA<{ list: { title: string; maxAmount: number }[] }>(
      'GET',
      'redPacket/list',
    );
    const refund = await asA<{ amount: number; orderNo: string }>('GET', 'zone/newUserRefund');
    expect(refund.orderNo).toBe(orderNo);
    // What the ledger moved back is exactly the order's paid total.
    expect(refund.amount).toBe(placed.payAmount);
    expect(packets.list.filter((p) => p.title === '新人全额返').map((p) => p.maxAmount)).toEqual([
      placed.payAmount,
    ]);
    expect(await status.textContent()).toContain(`已返红包 ${yuan}`);
    expect(A.errors).toEqual([]);
  });
});
