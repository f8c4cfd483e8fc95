import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, apiCall, type Envelope, placeOrder } from './api.ts';
import { launch, phone, randomPhone, snap } from './browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let adminToken = '';
const errors: string[] = [];

function api<T>(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
  who = token,
): Promise<T> {
  return apiCall<T>(page, method, path, form, who);
}

const toast = (text: string) => page.locator('.adm-toast-main').filter({ hasText: text });

/** GB 32100 check character (the test computes its own, independent of the app's code). */
function creditCode(first17: string): string {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * (w[i] ?? 0), 0);
  return first17 + chars[(31 - (sum % 31)) % 31];
}

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

/** Issue 4 part 4: company title → apply on a received order → admin issues → PDF download. */
describe('invoice: apply, issue, download', () => {
  let orderNo = '';
  let payAmount = 0;
  const code = creditCode('91330106MA2H4K7P1');

  it('has a received order (bought, shipped and received through the API)', async () => {
    const number = randomPhone();
    const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone: number } });
    const sms = ((await sent.json()) as Envelope<{ code: string }>).data.code;
    const login = await page.request.post(`${API}/user/mobileLogin`, {
      form: { phone: number, code: sms },
    });
    token = ((await login.json()) as Envelope<{ token: string }>).data.token;
    const admin = await page.request.post(`${API}/user/login`, {
      form: { phone: '13800000000', password: 'Admin@123456' },
    });
    adminToken = ((await admin.json()) as Envelope<{ token: string }>).data.token;
    expect(token && adminToken).toBeTruthy();

    await api('POST', 'account/setPayPassword', { password: '258369' });
    const recharge = await api<{ paymentNo: string }>('POST', 'account/recharge', {
      amount: 100_000,
    });
    await page.request.post('/sandbox/cashier', {
      form: { paymentNo: recharge.paymentNo, action: 'pay' },
    });
    await expect
      .poll(async () => (await api<{ balance: number }>('GET', 'account/queryBalance')).balance, {
        timeout: 20_000,
      })
      .toBe(100_000);
    const feed = await api<{ list: { id: number }[] }>(
      'GET',
      'goods/list?pageNum=1&pageSize=10&sort=priceAsc',
    );
    const detail = await api<{ skus: { id: number; stock: number }[] }>(
      'GET',
      `goods/detail?id=${feed.list[0]?.id ?? 0}`,
    );
    const skuId = detail.skus.find((s) => s.stock > 1)?.id ?? 0;
    const order = await placeOrder(api, skuId, 'inv');
    orderNo = order.orderNos[0] ?? '';
    payAmount = order.payAmount;
    await api('POST', 'order/newBalancePay', { orderNo: order.payNo, payPassword: '258369' });
    await api(
      'POST',
      'admin/order/ship',
      { orderNo, carrier: '顺丰速运', trackingNo: 'SF20261122' },
      adminToken,
    );
    await api('POST', 'order/newConfirm', { orderNo });
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    // The session store reads the token when the app starts: start it again.
    await page.reload();
  });

  it('adds a company title from 申请开票 and applies for the invoice', async () => {
    await page.goto(`/#/pages/userMyOrder/orderInfo?orderNo=${orderNo}`);
    await page.getByRole('button', { name: '申请开票' }).first().click();
    await page.waitForURL(/applyInvoice/);
    const yuan = `¥${Math.floor(payAmount / 100)}.${String(payAmount % 100).padStart(2, '0')}`;
    await expect.poll(() => page.getByTestId('invoice-amount').textContent()).toBe(yuan);
    await page.getByRole('button', { name: '选择发票抬头' }).click();
    await page.waitForURL(/invoiceTitleList/);
    await page.getByRole('button', { name: '新增发票抬头' }).click();
    await page.waitForURL(/invoiceTitle\b/);
    await page.locator('.adm-radio').filter({ hasText: '企业' }).click();
    await page.getByPlaceholder('请填写单位全称').fill('杭州潮品测试有限公司');
    // A wrong check character is refused before anything is sent.
    await page
      .getByPlaceholder('18位统一社会信用代码')
      .fill(`${code.slice(0, 17)}${code[17] === '0' ? '1' : '0'}`);
    await page.getByRole('button', { name: '保存' }).click();
    await toast('请输入正确的18位统一社会信用代码').waitFor();
    await page.getByPlaceholder('18位统一社会信用代码').fill(code.toLowerCase());
    await snap(page, 'invoice-10-title-form');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL(/invoiceTitleList/);
    const card = page.getByTestId('invoice-title-card').filter({ hasText: '杭州潮品测试有限公司' });
    await card.getByText(`税号：${code}`).waitFor();
    await card.getByText('默认').first().waitFor();
    await card.locator('.invoice-title-card__main').click();
    await page.waitForURL(/applyInvoice/);
    await page.getByText('企业 · 杭州潮品测试有限公司').waitFor();
    await snap(page, 'invoice-11-apply');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.waitForURL(/invoiceDetails/);
    await expect.poll(() => page.getByTestId('invoice-detail-status').textContent()).toBe('申请中');
    await page.getByText('发票开具中').waitFor();
  });

  it('shows the issued invoice in 我的发票 and downloads a real PDF', async () => {
    const list = await api<{ list: { id: number; orderNo: string }[] }>(
      'GET',
      'admin/invoice/list?status=applying&pageSize=100',
      undefined,
      adminToken,
    );
    const id = list.list.find((i) => i.orderNo === orderNo)?.id ?? 0;
    const issued = await api<{ invoiceNo: string }>(
      'POST',
      'admin/invoice/issue',
      { id },
      adminToken,
    );

    await page.goto('/#/rootPages/invoiceMent/invoiceMent');
    await page.locator('.adm-tabs-tab').filter({ hasText: '已开具' }).click();
    const card = page.getByTestId('invoice-card').first();
    await expect.poll(() => card.getByTestId('invoice-status').textContent()).toBe('已开具');
    await snap(page, 'invoice-12-list');
    await card.click();
    await page.waitForURL(/invoiceDetails/);
    await page.getByText(issued.invoiceNo).waitFor();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载发票' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`发票-${issued.invoiceNo}.pdf`);
    const file = await download.path();
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(issued.invoiceNo);
    await snap(page, 'invoice-13-detail');
    expect(errors).toEqual([]);
  });
});

/** Issue 4 part 6: contact us, rules and feedback. */
describe('service pages', () => {
  it('shows contact us with a tel: link and the shopping rules', async () => {
    await page.goto('/#/pages/userContactUs/contactUs');
    const tel = page.getByTestId('contact-phone');
    await tel.waitFor();
    expect(await tel.getAttribute('href')).toBe('tel:4008008888');
    await page.getByText('服务时间').waitFor();
    await snap(page, 'service-10-contact');
    await page.goto('/#/pages/rule/rule');
    await page.getByRole('heading', { name: '购物规则' }).waitFor();
    await page.goto('/#/pages/userRule/rule');
    await page.getByRole('heading', { name: '推广规则' }).waitFor();
  });

  it('sends feedback', async () => {
    await page.goto('/#/pages/userFeedback/userFeedback');
    await page.locator('.adm-selector-item').filter({ hasText: '产品建议' }).click();
    await page.getByPlaceholder('请详细描述您遇到的问题或建议').fill('希望发票可以发送到邮箱');
    await snap(page, 'service-11-feedback');
    await page.getByRole('button', { name: '提交反馈' }).click();
    await toast('感谢您的反馈').waitFor();
    const mine = await api<{ total: number; list: { content: string }[] }>(
      'GET',
      'common/feedback/list',
    );
    expect(mine.list[0]?.content).toBe('希望发票可以发送到邮箱');
    expect(errors).toEqual([]);
  });

  it('reports a product with a reason from the dictionary', async () => {
    const feed = await api<{ list: { id: number }[] }>('GET', 'goods/list?pageNum=1&pageSize=1');
    const productId = feed.list[0]?.id ?? 0;
    await page.goto(`/#/pages/report/report?type=goods&targetId=${productId}`);
    await page.getByText('举报商品的原因').waitFor();
    await page.getByRole('button', { name: '提交举报' }).click();
    await toast('请选择举报原因').waitFor();
    await page.locator('.adm-radio').filter({ hasText: '假冒伪劣' }).click();
    await page.getByPlaceholder('请描述具体情况，便于我们核实').fill('与描述不符，疑似仿品');
    await snap(page, 'service-12-report');
    await page.getByRole('button', { name: '提交举报' }).click();
    await toast('举报已提交').waitFor();
    expect(errors).toEqual([]);
  });
});
