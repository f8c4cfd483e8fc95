import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, apiCall, type Envelope, operatorJson, operatorToken, readyToPay } from './api.ts';
import { launch, overflowing, phone, randomPhone, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser } from './users.ts';

// Its own server: a captcha cheap enough to solve at once on a test machine.
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let A: AppUser;
let B: AppUser;
let adminToken = '';

const PAY_PASSWORD = '258369';
/** B cuts in the browser, the rest by API; the last one completes the bargain. */
const HELPERS = 3;
const POST_TEXT = '砍价免费拿到手了，质量很好，谢谢帮砍的朋友们！';

/** The list's card of one item (a demo item may show the same product). */
const itemCard = (p: Page, id: number) =>
  p.locator(`[data-testid="bargain-item"][href$="homeZeroDetail?id=${id}"]`);
const toast = (p: Page, text: string | RegExp) =>
  p.locator('.adm-toast-main').filter({ hasText: text });

/** The operator's JSON call. */
const asOperator = <T>(path: string, body: unknown) =>
  operatorJson<T>(A.page, adminToken, path, body);

const asA = <T>(method: 'GET' | 'POST', path: string, form?: Record<string, string | number>) =>
  apiCall<T>(A.page, method, path, form, A.token);

/** A new user signed in by SMS through the API (no browser page of their own). */
async function newUserToken(page: Page): Promise<string> {
  const number = randomPhone();
  const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone: number } });
  const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
  const login = await page.request.post(`${API}/user/mobileLogin`, {
    form: { phone: number, code },
  });
  return ((await login.json()) as Envelope<{ token: string }>).data.token;
}

/** A help cut by API: the challenge solved here as the widget would, sent as the ticket header. */
async function helpByApi(page: Page, token: string, bargainId: number) {
  const action = `bargain:${bargainId}`;
  const challenge = await apiCall<Challenge>(
    page,
    'GET',
    `captcha/challenge?action=${encodeURIComponent(action)}`,
    undefined,
    token,
  );
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).toBeTruthy();
  const ticket = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await page.request.post(`${API}/bargain/help`, {
    headers: { TOKEN: token, device: '1', ticket },
    form: { bargainId },
  });
  const body = (await res.json()) as Envelope<{ cut: number; status: string; remaining: number }>;
  expect(body.code, body.msg).toBe(1);
  return body.data;
}

beforeAll(async () => {
  server = await startServer({ CAPTCHA_COUNTER_MAX: '2000' });
  browser = await launch();
  A = await appUser(browser, server.baseURL);
  B = await appUser(browser, server.baseURL);
  adminToken = await operatorToken(A.page);
});

afterAll(async () => {
  for (const u of [A, B]) await u?.context.close();
  await browser?.close();
  await server?.stop();
});

describe('砍价免费拿 (zero-yuan bargain)', () => {
  let itemId = 0;
  let nyItemId = 0;
  let title = '';
  let nyTitle = '';
  let bargainId = 0;
  let shareLink = '';
  let claimId = 0;

  it('an operator lists an item in each edition', async () => {
    const feed = await asA<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=priceAsc',
    );
    const picks: { skuId: number; title: string }[] = [];
    for (const product of feed.list) {
      if (picks.length === 2) break;
      const detail = await asA<{
        title: string;
        skus: { id: number; stock: number; price: number }[];
      }>('GET', `goods/detail?id=${product.id}`);
      const sku = detail.skus.find((k) => k.stock >= 2 && k.price >= 500);
      if (sku) picks.push({ skuId: sku.id, title: detail.title });
    }
    expect(picks).toHaveLength(2);
    const [x, y] = picks as [(typeof picks)[0], (typeof picks)[0]];
    title = x.title;
    nyTitle = y.title;
    itemId = (
      await asOperator<{ id: number }>('admin/bargain/item', {
        edition: 'normal',
        skuId: x.skuId,
        helpersNeeded: HELPERS,
        stock: 5,
        sort: 100_000,
        rewardKind: 'redPacket',
        redPacketAmount: 100,
      })
    ).id;
    nyItemId = (
      await asOperator<{ id: number }>('admin/bargain/item', {
        edition: 'newYear',
        skuId: y.skuId,
        helpersNeeded: 5,
        stock: 5,
        sort: 100_000,
      })
    ).id;
    expect(itemId).toBeGreaterThan(0);
    expect(nyItemId).toBeGreaterThan(0);
    await readyToPay(asA, A.page, PAY_PASSWORD, 100_000);
  });

  it('a logged-out visitor sees the list and the item; the help page asks to log in', async () => {
    const context = await phone(browser, server.baseURL);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/#/rootPages/homeZeroYuan/homeZeroYuan');
    await itemCard(page, itemId).filter({ hasText: title }).waitFor({ timeout: 15_000 });
    await page.goto(`/#/rootPages/homeZeroYuan/homeZeroDetail?id=${itemId}`);
    await expect.poll(() => page.getByTestId('bargain-action').textContent()).toBe('登录发起砍价');
    await page.goto('/#/rootPages/homeZeroYuan/helpBargain?id=1');
    await page.waitForURL(/#\/pages\/login\/login\?redirect=/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('A starts a bargain: the first cut shows in a popup, then the share sheet gives the link', async () => {
    await A.page.goto('/#/rootPages/homeZeroYuan/homeZeroYuan');
    const card = itemCard(A.page, itemId).filter({ hasText: title });
    await card.waitFor({ timeout: 15_000 });
    await snap(A.page, 'bargain-01-list');
    await card.click();
    await A.page.waitForURL(new RegExp(`homeZeroDetail\\?id=${itemId}`));
    await expect.poll(() => A.page.getByTestId('bargain-action').textContent()).toBe('发起砍价');
    await A.page.getByTestId('bargain-action').click();
    const popup = A.page.getByTestId('bargain-first-cut');
    await popup.waitFor();
    await expect.poll(() => popup.textContent()).toMatch(/你已砍掉 ¥\d+\.\d{2}/);
    await snap(A.page, 'bargain-02-first-cut');
    await popup.getByRole('button', { name: '邀请好友帮砍' }).click();
    await A.page.waitForURL(/homeZeroBargain\?id=\d+&share=1/);
    bargainId = Number(new URL(A.page.url().replace('#/', '')).searchParams.get('id'));
    expect(bargainId).toBeGreaterThan(0);
    const link = A.page.getByTestId('bargain-share-link');
    await link.waitFor();
    shareLink = (await link.textContent()) ?? '';
    expect(shareLink).toBe(
      `${server.baseURL}/#/rootPages/homeZeroYuan/helpBargain?id=${bargainId}`,
    );
    await snap(A.page, 'bargain-03-share');
    await A.page.getByRole('button', { name: '生成分享海报' }).click();
    const poster = A.page.getByTestId('bargain-poster');
    await poster.waitFor();
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(750);
    await A.page.locator('.bg-share').getByRole('button', { name: '取消' }).click();
    await expect
      .poll(() => A.page.getByTestId('bargain-status').textContent())
      .toMatch(new RegExp(`还需${HELPERS}位好友帮砍`));
    expect(await A.page.getByTestId('bargain-helper').count()).toBe(1);
  });

  it('B opens the link, solves the captcha and cuts once, with a reward', async () => {
    await B.page.goto(shareLink);
    await B.page.getByTestId('help-panel').waitFor({ timeout: 15_000 });
    await B.page.getByTestId('bargain-captcha').waitFor({ timeout: 15_000 });
    const cut = B.page.getByTestId('help-cut');
    await expect.poll(() => cut.isEnabled(), { timeout: 60_000, interval: 500 }).toBe(true);
    await snap(B.page, 'bargain-04-help');
    const answer = B.page.waitForResponse((r) => r.url().includes('/bargain/help'));
    await cut.click();
    const help = ((await (await answer).json()) as Envelope<{ newUserBonus: boolean }>).data;
    const result = B.page.getByTestId('help-result');
    await result.waitFor({ timeout: 15_000 });
    await expect.poll(() => result.textContent()).toMatch(/你帮TA砍掉了 ¥\d+\.\d{2}/);
    // 新人助力，砍得更多 only when the new user's cut did beat an old user's (issue 32); with
    // three cuts left the new user's band is above the old one's, so here it is true.
    expect(help.newUserBonus).toBe(true);
    expect(await result.getByText('新人助力，砍得更多').count()).toBe(1);
    await B.page
      .getByTestId('help-reward')
      .filter({ hasText: /送你¥1\.00\s?红包/ })
      .waitFor();
    await snap(B.page, 'bargain-05-helped');
    await result.getByRole('button', { name: '知道了' }).click();
    await expect
      .poll(() => B.page.getByTestId('help-block').textContent())
      .toMatch(/你已帮TA砍掉¥/);
    expect(await B.page.getByTestId('bargain-helper').count()).toBe(2);
  });

  it('further friends help by API until the bargain succeeds; thankshelpme lists them', async () => {
    let last = { status: 'running', remaining: -1, cut: 0 };
    for (let i = 1; i < HELPERS; i++) {
      last = await helpByApi(A.page, await newUserToken(A.page), bargainId);
    }
    expect(last).toMatchObject({ status: 'succeeded', remaining: 0 });
    await A.page.goto(`/#/rootPages/homeZeroYuan/homeZeroBargain?id=${bargainId}`);
    await expect.poll(() => A.page.getByTestId('bargain-next').textContent()).toBe('立即领取');
    expect(await A.page.getByTestId('bargain-helper').count()).toBe(HELPERS + 1);
    expect(await A.page.getByTestId('bargain-remaining').textContent()).toBe('已砍至目标价');
    await snap(A.page, 'bargain-06-succeeded');
    await A.page.getByRole('link', { name: '感谢帮我砍价的好友' }).click();
    await A.page.waitForURL(/thankshelpme\?bargainId=/);
    await expect.poll(() => A.page.getByTestId('thanks-row').count()).toBe(HELPERS);
    await A.page.goBack();
  });

  it('帮砍记录 opens 我帮砍的: B sees the help, A (none) a readable empty state; nothing too wide', async () => {
    // Issue 32: it opened 帮我砍的好友, and its empty state was dark grey on dark red.
    await B.page.goto('/#/rootPages/homeZeroYuan/homeZeroYuan');
    await B.page.getByRole('link', { name: '帮砍记录' }).click();
    await B.page.waitForURL(/thankshelpme\?tab=helps/);
    await expect.poll(() => B.page.locator('.adm-tabs-tab-active').textContent()).toBe('我帮砍的');
    await expect.poll(() => B.page.getByTestId('my-help-row').count()).toBe(1);
    expect(await overflowing(B.page)).toEqual([]);
    await snap(B.page, 'bargain-06b-my-helps');

    const page = await A.context.newPage();
    await page.goto('/#/rootPages/homeZeroYuan/thankshelpme?tab=helps');
    const empty = page.locator('.empty-state').filter({ hasText: '还没有帮好友砍过' });
    await empty.waitFor({ timeout: 15_000 });
    expect(await empty.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    expect(await overflowing(page)).toEqual([]);
    await page.close();
  });

  it('A claims the free order: 免运费 shown first, ¥0 paid at once, no cashier', async () => {
    await A.page.goto(`/#/rootPages/homeZeroYuan/homeZeroBargain?id=${bargainId}`);
    await A.page.getByTestId('bargain-next').click();
    await A.page.waitForURL(/thirdStep\?id=/);
    await A.page.getByTestId('free-order-card').waitFor();
    await A.page.getByTestId('order-address').filter({ hasText: '李四' }).waitFor();
    // Issue 32: the ¥8 shipping was first met at the cashier; the address card overflowed.
    expect(await A.page.getByTestId('free-order-shipping').textContent()).toBe('免运费');
    expect(await A.page.getByTestId('free-order-pay').textContent()).toBe('¥0.00');
    expect(await overflowing(A.page)).toEqual([]);
    const note = A.page.locator('.bg-note > span');
    expect(await note.evaluate((e) => e.getBoundingClientRect().height)).toBeLessThan(24);
    await snap(A.page, 'bargain-07-free-order-card');
    await A.page.getByTestId('claim-free-order').click();
    await A.page.waitForURL(/homeZeroYuan\/audit/, { timeout: 15_000 });
    const detail = await asA<{ claim: { id: number } | null }>(
      'GET',
      `bargain/detail?id=${bargainId}`,
    );
    claimId = detail.claim?.id ?? 0;
    expect(claimId).toBeGreaterThan(0);
    let claim = await asA<{ status: string; orderNo: string | null; orderStatus: string | null }>(
      'GET',
      `bargain/claim?id=${claimId}`,
    );
    if (claim.status === 'audit') {
      // Flagged for review (all helpers are brand-new users): the operator approves it.
      await A.page.getByTestId('claim-status').filter({ hasText: '审核中' }).waitFor();
      // The stepper is at its own 审核中 step, 领取免单 done (it highlighted 领取免单).
      const current = A.page.locator('.adm-step-status-process .adm-step-title');
      await expect.poll(() => current.textContent()).toBe('审核中');
      expect(await overflowing(A.page)).toEqual([]);
      await snap(A.page, 'bargain-08-audit');
      await asOperator('admin/bargain/claim/approve', { claimId });
      claim = await asA('GET', `bargain/claim?id=${claimId}`);
    }
    expect(claim.status).toBe('ordered');
    expect(claim.orderNo).toBeTruthy();
    // Placed at ¥0 and paid at once: never unpaid, so no cashier.
    expect(claim.orderStatus).toBe('unshipped');
    const order = await asA<{ payAmount: number }>(
      'GET',
      `order/queryByOrderId?orderNo=${claim.orderNo}`,
    );
    expect(order.payAmount).toBe(0);
    await A.page.reload();
    await A.page.getByTestId('claim-order').waitFor({ timeout: 15_000 });
    expect(await A.page.getByRole('button', { name: '去支付' }).count()).toBe(0);
    await expect
      .poll(() => A.page.locator('.adm-step-status-process .adm-step-title').textContent())
      .toBe('下单发货');
    expect(await overflowing(A.page)).toEqual([]);
    await expect
      .poll(
        async () =>
          (await asA<{ status: string }>('GET', `order/queryByOrderId?orderNo=${claim.orderNo}`))
            .status,
        { timeout: 20_000 },
      )
      .toBe('unshipped');
  });

  it('once received, A posts a 晒单 with a photo that shows on the item page', async () => {
    const claim = await asA<{ orderNo: string }>('GET', `bargain/claim?id=${claimId}`);
    await apiCall(
      A.page,
      'POST',
      'admin/order/ship',
      { orderNo: claim.orderNo, carrier: '顺丰速运', trackingNo: `SF${Date.now()}` },
      adminToken,
    );
    await asA('POST', 'order/newConfirm', { orderNo: claim.orderNo });

    await A.page.goto(`/#/rootPages/homeZeroYuan/audit?id=${claimId}`);
    // The claim test left this very page open: load it again for the received order.
    await A.page.reload();
    await A.page.getByTestId('claim-order').waitFor({ timeout: 15_000 });
    await snap(A.page, 'bargain-09-received');
    await A.page.getByTestId('go-post').click();
    await A.page.waitForURL(/BaskSingle\?claimId=/);
    const form = A.page.getByTestId('bask-form');
    await form.locator('textarea').fill(POST_TEXT);
    const photo = await sharp({
      create: { width: 120, height: 120, channels: 3, background: { r: 220, g: 40, b: 60 } },
    })
      .png()
      .toBuffer();
    await form.locator('input[type="file"]').setInputFiles({
      name: 'bask.png',
      mimeType: 'image/png',
      buffer: photo,
    });
    await form
      .locator('.adm-image-uploader-cell:not(.adm-image-uploader-cell-loading) img')
      .waitFor();
    await snap(A.page, 'bargain-10-bask');
    await A.page.getByTestId('bask-submit').click();
    await toast(A.page, '晒单成功').waitFor();
    await A.page.waitForURL(new RegExp(`homeZeroDetail\\?id=${itemId}`));
    const post = A.page.getByTestId('bargain-post').filter({ hasText: POST_TEXT });
    await post.waitFor();
    expect(await post.locator('.bg-post__images img').count()).toBe(1);
    await snap(A.page, 'bargain-11-post-on-item');
  });

  it('the New Year edition opens in its own theme and starts a bargain once', async () => {
    await A.page.goto('/#/rootPages/homeZeroYuanNewYear/homeZeroYuan');
    await A.page.locator('[data-edition="newYear"]').waitFor({ timeout: 15_000 });
    const card = itemCard(A.page, nyItemId).filter({ hasText: nyTitle });
    await card.waitFor();
    await snap(A.page, 'bargain-12-new-year');
    await card.click();
    await A.page.waitForURL(new RegExp(`homeZeroYuanNewYear/homeZeroDetail\\?id=${nyItemId}`));
    await expect.poll(() => A.page.getByTestId('bargain-action').textContent()).toBe('发起砍价');
    await A.page.getByTestId('bargain-action').click();
    await A.page.getByTestId('bargain-first-cut').waitFor();
    await A.page
      .getByTestId('bargain-first-cut')
      .getByRole('button', { name: '邀请好友帮砍' })
      .click();
    await A.page.waitForURL(/homeZeroYuanNewYear\/homeZeroBargain\?id=\d+&share=1/);
    await expect
      .poll(() => A.page.getByTestId('bargain-share-link').textContent())
      .toMatch(/#\/rootPages\/homeZeroYuanNewYear\/helpBargain\?id=\d+$/);
    await snap(A.page, 'bargain-13-new-year-share');
    expect(A.errors).toEqual([]);
    expect(B.errors).toEqual([]);
  });
});
