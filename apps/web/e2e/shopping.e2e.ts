import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, type Envelope } from './api.ts';
import { launch, phone, randomPhone, snap } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  browser = await launch();
  context = await phone(browser, baseURL);
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const toast = (text: string) => page.locator('.adm-toast-main').filter({ hasText: text });
const tab = (label: string) => page.locator('.adm-tab-bar-item').filter({ hasText: label });
const dialogButton = (label: string) =>
  page.locator('.adm-dialog-button').filter({ hasText: label });

/** The merchant ships through the admin API (no console yet). */
async function shipAsAdmin(orderNo: string): Promise<void> {
  const login = await page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  const token = (await login.json()).data.token as string;
  const res = await page.request.post(`${API}/admin/order/ship`, {
    headers: { TOKEN: token, device: '1' },
    form: { orderNo, carrier: '顺丰速运', trackingNo: 'SF1234567890' },
  });
  const body = await res.json();
  expect(body.code, body.msg).toBe(1);
}

/** Issue 3's scenario on a 390×844 phone: browse → cart → address → order → pay → ship → confirm. */
describe('shopping journey', () => {
  const number = randomPhone();
  let orderNo = '';
  let productUrl = '';

  it('logs a new user in by SMS code', async () => {
    await page.goto('/#/pages/user/user');
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.getByPlaceholder('请输入手机号').fill(number);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const demo = page.getByTestId('demo-code');
    await demo.waitFor();
    const code = (await demo.textContent())?.match(/\d{6}/)?.[0] ?? '';
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.locator('.login__agreement .adm-checkbox').click();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL(/#\/pages\/user\/user/);
    await page.getByTestId('my-nickname').waitFor();
    await page.locator('.my-orders').waitFor();
    await snap(page, '20-my-with-orders');
  });

  it('tops the balance up through the sandbox cashier', async () => {
    await page.locator('.adm-list-item').filter({ hasText: '我的资产' }).click();
    await page.waitForURL(/#\/pages\/userMyAssets\/myAssets/);
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('0.00');
    await page.getByRole('button', { name: '¥500.00' }).click();
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: '立即充值' }).click();
    const cashier = await popupPromise;
    await cashier.getByRole('button', { name: '支付' }).click();
    await cashier.getByText('支付成功').waitFor();
    await cashier.close();
    await expect
      .poll(() => page.getByTestId('balance').textContent(), { timeout: 20_000 })
      .toBe('500.00');
    await snap(page, '21-balance');
  });

  it('finds the cheapest product through the category tab and opens it', async () => {
    await page.goto('/');
    await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 15_000 });
    await tab('分类').click();
    await page.waitForURL(/homeClassify/);
    await page.locator('[data-testid="product-row"]').first().waitFor({ timeout: 15_000 });
    // The row to open is the first of the price-sorted answer: waited for by its title, not by
    // a pause (the default order's rows are on screen until that answer renders).
    const sorted = page.waitForResponse(
      (r) => r.url().includes('/goods/list?') && r.url().includes('sort=priceAsc'),
    );
    await page.getByRole('tab', { name: /价格/ }).click();
    await expect
      .poll(() => page.getByRole('tab', { name: /价格/ }).getAttribute('aria-selected'))
      .toBe('true');
    const cheapest = ((await (await sorted).json()) as Envelope<{ list: { title: string }[] }>).data
      .list[0]?.title;
    expect(cheapest).toBeTruthy();
    const first = page.locator('[data-testid="product-row"]').first();
    await first.filter({ hasText: cheapest }).waitFor();
    await first.click();
    await page.waitForURL(/#\/pages\/shopDetails\/shopDetails\?id=\d+/);
    await page.getByTestId('product-detail').waitFor();
    await page.locator('.pd-title').waitFor();
    productUrl = page.url();
    await snap(page, '22-product-detail');
  });

  it('picks a SKU and adds it to the cart', async () => {
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    const picker = page.locator('.sku-picker');
    await picker.waitFor();
    for (const axis of await picker.locator('.sku-picker__axis').all()) {
      const chosen = await axis.locator('.sku-value.is-active').count();
      if (chosen === 0) await axis.locator('.sku-value:not([disabled])').first().click();
    }
    await expect.poll(() => picker.locator('.sku-picker__chosen').textContent()).toMatch(/^已选/);
    // Two pieces, bounded by the SKU's stock.
    await picker.locator('.adm-stepper-plus').click();
    await snap(page, '23-sku-picker');
    await picker.getByRole('button', { name: '加入购物车' }).click();
    await toast('已加入购物车').waitFor({ timeout: 10_000 });
    await page.locator('.pd-actions .adm-badge').filter({ hasText: '2' }).waitFor();
  });

  it('shows the cart grouped by store with a live total, then checks out', async () => {
    await page.locator('.pd-actions__icon').filter({ hasText: '购物车' }).click();
    await page.waitForURL(/#\/pages\/shopCar\/shopCar/);
    await page.getByTestId('cart-line').first().waitFor();
    expect(await page.getByTestId('cart-store').count()).toBe(1);
    const total = await page.getByTestId('cart-total').textContent();
    expect(total).toMatch(/^¥\d+\.\d{2}$/);
    // Unselect → ¥0.00, select again → the same total.
    await page.locator('.cart-bar .adm-checkbox').click();
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe('¥0.00');
    await page.locator('.cart-bar .adm-checkbox').click();
    await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe(total);
    await expect.poll(() => tab('购物车').locator('.adm-badge').textContent()).toBe('2');
    await snap(page, '24-cart');
    await page.getByRole('button', { name: /结算/ }).click();
    await page.waitForURL(/#\/pages\/writeOrder\/writeOrder\?items=/);
    await page.getByText('请添加收货地址').waitFor();
  });

  it('adds a new address with the region picker while writing the order', async () => {
    await page.getByTestId('order-address').click();
    await page.waitForURL(/ReceivingAddress\?select=1/);
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.waitForURL(/addNewAddress\?select=1/);
    await page.getByPlaceholder('请填写收货人姓名').fill('张三');
    await page.getByPlaceholder('请填写收货人手机号').fill('13912345678');
    await page.getByTestId('region-field').click();
    const confirm = page.locator('.adm-picker-header-button').filter({ hasText: '确定' });
    await confirm.waitFor();
    // Three wheels filled: province, city, district.
    await expect.poll(() => page.locator('.adm-picker-view-column').count()).toBe(3);
    await expect
      .poll(() =>
        page
          .locator('.adm-picker-view-column')
          .nth(2)
          .locator('.adm-picker-view-column-item')
          .count(),
      )
      .toBeGreaterThan(0);
    await snap(page, '25-region-picker');
    await confirm.click();
    await expect.poll(() => page.getByTestId('region-field').textContent()).toMatch(/\S+ \S+ \S+/);
    await page.getByPlaceholder('街道、楼牌号等').fill('文三路 90 号 1 幢 101 室');
    await snap(page, '26-address-form');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/#\/pages\/writeOrder\/writeOrder/);
    await page.getByTestId('order-address').filter({ hasText: '张三' }).waitFor();
    await page.getByTestId('order-total').waitFor();
    await snap(page, '27-write-order');
  });

  it('submits the order once even on a double tap, then opens the cashier', async () => {
    await page.getByRole('button', { name: '提交订单' }).dblclick();
    await page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay\?orderNo=/);
    await page.getByTestId('pay-amount').waitFor();
    await page.getByText(/支付剩余时间 \d{2}:\d{2}/).waitFor();
    const orders = new URL(page.url().replace('#', '')).searchParams.get('orders') ?? '';
    expect(orders.split(',')).toHaveLength(1);
    orderNo = orders;
    // The double tap created one order only (same clientKey).
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const list = await page.request.get(`${API}/order/list?status=all`, {
      headers: { TOKEN: token ?? '', device: '1' },
    });
    expect((await list.json()).data.total).toBe(1);
    await snap(page, '28-pay');
  });

  it('asks to set a pay password first, then pays with the balance', async () => {
    await page.getByRole('button', { name: /确认支付/ }).click();
    await dialogButton('去设置').click();
    await page.waitForURL(/#\/pages\/setPayPassword\/setPayPassword/);
    await page.getByTestId('pay-code').click();
    await page.keyboard.type('258369');
    await page.getByText('请再次输入6位数字支付密码').waitFor();
    await page.getByTestId('pay-code').click();
    await page.keyboard.type('258369');
    await toast('支付密码设置成功').waitFor({ timeout: 15_000 });
    await page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay/);

    await page.getByRole('button', { name: /确认支付/ }).click();
    await page.getByText('请输入支付密码').waitFor();
    await page.getByTestId('pay-code').last().click();
    await page.keyboard.type('258369');
    await page.waitForURL(/#\/pages\/shopOrderPay\/successfulWithdrawals/, { timeout: 15_000 });
    await page.getByRole('heading', { name: '支付成功' }).waitFor();
    await snap(page, '29-pay-success');
  });

  it('shows the paid order as 待发货', async () => {
    await page.getByRole('button', { name: '查看订单' }).click();
    await page.waitForURL(/#\/pages\/userMyOrder\/orderInfo\?orderNo=/);
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待发货');
    await snap(page, '30-order-unshipped');
  });

  it('ships through the admin API → 待收货, then confirms receipt → 待评价', async () => {
    await shipAsAdmin(orderNo);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('order-status').textContent(), { timeout: 10_000 })
      .toBe('待收货');
    await page.getByTestId('order-logistics').filter({ hasText: 'SF1234567890' }).waitFor();
    await snap(page, '31-order-unreceived');
    await page.getByRole('button', { name: '确认收货' }).click();
    await dialogButton('确认收货').click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待评价');
    await snap(page, '32-order-unevaluated');
  });

  it('lists the order under the 待评价 tab of 我的订单', async () => {
    await page.goto('/#/pages/user/user');
    await page.locator('.my-orders__tabs button').filter({ hasText: '待评价' }).click();
    await page.waitForURL(/allOrder\?status=unevaluated/);
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    expect(await card.getByTestId('order-status').textContent()).toBe('待评价');
    await snap(page, '33-order-list');
    // The cart was emptied by the order (fromCart).
    await page.goto('/#/pages/shopCar/shopCar');
    await page.getByText('购物车还是空的').waitFor();
  });

  it('collects a product, buys it now and pays through the sandbox cashier', async () => {
    await page.goto(productUrl);
    await page.getByTestId('product-detail').waitFor();
    await page.locator('.pd-actions__icon').filter({ hasText: '收藏' }).click();
    await toast('收藏成功').waitFor();
    await page.locator('.pd-actions__icon').filter({ hasText: '已收藏' }).waitFor();

    await page.getByRole('button', { name: '立即购买' }).first().click();
    const picker = page.locator('.sku-picker');
    await picker.waitFor();
    for (const axis of await picker.locator('.sku-picker__axis').all()) {
      const chosen = await axis.locator('.sku-value.is-active').count();
      if (chosen === 0) await axis.locator('.sku-value:not([disabled])').first().click();
    }
    await picker.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(/#\/pages\/writeOrder\/writeOrder\?items=\d+\*1$/);
    // The default address is filled in by the preview.
    await page.getByTestId('order-address').filter({ hasText: '张三' }).waitFor();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay/);
    await page.locator('.pay-type').filter({ hasText: '模拟支付' }).click();
    const popupPromise = context.waitForEvent('page');
    await page.getByRole('button', { name: /确认支付/ }).click();
    const cashier = await popupPromise;
    await cashier.getByRole('button', { name: '支付' }).click();
    await cashier.getByText('支付成功').waitFor();
    await cashier.close();
    // The notify arrives asynchronously; the pay page watches the order and moves on.
    await page.waitForURL(/#\/pages\/shopOrderPay\/successfulWithdrawals/, { timeout: 20_000 });
    await page.getByRole('button', { name: '查看订单' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('待发货');
  });

  it('shows the collected product under 我的收藏', async () => {
    await page.goto('/#/pages/user/myCollection');
    await page.locator('.my-item').first().waitFor();
    await snap(page, '36-collection');
  });

  it('opens the store from the product page and follows it', async () => {
    await page.goto(productUrl);
    await page.getByRole('button', { name: '进店逛逛' }).click();
    await page.waitForURL(/#\/pages\/shopDetailsStore\/shopDetailsStore\?id=\d+/);
    await page.locator('.store-head h1').waitFor();
    await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '+ 关注' }).click();
    await toast('关注成功').waitFor();
    await page.getByRole('button', { name: '已关注' }).waitFor();
    await snap(page, '37-store');
    await page.goto('/#/pages/userMyFollow/myFollow');
    await page.locator('.my-item').first().waitFor();
  });

  it('lists the viewed product under 我的足迹', async () => {
    await page.goto('/#/pages/userFootprint/myFootprint');
    await page.locator('.my-list__day').first().waitFor();
    expect(await page.locator('.my-item').count()).toBeGreaterThan(0);
    await snap(page, '38-footprint');
  });

  it('changes a cart quantity and deletes in edit mode', async () => {
    await page.goto(productUrl);
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    const picker = page.locator('.sku-picker');
    await picker.waitFor();
    for (const axis of await picker.locator('.sku-picker__axis').all()) {
      const chosen = await axis.locator('.sku-value.is-active').count();
      if (chosen === 0) await axis.locator('.sku-value:not([disabled])').first().click();
    }
    await picker.getByRole('button', { name: '加入购物车' }).click();
    await toast('已加入购物车').waitFor();
    await page.goto('/#/pages/shopCar/shopCar');
    const line = page.getByTestId('cart-line').first();
    await line.waitFor();
    const one = await page.getByTestId('cart-total').textContent();
    await line.locator('.adm-stepper-plus').click();
    await expect.poll(() => line.locator('.adm-stepper-input input').inputValue()).toBe('2');
    await expect.poll(() => page.getByTestId('cart-total').textContent()).not.toBe(one);
    await page.getByRole('button', { name: '管理' }).click();
    await page.getByRole('button', { name: '删除' }).click();
    await dialogButton('删除').click();
    await page.getByText('购物车还是空的').waitFor();
  });

  it('cancels an unpaid order from the 待付款 tab', async () => {
    await page.goto(productUrl);
    await page.getByRole('button', { name: '立即购买' }).first().click();
    const picker = page.locator('.sku-picker');
    await picker.waitFor();
    for (const axis of await picker.locator('.sku-picker__axis').all()) {
      const chosen = await axis.locator('.sku-value.is-active').count();
      if (chosen === 0) await axis.locator('.sku-value:not([disabled])').first().click();
    }
    await picker.getByRole('button', { name: '立即购买' }).click();
    await page.getByTestId('order-address').filter({ hasText: '张三' }).waitFor();
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay/);
    await page.goto('/#/pages/userMyOrder/allOrder?status=unpaid');
    const card = page.getByTestId('order-card').first();
    await card.waitFor();
    await snap(page, '39-orders-unpaid');
    await card.getByRole('button', { name: '取消订单' }).click();
    await dialogButton('取消订单').click();
    await toast('订单已取消').waitFor();
    await page.getByText('暂无相关订单').waitFor();
  });

  it('searches from the home header', async () => {
    await page.goto('/');
    await page.locator('.home-header__search').click();
    await page.waitForURL(/#\/pages\/homeSearch\/homeSearch/);
    await page.getByText('热门搜索').waitFor();
    await page.getByPlaceholder('搜索你想要的好物').fill('鞋');
    await page.locator('.search-suggest__item').first().waitFor();
    await snap(page, '34-search-suggest');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL(/homeSearch\?keyword=/);
    await page.locator('[data-testid="product-card"]').first().waitFor({ timeout: 15_000 });
    await snap(page, '35-search-results');
  });

  it('left no uncaught errors in the page', () => {
    expect(errors).toEqual([]);
  });
});
