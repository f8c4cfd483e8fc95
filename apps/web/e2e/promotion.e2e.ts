import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  addAddress,
  apiCall,
  type BuyerCall,
  type Envelope,
  type PreviewNumbers,
  placeOrder,
  previewOrder,
  readyToPay,
} from './api.ts';
import { launch, phone, randomPhone, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser } from './users.ts';

// Issue 13 (social commerce) on its own server: the after-sales window of a received order
// closes after 2 s and the settlement sweep runs every 0.5 s, so commissions settle in seconds.
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
/** The promoter (made 推广员 by the operator). */
let A: AppUser;
/** A's friend: registers through A's invitation link, in the UI. */
let B: { context: BrowserContext; page: Page; token: string; id: number; errors: string[] };
let adminToken = '';

const PAY_PASSWORD = '258369';
const SLOW = { timeout: 15_000 };
/** The sweep settles within ~2.5 s of receipt; a busy machine gets more. */
const SETTLING = { timeout: 20_000, interval: 300 };

const asA: BuyerCall = (method, path, form) => apiCall(A.page, method, path, form, A.token);
const asB: BuyerCall = (method, path, form) => apiCall(B.page, method, path, form, B.token);
const asAdmin = <T>(path: string, form: Record<string, string | number>) =>
  apiCall<T>(A.page, 'POST', path, form, adminToken);

/** Fen as the app prints money: ¥12.30 (or 12.30 without the sign). */
const yuan = (fen: number, sign = true) =>
  `${sign ? '¥' : ''}${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** 12.30 / ¥12.30 / -¥12.30 as fen. */
const fen = (text: string | null) => {
  const m = /(-?)¥?(\d+)\.(\d{2})/.exec(text ?? '');
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
};
/** GB 11643 check character (as the server's identity.ts). */
function idCard(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (weights[i] ?? 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

interface Sku {
  id: number;
  price: number;
  stock: number;
  specs: Record<string, string>;
}
interface Center {
  pending: number;
  frozen: number;
  settled: number;
  withdrawable: number;
  debt: number;
  withdrawn: number;
  balance: number;
}
interface Commission {
  orderNo: string;
  amount: number;
  state: string;
  level: number;
}

const center = () => asA<Center>('GET', 'promotion/center');
const commissionOf = async (orderNo: string) =>
  (await asA<{ list: Commission[] }>('GET', 'promotion/income?pageSize=50')).list.find(
    (c) => c.orderNo === orderNo,
  );

/** A sandbox-cashier top-up of `amount` fen for `call`'s user; waits for the balance. */
async function topUp(call: BuyerCall, page: Page, amount: number): Promise<void> {
  const before = (await call<{ balance: number }>('GET', 'account/queryBalance')).balance;
  const recharge = await call<{ paymentNo: string }>('POST', 'account/recharge', { amount });
  await page.request.post('/sandbox/cashier', {
    form: { paymentNo: recharge.paymentNo, action: 'pay' },
  });
  await expect
    .poll(async () => (await call<{ balance: number }>('GET', 'account/queryBalance')).balance, {
      timeout: 20_000,
    })
    .toBe(before + amount);
}

/** 我的 → one of the 会员与推广 entries. */
async function openFromMy(page: Page, entry: string, url: RegExp): Promise<void> {
  await page.goto('/#/pages/user/user');
  await page.getByTestId(`my-member-${entry}`).click(SLOW);
  await page.waitForURL(url);
}

/** The figure of 推广中心 under `label` (待结算, 冻结中, 已结算). */
const figure = (page: Page, label: string) =>
  page.locator('.pr-figure').filter({ hasText: label }).locator('.pr-figure__value');

/** The six cells of the pay-password sheet. */
async function typePayPassword(page: Page): Promise<void> {
  await page.getByText('请输入支付密码').or(page.locator('.pay-password h3')).first().waitFor();
  await page.getByTestId('pay-code').last().click();
  await page.keyboard.type(PAY_PASSWORD);
}

beforeAll(async () => {
  server = await startServer({ COMMISSION_SETTLE_SECONDS: '2', PROMO_SWEEP_MS: '500' });
  browser = await launch();
  A = await appUser(browser, server.baseURL);
  // 复制链接 writes the clipboard; the test reads it back.
  await A.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.baseURL,
  });
  const admin = await A.page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  adminToken = ((await admin.json()) as Envelope<{ token: string }>).data.token;
  expect(adminToken).toBeTruthy();
});

afterAll(async () => {
  await B?.context.close();
  await A?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('social commerce: invite, commission, withdrawal, debt, membership', () => {
  let inviteCode = '';
  let link = '';
  /** A product of ¥150-¥500 with stock (10 % of it is above the ¥10 withdrawal minimum). */
  let productId = 0;
  let productPrice = 0;
  let sku: Sku;
  let firstOrder = '';
  let firstCommission = 0;
  let secondOrder = '';
  let secondCommission = 0;

  it('the operator makes A a 推广员; a product priced for a withdrawable commission is picked', async () => {
    const identity = await asAdmin<{ isPromoter: boolean; tierText: string }>(
      'admin/promotion/identity',
      { userId: Number(A.id), tier: 'promoter' },
    );
    expect(identity).toMatchObject({ isPromoter: true, tierText: '推广员' });

    const feed = await asA<{ list: { id: number; price: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=100&sort=priceDesc',
    );
    for (const p of feed.list.filter((x) => x.price >= 15_000 && x.price <= 50_000)) {
      const detail = await asA<{ price: number; skus: Sku[] }>('GET', `goods/detail?id=${p.id}`);
      const best = detail.skus.find((s) => s.price >= 15_000 && s.price <= 50_000 && s.stock >= 10);
      if (!best) continue;
      // At its list price (no flash sale on it): what the commission is taken from is known.
      const preview = await previewOrder(asA, [{ skuId: best.id, quantity: 1 }]);
      if (preview.goodsAmount !== best.price) continue;
      productId = p.id;
      productPrice = detail.price;
      sku = best;
      break;
    }
    expect(productId, 'no product of ¥150-¥500 with stock').toBeGreaterThan(0);
  });

  it('A opens 邀请有礼: the poster loads, the code and the link are there', async () => {
    const page = A.page;
    await openFromMy(page, '邀请好友', /#\/pages\/userQR\/userQR/);
    const share = page.getByTestId('invite-share');
    await share.waitFor(SLOW);
    const poster = share.locator('img.pr-share__poster');
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    expect(await poster.getAttribute('src')).toMatch(/invite\/.+\.png$/);
    inviteCode = (await page.getByTestId('invite-code').textContent()) ?? '';
    expect(inviteCode).toMatch(/^[A-Za-z0-9]{4,16}$/);
    expect(await page.getByTestId('invited-count').textContent()).toBe('0');

    await share.getByRole('button', { name: /复制链接/ }).click();
    await page.locator('.adm-toast-main').filter({ hasText: '链接已复制' }).waitFor();
    link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${server.baseURL}/#/pages/login/login?invite=${inviteCode}`);
    await snap(page, 'promo-01-invite');
  });

  it('B opens the link on another phone, registers by SMS with the code filled in', async () => {
    const context = await phone(browser, server.baseURL);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(link);
    const invite = page.getByTestId('login-invite');
    await invite.waitFor(SLOW);
    expect(await invite.locator('input').inputValue()).toBe(inviteCode);
    await page.getByPlaceholder('请输入手机号').fill(randomPhone());
    await page.getByRole('button', { name: '获取验证码' }).click();
    const demo = page.getByTestId('demo-code');
    await demo.waitFor();
    const code = (await demo.textContent())?.match(/\d{6}/)?.[0] ?? '';
    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.locator('.login__agreement .adm-checkbox').click();
    await snap(page, 'promo-02-register');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.locator('.adm-toast-main').filter({ hasText: '注册成功' }).waitFor();
    await page.waitForURL(/#\/pages\/user\/user/);
    await page.getByTestId('my-nickname').waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(token).not.toBe('');
    const me = await apiCall<{ id: number }>(page, 'GET', 'user/queryUser', undefined, token);
    B = { context, page, token, id: me.id, errors };

    // Bound to A, visible on both sides.
    const identity = await asB<{ parent: { nickname: string } | null }>(
      'GET',
      'promotion/identity',
    );
    expect(identity.parent?.nickname).toBe(A.nick);
    await A.page.reload();
    await expect.poll(() => A.page.getByTestId('invited-count').textContent(), SLOW).toBe('1');
  });

  it('B buys the product in the app and pays from the balance', async () => {
    const page = B.page;
    // An address, the pay password and the money for two orders.
    await readyToPay(asB, page, PAY_PASSWORD, 150_000);
    await page.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await page.getByTestId('product-detail').waitFor(SLOW);
    await page.locator('.pd-actions__buy').click();
    const picker = page.locator('.sku-picker');
    await picker.waitFor();
    for (const [axis, value] of Object.entries(sku.specs)) {
      const button = picker
        .locator('.sku-picker__axis')
        .filter({ has: page.getByRole('heading', { name: axis, exact: true }) })
        .getByRole('button', { name: value, exact: true });
      if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    }
    await picker.getByRole('button', { name: '立即购买' }).click();
    await page.waitForURL(new RegExp(`#/pages/writeOrder/writeOrder\\?items=${sku.id}\\*1$`));
    await page.getByTestId('order-address').filter({ hasText: '李四' }).waitFor(SLOW);
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay\?orderNo=/, SLOW);
    await page.getByTestId('pay-amount').waitFor();
    firstOrder = new URL(page.url().replace('#', '')).searchParams.get('orders') ?? '';
    expect(firstOrder).not.toBe('');
    await page.getByRole('button', { name: /确认支付/ }).click();
    await typePayPassword(page);
    await page.waitForURL(/#\/pages\/shopOrderPay\/successfulWithdrawals/, SLOW);
    await page.getByRole('heading', { name: '支付成功' }).waitFor();

    const c = await commissionOf(firstOrder);
    expect(c).toMatchObject({ level: 1, state: 'pending' });
    firstCommission = c?.amount ?? 0;
    // 10 % of what the line was paid: at least the ¥10 a withdrawal needs.
    expect(firstCommission).toBeGreaterThanOrEqual(1_000);
  });

  it('A sees it 待结算 in 推广中心 and in 收益明细', async () => {
    const page = A.page;
    await openFromMy(page, '推广中心', /#\/pages\/userExtension\/myExtension/);
    await expect
      .poll(() => figure(page, '待结算').textContent(), SLOW)
      .toBe(yuan(firstCommission, false));
    expect(await page.getByTestId('center-withdrawable').textContent()).toBe('0.00');
    expect(await page.getByTestId('center-tier').textContent()).toBe('推广员');
    await snap(page, 'promo-03-center-pending');

    await page.locator('.pr-grid__item').filter({ hasText: '收益明细' }).click();
    await page.waitForURL(/#\/pages\/incomeDetail\/incomeDetail/);
    const row = page.getByTestId('income-row').filter({ hasText: `订单号 ${firstOrder}` });
    await row.waitFor(SLOW);
    expect(await row.getByTestId('income-state').textContent()).toBe('待结算');
    expect(await row.getByTestId('income-amount').textContent()).toBe(`+${yuan(firstCommission)}`);
    await snap(page, 'promo-04-income-pending');
  });

  it('shipped and received by B in the app: after the window the commission is 已结算, withdrawable', async () => {
    await asAdmin('admin/order/ship', {
      orderNo: firstOrder,
      carrier: '顺丰速运',
      trackingNo: 'SF2026113001',
    });
    const page = B.page;
    await page.goto(`/#/pages/userMyOrder/orderInfo?orderNo=${firstOrder}`);
    await expect.poll(() => page.getByTestId('order-status').textContent(), SLOW).toBe('待收货');
    await page.getByRole('button', { name: '确认收货' }).click();
    await page.locator('.adm-dialog-button').filter({ hasText: '确认收货' }).click();
    await expect.poll(() => page.getByTestId('order-status').textContent(), SLOW).toBe('待评价');

    // The sweep settles it once the (2 s) after-sales window has passed.
    await expect
      .poll(async () => (await commissionOf(firstOrder))?.state, SETTLING)
      .toBe('settled');
    const a = A.page;
    await openFromMy(a, '推广中心', /#\/pages\/userExtension\/myExtension/);
    await expect
      .poll(() => a.getByTestId('center-withdrawable').textContent(), SLOW)
      .toBe(yuan(firstCommission, false));
    expect(await figure(a, '已结算').textContent()).toBe(yuan(firstCommission, false));
    expect(await figure(a, '待结算').textContent()).toBe('0.00');
    await snap(a, 'promo-05-center-settled');
    await figure(a, '已结算').click();
    await a.waitForURL(/incomeDetail\?state=settled/);
    const row = a.getByTestId('income-row').filter({ hasText: `订单号 ${firstOrder}` });
    await row.waitFor(SLOW);
    expect(await row.getByTestId('income-state').textContent()).toBe('已结算');
  });

  it('A binds a 支付宝 account and withdraws everything; the operator pays it: 提现成功', async () => {
    // Real name and pay password: set-up pages of their own, done through the API here.
    await asA('POST', 'user/RealNameAuthentication', {
      realName: '张小三',
      idCard: idCard(`11010119900307${String(Number(A.id) % 1000).padStart(3, '0')}`),
    });
    await asA('POST', 'account/setPayPassword', { password: PAY_PASSWORD });

    const page = A.page;
    await openFromMy(page, '推广中心', /#\/pages\/userExtension\/myExtension/);
    await page.locator('.pr-center__withdraw').click();
    await page.waitForURL(/#\/pages\/userCashWithdrawal\/CashWithdrawal/);
    const account = page.getByTestId('withdraw-account');
    await expect.poll(() => account.textContent(), SLOW).toContain('绑定支付宝账号');
    await account.click();
    await page.waitForURL(/#\/pages\/alipayNumber\/alipayNumber/);
    await page.getByRole('textbox', { name: '支付宝账号' }).fill(A.phone);
    await page.getByRole('textbox', { name: '真实姓名' }).fill('张小三');
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.locator('.adm-toast-main').filter({ hasText: '绑定成功' }).waitFor();
    await expect.poll(() => page.getByTestId('payout-bound').textContent()).toContain(A.phone);
    expect(await page.getByTestId('payout-bound').textContent()).toContain('张*');
    await snap(page, 'promo-06-payout-account');

    await page.goBack();
    await page.waitForURL(/#\/pages\/userCashWithdrawal\/CashWithdrawal/);
    await expect.poll(() => account.textContent(), SLOW).toContain(`支付宝 ${A.phone}`);
    expect(await page.getByTestId('withdraw-withdrawable').textContent()).toBe(
      yuan(firstCommission, false),
    );
    await page.getByRole('button', { name: '全部提现' }).click();
    const amount = page.getByRole('textbox', { name: '提现金额' });
    await expect.poll(() => amount.inputValue()).toBe(yuan(firstCommission, false));
    const fee = Math.floor((firstCommission * 60) / 10_000);
    await expect.poll(() => page.getByTestId('withdraw-fee').textContent()).toBe(yuan(fee));
    expect(await page.getByTestId('withdraw-net').textContent()).toBe(yuan(firstCommission - fee));
    await snap(page, 'promo-07-withdraw');
    await page.getByRole('button', { name: '确认提现' }).click();
    await typePayPassword(page);

    await page.waitForURL(
      /#\/pages\/successfulWithdrawals\/successfulWithdrawals\?withdrawNo=/,
      SLOW,
    );
    const state = page.getByTestId('withdraw-state');
    await expect.poll(() => state.textContent(), SLOW).toBe('审核中');
    await snap(page, 'promo-08-withdraw-pending');
    const withdrawNo = new URL(page.url().replace('#', '')).searchParams.get('withdrawNo') ?? '';
    await asAdmin('admin/withdraw/approve', { withdrawNo });
    // The page asks again every 3 s while the platform still has to move it.
    await expect.poll(() => state.textContent(), SLOW).toBe('提现成功');
    await page.getByText(`${yuan(firstCommission - fee)} 已打款到您的支付宝账号`).waitFor();
    await snap(page, 'promo-09-withdraw-done');
    expect(await center()).toMatchObject({ withdrawable: 0, withdrawn: firstCommission, debt: 0 });
  });

  it('a second order settles and is withdrawn, then is refunded: A owes it back (待还)', async () => {
    const placed = await placeOrder(asB, sku.id, 'promo2', '李四');
    secondOrder = placed.orderNos[0] ?? '';
    await asB('POST', 'order/newBalancePay', { orderNo: placed.payNo, payPassword: PAY_PASSWORD });
    await asAdmin('admin/order/ship', {
      orderNo: secondOrder,
      carrier: '顺丰速运',
      trackingNo: 'SF2026113002',
    });
    await asB('POST', 'order/newConfirm', { orderNo: secondOrder });
    await expect
      .poll(async () => (await commissionOf(secondOrder))?.state, SETTLING)
      .toBe('settled');
    secondCommission = (await commissionOf(secondOrder))?.amount ?? 0;
    expect(secondCommission).toBeGreaterThanOrEqual(1_000);
    expect((await center()).withdrawable).toBe(secondCommission);
    await asA('POST', 'withdraw/apply', {
      amount: secondCommission,
      password: PAY_PASSWORD,
      clientKey: `e2e_w2_${randomUUID().replaceAll('-', '')}`.slice(0, 40),
    });
    expect((await center()).withdrawable).toBe(0);

    // B returns the money part of it: the whole line's paid amount back.
    const quote = await asB<{ maxAmount: number; types: string[]; reasons: string[] }>(
      'GET',
      `order/queryRefundMoney?orderNo=${secondOrder}&skuId=${sku.id}`,
    );
    expect(quote.types).toContain('refund');
    const { refundNo } = await asB<{ refundNo: string }>('POST', 'order/refundApply', {
      orderNo: secondOrder,
      skuId: sku.id,
      type: 'refund',
      reason: quote.reasons[0] ?? '不想要了',
      amount: quote.maxAmount,
    });
    await asAdmin('admin/refund/approve', { refundNo });
    await expect.poll(async () => (await center()).debt, SLOW).toBe(secondCommission);

    const page = A.page;
    await openFromMy(page, '推广中心', /#\/pages\/userExtension\/myExtension/);
    const banner = page.getByTestId('debt-banner');
    await banner.waitFor(SLOW);
    expect(await banner.locator('strong').textContent()).toBe(`待还佣金 ${yuan(secondCommission)}`);
    expect(await page.getByTestId('center-withdrawable').textContent()).toBe('0.00');
    await snap(page, 'promo-10-debt');
    // 提现 says the same and will not take a request.
    await page.locator('.pr-center__withdraw').click();
    await page.waitForURL(/#\/pages\/userCashWithdrawal\/CashWithdrawal/);
    await page.getByTestId('debt-banner').waitFor(SLOW);
    // The page may first show the withdraw figures cached from the last visit (no debt then):
    // the button follows when the fresh ones arrive.
    await expect
      .poll(() => page.getByRole('button', { name: '确认提现' }).isDisabled(), SLOW)
      .toBe(true);
  });

  it('A becomes a member on 开通会员 with the balance, sees 会员价, and the saving of a purchase', async () => {
    // The money for a year card and a purchase, and an address for it.
    await topUp(asA, A.page, 100_000);
    const address = await addAddress(asA, '张小三');
    const plans = await asA<{ plans: { id: string; name: string; price: number }[] }>(
      'GET',
      'member/plans',
    );
    const year = plans.plans.find((p) => p.id === 'year');
    if (!year) throw new Error('no year plan');

    const page = A.page;
    await openFromMy(page, '会员中心', /#\/rootPages\/MembersPay\/MembersPay/);
    const identity = page.getByTestId('member-identity');
    await expect.poll(() => identity.textContent(), SLOW).toContain('尚未开通会员');
    // The year card is chosen for you; the balance covers it, so 余额支付 is too.
    await expect
      .poll(() => page.getByTestId('member-plan-year').getAttribute('aria-pressed'))
      .toBe('true');
    const balanceRadio = page.locator('.mb-paytype').filter({ hasText: '余额支付' });
    await expect.poll(() => balanceRadio.textContent(), SLOW).toContain('可用余额 ¥');
    await balanceRadio.click();
    await snap(page, 'promo-11-members-pay');
    await page.getByRole('button', { name: `立即开通 ${yuan(year.price)}` }).click();
    await typePayPassword(page);
    await page.locator('.adm-toast-main').filter({ hasText: '开通成功' }).waitFor(SLOW);
    await expect.poll(() => identity.textContent(), SLOW).toMatch(/会员到期：\d{4}/);
    await page.getByRole('button', { name: `立即续费 ${yuan(year.price)}` }).waitFor();
    await snap(page, 'promo-12-member');

    await page.goto('/#/pages/user/user');
    const badge = page.getByTestId('my-identity');
    await expect.poll(() => badge.textContent(), SLOW).toMatch(/^推广员会员 \d{4}.+到期$/);

    // The product page shows the member price beside the list price.
    const memberPrice = Math.max(1, Math.floor((productPrice * 95) / 100));
    await page.goto(`/#/pages/shopDetails/shopDetails?id=${productId}`);
    await page.getByTestId('product-detail').waitFor(SLOW);
    await expect
      .poll(() => page.locator('.pd-price .member-price').textContent(), SLOW)
      .toBe(`会员价 ${yuan(memberPrice)}`);
    await snap(page, 'promo-13-member-price');

    // Bought as a member: the order is priced at the member price, and the saving is recorded.
    const preview: PreviewNumbers & { memberSaving?: number } = await previewOrder(asA, [
      { skuId: sku.id, quantity: 1 },
    ]);
    const saving = sku.price - Math.max(1, Math.floor((sku.price * 95) / 100));
    expect(preview.memberSaving).toBe(saving);
    expect(preview.goodsAmount).toBe(sku.price - saving);
    const order = await asA<{ payNo: string; orderNos: string[]; payAmount: number }>(
      'POST',
      'order/newAdd',
      {
        clientKey: `e2e_member_${Date.now()}`,
        addressId: address.id,
        items: JSON.stringify([{ skuId: sku.id, quantity: 1 }]),
      },
    );
    expect(order.payAmount).toBe(preview.totalAmount);
    const memberOrder = order.orderNos[0] ?? '';
    await asA('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: PAY_PASSWORD });

    await openFromMy(page, '会员中心', /#\/rootPages\/MembersPay\/MembersPay/);
    const saved = page.getByTestId('member-saved');
    await expect.poll(() => saved.textContent(), SLOW).toContain(`会员已为您节省 ${yuan(saving)}`);
    await saved.click();
    await page.waitForURL(/#\/pages\/user\/SaveMoneyDetail/);
    const row = page.getByTestId('saving-row').filter({ hasText: `订单号 ${memberOrder}` });
    await row.waitFor(SLOW);
    expect(await row.locator('.mb-saving__saved').textContent()).toBe(`省${yuan(saving)}`);
    expect(await row.locator('.mb-saving__list').textContent()).toBe(`原价 ${yuan(sku.price)}`);
    expect(fen(await page.getByTestId('savings-total').textContent())).toBe(saving);
    expect(await page.getByTestId('savings-count').textContent()).toBe('共 1 笔订单享受会员价');
    await snap(page, 'promo-14-savings');
  });

  it('left no uncaught errors in either page', () => {
    expect(A.errors).toEqual([]);
    expect(B?.errors ?? []).toEqual([]);
  });
});
