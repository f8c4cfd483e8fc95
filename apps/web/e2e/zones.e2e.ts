import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  apiCall,
  type BuyerCall,
  type Envelope,
  operatorToken,
  placeOrder,
  readyToPay,
} from './api.ts';
import { launch, overflowing, randomPhone, snap } from './browser.ts';
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

  it('好友助力 and the share page show the friend who helped, the reward and the share card', async () => {
    const { page } = A;
    const invite = await asA<{ inviteCode: string; link: string }>('GET', 'promotion/invite');
    // A friend registers through A's invitation: that is their help.
    const phone = randomPhone();
    const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone } });
    const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    const login = await page.request.post(`${API}/user/mobileLogin`, {
      form: { phone, code, inviteCode: invite.inviteCode },
    });
    const friend = ((await login.json()) as Envelope<{ token: string }>).data.token;
    const me = await page.request.get(`${API}/user/queryUser`, {
      headers: { TOKEN: friend, device: '1' },
    });
    const nick = ((await me.json()) as Envelope<{ nickname: string }>).data.nickname;

    await page.goto('/#/pages/userHelpRed/userHelpRed');
    const helper = page.getByTestId('helper').filter({ hasText: nick });
    await expect.poll(() => helper.count(), SLOW).toBe(1);
    expect(await helper.textContent()).toContain('首单收货后到账');
    await expect
      .poll(() => page.getByTestId('help-earnings').textContent())
      .toContain('1位好友助力');
    await expect.poll(() => page.getByTestId('invite-share').count(), SLOW).toBe(1);
    expect(await page.getByTestId('invite-share').textContent()).toContain(invite.inviteCode);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'zones-help-red');

    // The share page: a bare visit shows my own helpers and card; my link shows me to a friend.
    await page.goto('/#/pages/share/share');
    await expect.poll(() => helper.count(), SLOW).toBe(1);
    await expect.poll(() => page.getByTestId('invite-share').count(), SLOW).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'zones-share-mine');
    await page.goto(`/#/pages/share/share?type=invite&code=${invite.inviteCode}`);
    const card = page.getByTestId('inviter-card');
    await expect.poll(() => card.textContent(), SLOW).toContain(A.nick);
    await expect.poll(() => card.textContent()).toContain('已有 1 位好友为TA助力');
    expect(await card.getByTestId('helper').count()).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'zones-share-invite');
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
