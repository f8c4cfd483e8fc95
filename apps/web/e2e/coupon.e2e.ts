import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, type BuyerCall, type PreviewNumbers, previewOrder, readyToPay } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let U: AppUser;
let page: Page;

const PAY_PASSWORD = '258369';
/** Pages answer slowly on a busy two-core machine. */
const SLOW = { timeout: 15_000 };

const call: BuyerCall = (method, path, form) => apiCall(U.page, method, path, form, U.token);

beforeAll(async () => {
  browser = await launch();
  U = await appUser(browser, baseURL);
  page = U.page;
});

afterAll(async () => {
  await U?.context.close();
  await browser?.close();
});

/** Fen as the app prints money: ¥12.30. */
const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** ¥12.30 / -¥12.30 / +¥12.30 as fen. */
const fen = (text: string | null) => {
  const m = /([+-]?)¥(\d+)\.(\d{2})/.exec(text ?? '');
  if (!m) throw new Error(`no price in ${JSON.stringify(text)}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};

const toast = (text: string | RegExp) => page.locator('.adm-toast-main').filter({ hasText: text });
const dialogButton = (label: string) =>
  page.locator('.adm-dialog-button').filter({ hasText: label });
const text = (testId: string) => page.getByTestId(testId).first().textContent();

interface Template {
  id: number;
  scope: string;
  storeId: number | null;
  threshold: number;
  amount: number;
  title: string;
  state: string;
}
interface Sku {
  id: number;
  price: number;
  stock: number;
  specs: Record<string, string>;
}
interface MyCoupon {
  id: number;
  templateId: number;
  kind: string;
  storeId: number | null;
  threshold: number;
  amount: number;
  state: string;
  title: string;
}

const myCoupons = async (status: 'unused' | 'used' | 'expired') =>
  (await call<{ list: MyCoupon[] }>('GET', `coupon/mine?status=${status}&pageSize=50`)).list;

/** 我的 → one of its entries (我的资产, 我的优惠券…). */
async function openMy(entry: string, url: RegExp): Promise<void> {
  await page.goto('/#/pages/user/user');
  await page
    .locator('.adm-list-item')
    .filter({ has: page.getByText(entry, { exact: true }) })
    .click();
  await page.waitForURL(url);
}
const openAssets = () => openMy('我的资产', /#\/pages\/userMyAssets\/myAssets/);
const openMyCoupons = () => openMy('我的优惠券', /#\/pages\/userMyCoupon\/myCoupon/);

/** On a product page: 立即购买, the SKU's values, `quantity` pieces, then 立即购买 in the picker. */
async function buyNow(sku: Sku, quantity: number): Promise<void> {
  await page.getByTestId('product-detail').waitFor(SLOW);
  await page.locator('.pd-actions__buy').click();
  const picker = page.locator('.sku-picker');
  await picker.waitFor();
  for (const [axis, value] of Object.entries(sku.specs)) {
    const section = picker
      .locator('.sku-picker__axis')
      .filter({ has: page.getByRole('heading', { name: axis, exact: true }) });
    const button = section.getByRole('button', { name: value, exact: true });
    if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  }
  const input = picker.locator('.adm-stepper-input input');
  for (let n = Number(await input.inputValue()); n < quantity; n++) {
    await picker.locator('.adm-stepper-plus').click();
    await expect.poll(() => input.inputValue()).toBe(String(n + 1));
  }
  await expect.poll(() => input.inputValue()).toBe(String(quantity));
  await picker.getByRole('button', { name: '立即购买' }).click();
  await page.waitForURL(
    new RegExp(`#/pages/writeOrder/writeOrder\\?items=${sku.id}\\*${quantity}$`),
  );
  await page.getByTestId('order-address').filter({ hasText: '李四' }).waitFor(SLOW);
}

/** 提交订单 on 确认订单; answers the order number the cashier is for. */
async function submitOrder(): Promise<string> {
  await page.getByRole('button', { name: '提交订单' }).click();
  await page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay\?orderNo=/, SLOW);
  await page.getByTestId('pay-amount').waitFor();
  const orders = new URL(page.url().replace('#', '')).searchParams.get('orders') ?? '';
  expect(orders.split(',')).toHaveLength(1);
  return orders;
}

/** 确认支付 with the balance and the pay password, up to 支付成功. */
async function payWithBalance(): Promise<void> {
  await page.getByRole('button', { name: /确认支付/ }).click();
  await page.getByText('请输入支付密码').waitFor();
  await page.getByTestId('pay-code').last().click();
  await page.keyboard.type(PAY_PASSWORD);
  await page.waitForURL(/#\/pages\/shopOrderPay\/successfulWithdrawals/, SLOW);
  await page.getByRole('heading', { name: '支付成功' }).waitFor();
}

/** Waits until 确认订单 shows these numbers of the server's preview (a cached one may show first). */
async function expectCheckout(p: PreviewNumbers): Promise<void> {
  // Each discount once, by who pays for it: 店铺优惠 (store coupons), 平台优惠 (the platform's).
  const row = async (testId: string, amount: number) => {
    if (amount > 0) {
      await expect.poll(() => text(testId), SLOW).toBe(`-${yuan(amount)}`);
    } else {
      await expect.poll(() => page.getByTestId(testId).count(), SLOW).toBe(0);
    }
  };
  await row('store-discount', p.discountAmount - p.platformDiscount);
  await row('platform-discount', p.platformDiscount);
  await expect.poll(() => text('redpacket-deduction')).toBe(`-${yuan(p.redPacketDeduction)}`);
  await expect.poll(() => text('pay-total')).toBe(yuan(p.totalAmount));
  expect(await text('order-total')).toBe(yuan(p.totalAmount));
}

describe('coupons and red packets', () => {
  let productUrl = '';
  let sku: Sku;
  /** Pieces that reach the store coupon's and the biggest new-user coupon's thresholds. */
  let quantity = 0;
  let storeTemplate: Template;
  let storeCouponId = 0;

  it('claims a store coupon from a best seller’s 领券 sheet', async () => {
    // A default address (李四), the pay password and ¥5000 of balance (expect.poll: in a test).
    await readyToPay(call, page, PAY_PASSWORD, 500_000);
    const feed = await call<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=20&sort=sales',
    );
    type Pick = { productId: number; template: Template; sku: Sku; quantity: number };
    const picks: Pick[] = [];
    for (const product of feed.list) {
      const { list } = await call<{ list: Template[] }>(
        'GET',
        `coupon/product?productId=${product.id}`,
      );
      const template = list.find((t) => t.scope === 'store' && t.state === 'claim');
      if (!template) continue;
      const detail = await call<{ skus: Sku[] }>('GET', `goods/detail?id=${product.id}`);
      const best = [...detail.skus].sort((a, b) => b.stock - a.stock)[0];
      if (!best || best.price <= 0) continue;
      // ¥199 reaches every coupon of the new-user pack (its biggest is 满199减30).
      const need = Math.ceil(Math.max(19_900, template.threshold) / best.price);
      if (need <= 10 && best.stock >= need + 10) {
        picks.push({ productId: product.id, template, sku: best, quantity: need });
      }
      // A product that takes a few pieces to get there: the quantity is what reaches it.
      if (picks.some((p) => p.quantity >= 2)) break;
    }
    const pick = picks.find((p) => p.quantity >= 2) ?? picks[0];
    if (!pick) throw new Error('no best seller with a store coupon and stock');
    ({ sku, quantity, template: storeTemplate } = pick);
    productUrl = `/#/pages/shopDetails/shopDetails?id=${pick.productId}`;

    await page.goto(productUrl);
    await page.getByTestId('product-detail').waitFor(SLOW);
    const row = page.getByTestId('coupon-row');
    await row.waitFor(SLOW);
    await expect.poll(() => row.textContent()).toMatch(/^领券/);
    await row.click();
    const sheet = page.getByTestId('coupon-sheet');
    await sheet.waitFor();
    const claim = sheet.getByTestId(`coupon-claim-${storeTemplate.id}`);
    await expect
      .poll(() => sheet.getByTestId(`coupon-template-${storeTemplate.id}`).textContent())
      .toContain(storeTemplate.title);
    expect(await claim.textContent()).toBe('立即领取');
    await snap(page, 'coupon-01-sheet');
    await claim.click();
    await toast('领取成功').waitFor();
    await expect.poll(() => claim.textContent()).toBe('已领取');
    expect(await claim.isDisabled()).toBe(true);
    await snap(page, 'coupon-02-claimed');
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'hidden' });

    const mine = await myCoupons('unused');
    const coupon = mine.find((c) => c.templateId === storeTemplate.id);
    expect(coupon, JSON.stringify(mine)).toBeDefined();
    storeCouponId = coupon?.id ?? 0;
  });

  it('claims the new-user pack on the home page: platform coupons and a 新人红包', async () => {
    await page.goto('/');
    const pack = page.getByTestId('new-user-pack');
    await pack.waitFor(SLOW);
    await snap(page, 'coupon-03-new-user-pack');
    await pack.getByTestId('new-user-pack-claim').click();
    await toast(/^已领取3张优惠券/).waitFor();
    await pack.waitFor({ state: 'detached' });

    const mine = await myCoupons('unused');
    expect(mine.filter((c) => c.storeId === null)).toHaveLength(3);
    const packets = await call<{ list: { title: string; state: string }[]; unopened: number }>(
      'GET',
      'redPacket/list?status=unopened',
    );
    expect(packets.list.map((p) => [p.title, p.state])).toEqual([['新人红包', 'unopened']]);
  });

  it('checks out with the store coupon and the best platform coupon chosen by itself, and pays', async () => {
    await page.goto(productUrl);
    await buyNow(sku, quantity);

    // The API's pricing of the same lines, and what it should be: the store coupon, then the
    // platform coupon that takes most off what is left (every line reaches its threshold here).
    const p = await previewOrder(call, [{ skuId: sku.id, quantity }]);
    const goods = sku.price * quantity;
    expect(p.goodsAmount).toBe(goods);
    const platform = (await myCoupons('unused'))
      .filter((c) => c.storeId === null && c.threshold <= goods)
      .sort((a, b) => b.amount - a.amount)[0];
    if (!platform) throw new Error('no platform coupon reaches the order');
    expect(p.couponIds).toEqual([storeCouponId, platform.id]);
    expect(p.discountAmount).toBe(storeTemplate.amount + platform.amount);
    expect(p.platformDiscount).toBe(platform.amount);
    expect(p.redPacketDeduction).toBe(0);
    expect(p.totalAmount).toBe(goods + p.shippingFee - p.discountAmount);

    await expectCheckout(p);
    const row = page.getByTestId('coupon-row');
    await expect.poll(() => row.textContent()).toContain('已选2张');
    // The selector names the choice; its figures are the 店铺优惠 and 平台优惠 rows alone.
    expect(await row.textContent()).not.toContain('¥');
    // The sheet shows the two it chose, checked.
    await row.click();
    const picker = page.getByTestId('coupon-picker');
    await picker.getByTestId(`coupon-option-${storeCouponId}`).waitFor();
    for (const id of [storeCouponId, platform.id]) {
      expect(await picker.getByTestId(`coupon-option-${id}`).getAttribute('aria-pressed')).toBe(
        'true',
      );
    }
    expect(await picker.getByTestId('coupon-none').getAttribute('aria-pressed')).toBe('false');
    await snap(page, 'coupon-04-picker');
    await picker.getByTestId('coupon-confirm').click();
    await picker.locator('.coupon-picker').waitFor({ state: 'hidden' });
    await expectCheckout(p);
    await snap(page, 'coupon-05-write-order');

    await submitOrder();
    expect(fen(await text('pay-amount'))).toBe(p.totalAmount);
    await payWithBalance();

    // 我的 → 我的资产: the 优惠券 tile counts the two left; → 我的优惠券 → 已使用.
    await openAssets();
    const tile = page.getByTestId('assets-coupons');
    await expect.poll(() => tile.textContent(), SLOW).toMatch(/^2张优惠券/);
    await tile.click();
    await page.waitForURL(/#\/pages\/userMyCoupon\/myCoupon/);
    await page.getByTestId('coupon-tab-used').click();
    await page.waitForURL(/myCoupon\?status=used/);
    const used = page.getByTestId(`coupon-card-${storeCouponId}`);
    await used.waitFor(SLOW);
    await expect.poll(() => used.textContent()).toContain('已使用');
    expect(await used.textContent()).toContain(storeTemplate.title);
    await page.getByTestId(`coupon-card-${platform.id}`).waitFor();
    await expect.poll(() => text('coupon-tab-used')).toBe('已使用(2)');
    await snap(page, 'coupon-06-used');
  });

  it('gives the coupon of a cancelled order back under 未使用', async () => {
    await page.goto(productUrl);
    await buyNow(sku, 1);
    const p = await previewOrder(call, [{ skuId: sku.id, quantity: 1 }]);
    // The store coupon is spent: one of the two new-user coupons left is chosen.
    const left = (await myCoupons('unused')).map((c) => c.id);
    expect(left).toHaveLength(2);
    expect(p.couponIds).toHaveLength(1);
    const couponId = p.couponIds[0] ?? 0;
    expect(left).toContain(couponId);
    expect(p.discountAmount).toBeGreaterThan(0);
    expect(p.platformDiscount).toBe(p.discountAmount);
    await expectCheckout(p);
    // One platform coupon: one 平台优惠 row, no 店铺优惠, and the figures make 实付.
    expect(await page.getByText('平台优惠', { exact: true }).count()).toBe(1);
    expect(await page.getByText('店铺优惠', { exact: true }).count()).toBe(0);
    const couponRow = page.getByTestId('coupon-row');
    expect(await couponRow.textContent()).toContain('已选1张');
    expect(await couponRow.textContent()).not.toContain('¥');
    const shipping =
      (await text('shipping-total')) === '包邮' ? 0 : fen(await text('shipping-total'));
    expect(
      fen(await text('goods-amount')) +
        shipping +
        fen(await text('platform-discount')) +
        fen(await text('redpacket-deduction')),
    ).toBe(fen(await text('pay-total')));
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'coupon-07a-one-platform-coupon');
    const orderNo = await submitOrder();

    // Held by the unpaid order: 我的优惠券 says so and leads to the order.
    await openMyCoupons();
    const held = page.getByTestId(`coupon-held-${couponId}`);
    await held.waitFor(SLOW);
    expect(await held.textContent()).toBe('订单占用中');
    await snap(page, 'coupon-07-held');
    await held.click();
    await page.waitForURL(new RegExp(`#/pages/userMyOrder/orderInfo\\?orderNo=${orderNo}`));
    await expect.poll(() => text('order-status'), SLOW).toBe('待付款');
    expect(await text('order-discount')).toBe(`-${yuan(p.discountAmount)}`);
    await page.getByRole('button', { name: '取消订单' }).click();
    await dialogButton('取消订单').click();
    await toast('订单已取消').waitFor();
    await expect.poll(() => text('order-status')).toBe('已取消');

    await page.goBack();
    await page.waitForURL(/#\/pages\/userMyCoupon\/myCoupon$/);
    const use = page.getByTestId(`coupon-use-${couponId}`);
    await use.waitFor(SLOW);
    expect(await use.textContent()).toBe('去使用');
    expect(await held.count()).toBe(0);
    await expect.poll(() => text('coupon-tab-unused')).toBe('未使用(2)');
    await snap(page, 'coupon-08-back');
    const coupon = (await myCoupons('unused')).find((c) => c.id === couponId);
    expect(coupon?.state).toBe('unused');
  });

  it('opens the 新人红包, spends it on an order and finds both in 明细', async () => {
    await openAssets();
    const tile = page.getByTestId('assets-redpacket');
    await expect.poll(() => tile.textContent(), SLOW).toContain('1个待拆');
    await tile.click();
    await page.waitForURL(/#\/pages\/userMyAssets\/redPacket/);
    const packets = await call<{ list: { id: number; title: string }[] }>(
      'GET',
      'redPacket/list?status=unopened',
    );
    const packet = packets.list.find((x) => x.title === '新人红包');
    if (!packet) throw new Error('no 新人红包');
    await page.getByTestId(`redpacket-open-${packet.id}`).click();
    const opened = page.getByTestId('redpacket-opened-amount');
    await opened.waitFor(SLOW);
    const amount = fen(await opened.textContent());
    expect(amount).toBeGreaterThanOrEqual(100);
    expect(amount).toBeLessThanOrEqual(1000);
    await snap(page, 'coupon-09-opened');
    await page.getByRole('button', { name: '开心收下' }).click();
    await opened.waitFor({ state: 'detached' });
    await expect.poll(() => text('redpacket-balance')).toBe(yuan(amount).slice(1));
    const detail = await call<{ amount: number; state: string }>(
      'GET',
      `redPacket/detail?id=${packet.id}`,
    );
    expect(detail).toMatchObject({ amount, state: 'opened' });

    // Buy with 红包抵扣 on: at most 20% of what the coupons leave of the goods.
    await page.goto(productUrl);
    await buyNow(sku, 1);
    const p = await previewOrder(call, [{ skuId: sku.id, quantity: 1 }]);
    expect(p.redPacketBalance).toBe(amount);
    expect(p.useRedPacket).toBe(true);
    expect(p.redPacketMaxSharePercent).toBe(20);
    const share = Math.floor(((p.goodsAmount - p.discountAmount) * 20) / 100);
    expect(p.redPacketDeduction).toBe(Math.min(amount, share));
    expect(p.redPacketDeduction).toBeGreaterThan(0);
    expect(p.totalAmount).toBe(
      p.goodsAmount + p.shippingFee - p.discountAmount - p.redPacketDeduction,
    );
    await expectCheckout(p);
    const toggle = page.getByTestId('redpacket-switch');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await snap(page, 'coupon-10-redpacket-checkout');
    const orderNo = await submitOrder();
    expect(fen(await text('pay-amount'))).toBe(p.totalAmount);
    await payWithBalance();

    // 我的资产 → 明细: the packet's credit, the deduction, and the payment of the rest.
    await openAssets();
    await page.locator('.adm-list-item').filter({ hasText: '明细' }).click();
    await page.waitForURL(/#\/pages\/userMyAssets\/detailed/);
    const rows = page.getByTestId('bill-row');
    const credit = rows.filter({ hasText: '拆红包' });
    await credit.waitFor(SLOW);
    expect(await credit.getByTestId('bill-amount').textContent()).toBe(`+${yuan(amount)}`);
    expect(await credit.locator('.wl-bill-row__tags').textContent()).toBe('红包 · 红包');
    const debit = rows.filter({ hasText: '红包抵扣' });
    expect(await debit.getByTestId('bill-amount').textContent()).toBe(
      `-${yuan(p.redPacketDeduction)}`,
    );
    expect(await debit.locator('.wl-bill-row__tags').textContent()).toBe('红包 · 消费');
    expect(await debit.locator('.wl-bill-row__order').textContent()).toBe(`订单号 ${orderNo}`);
    const payment = rows
      .filter({ hasText: '余额支付订单' })
      .filter({ has: page.getByText(`订单号 ${orderNo}`, { exact: true }) });
    expect(await payment.getByTestId('bill-amount').textContent()).toBe(`-${yuan(p.totalAmount)}`);
    expect(await payment.locator('.wl-bill-row__tags').textContent()).toBe('余额 · 消费');
    await snap(page, 'coupon-11-bill');

    // The 红包 account alone: exactly those two movements.
    await page
      .getByTestId('bill-filter-account')
      .getByRole('button', { name: '红包', exact: true })
      .click();
    await page.waitForURL(/detailed\?account=redPacket/);
    await expect.poll(() => rows.count(), SLOW).toBe(2);
    expect(await rows.allTextContents()).toEqual([
      expect.stringContaining('红包抵扣'),
      expect.stringContaining('拆红包'),
    ]);
    await expect
      .poll(() => text('bill-totals'))
      .toBe(`收入${yuan(amount)}支出${yuan(p.redPacketDeduction)}`);
    await snap(page, 'coupon-12-bill-redpacket');
  });

  it('names each coupon’s product, category or store on 领券中心 and 我的优惠券, linking to it', async () => {
    interface Target {
      kind: string;
      id: number;
      name: string;
      link: string;
    }
    const center = async (scope: string) =>
      (
        await call<{ list: (Template & { scopeTargets: Target[] })[] }>(
          'GET',
          `coupon/center?scope=${scope}&pageSize=50`,
        )
      ).list;
    await page.goto('/#/pages/shopReceiveCoupon/shopReceiveCoupon?scope=product');
    const products = await center('product');
    expect(products.length).toBeGreaterThan(1);
    // Four ¥3 cards used to read alike: each names its own product now.
    const names = products.map((t) => t.scopeTargets[0]?.name ?? '');
    expect(new Set(names).size).toBe(products.length);
    for (const [i, t] of products.entries()) {
      const card = page.getByTestId(`coupon-template-${t.id}`);
      await expect.poll(() => card.textContent(), SLOW).toContain(`限商品${names[i]}可用`);
      expect(await card.textContent()).toMatch(t.threshold > 0 ? /满[\d.]+可用/ : /无门槛/);
      expect(await card.textContent()).toMatch(/领取后\d+天内有效|\d{4}-\d{2}-\d{2}/);
    }
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'coupon-13-center-products');

    await page.getByTestId('coupon-scope-category').click();
    const categories = await center('category');
    expect(categories.length).toBeGreaterThan(0);
    for (const t of categories) {
      const name = t.scopeTargets[0]?.name ?? '';
      expect(name).not.toBe('');
      await expect
        .poll(() => page.getByTestId(`coupon-template-${t.id}`).textContent(), SLOW)
        .toContain(`限品类${name}可用`);
    }
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'coupon-14-center-categories');
    // Its name opens that category's listing, the category chosen.
    const category = categories[0]?.scopeTargets[0] as Target;
    await page
      .getByTestId(`coupon-template-${categories[0]?.id}`)
      .getByRole('link', { name: category.name })
      .click();
    await page.waitForURL(/homeClassify\/homeClassify\?id=\d+/, SLOW);
    await expect
      .poll(() => page.locator('.category__child.is-active').textContent(), SLOW)
      .toBe(category.name);

    // A claimed product coupon in 我的优惠券 names its product too, and opens it.
    const first = products.find((t) => t.state === 'claim') ?? products[0];
    if (!first) throw new Error('no product coupon');
    await call('POST', 'coupon/claim', { templateId: first.id });
    const mine = (await myCoupons('unused')).find((c) => c.templateId === first.id);
    if (!mine) throw new Error('the claimed coupon is not in 我的优惠券');
    await openMyCoupons();
    const card = page.getByTestId(`coupon-card-${mine.id}`);
    const product = first.scopeTargets[0] as Target;
    await expect.poll(() => card.textContent(), SLOW).toContain(`限商品${product.name}可用`);
    expect(await card.textContent()).toMatch(/有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'coupon-15-mine-named');
    await card.getByRole('link', { name: product.name }).click();
    await page.waitForURL(new RegExp(`shopDetails/shopDetails\\?id=${product.id}$`), SLOW);
    await page.getByTestId('product-detail').waitFor(SLOW);
  });

  it('left no uncaught errors in the page', () => {
    expect(U.errors).toEqual([]);
  });
});
