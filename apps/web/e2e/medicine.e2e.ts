import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API, addAddress, type Envelope, operatorJson, operatorToken } from './api.ts';
import { launch, overflowing, snap } from './browser.ts';
import { type AppUser, appUser, callAs } from './users.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let patient: AppUser;
let doctor: AppUser;
let adminToken = '';

/** A signed-in user's JSON call (the request form sends an image list); fails unless code 1. */
async function userJson<T>(page: Page, token: string, path: string, body: unknown): Promise<T> {
  const res = await page.request.post(`${API}/${path}`, {
    headers: { TOKEN: token, device: '1' },
    data: body,
  });
  const answer = (await res.json()) as Envelope<T>;
  expect(answer.code, `${path}: ${answer.msg}`).toBe(1);
  return answer.data;
}

/** A public GET; fails unless code 1. */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const answer = (await (await page.request.get(`${API}/${path}`)).json()) as Envelope<T>;
  expect(answer.code, `${path}: ${answer.msg}`).toBe(1);
  return answer.data;
}

beforeAll(async () => {
  browser = await launch();
  patient = await appUser(browser, baseURL);
  doctor = await appUser(browser, baseURL);
  adminToken = await operatorToken(patient.page);
});
afterAll(async () => {
  await patient?.context.close();
  await doctor?.context.close();
  await browser?.close();
});

describe('复诊开药 closes its loop', () => {
  it('the pharmacist sees the waiting request; the patient hears of the prescription', async () => {
    const pharmacist = await operatorJson<{ id: number }>(
      patient.page,
      adminToken,
      'admin/medicine/pharmacist/create',
      { userId: Number(doctor.id), name: '测试药师', title: '执业药师', hospital: '测试医院' },
    );
    const visit = await userJson<{ id: number; visitNo: string }>(
      patient.page,
      patient.token,
      'medicine/visit/submit',
      {
        clientKey: `e2e${Date.now()}`,
        pharmacistId: pharmacist.id,
        patientName: '张三',
        gender: 'male',
        age: 45,
        phone: '13812345678',
        diagnosis: '原发性高血压',
        drugs: '苯磺酸氨氯地平片',
        images: [],
        confirmed: true,
      },
    );

    // The pharmacist: a notice, and 我的 → 药师工作台 with the request and a chat to the patient.
    const desk = doctor.page;
    await desk.goto('/#/pages/user/user');
    const entry = desk.locator('.adm-list-item').filter({ hasText: '药师工作台' });
    await entry.click();
    await desk.waitForURL(/tim\/pharmacistDesk/);
    const card = desk.getByTestId('desk-visit').filter({ hasText: visit.visitNo });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.textContent()).toContain('原发性高血压');
    expect(await card.textContent()).not.toContain('13812345678');
    expect(await overflowing(desk)).toEqual([]);
    await snap(desk, 'medicine-01-desk');
    await desk.goto('/#/pages/infoSystemMessages/infoSystemMessages');
    await expect
      .poll(() => desk.getByTestId('system-message').first().textContent())
      .toContain('新的复诊申请');

    // The patient has no desk; once the operator prescribes, a notice leads to the prescription.
    const page = patient.page;
    await page.goto('/#/pages/user/user');
    await page.getByTestId('my-nickname').waitFor({ timeout: 15_000 });
    expect(await page.locator('.adm-list-item').filter({ hasText: '药师工作台' }).count()).toBe(0);
    // A prescription line is a SKU; its name and spec are copied from the catalogue.
    const feed = await getJson<{ list: { id: number }[] }>(page, 'goods/list?pageNum=1&pageSize=1');
    const product = await getJson<{ title: string; skus: { id: number }[] }>(
      page,
      `goods/detail?id=${feed.list[0]?.id ?? 0}`,
    );
    await operatorJson(page, adminToken, 'admin/medicine/prescribe', {
      visitId: visit.id,
      drugs: [{ skuId: product.skus[0]?.id ?? 0, quantity: 1, usage: '口服，一日1次' }],
    });
    await page.goto('/#/pages/infoSystemMessages/infoSystemMessages');
    const notice = page.getByTestId('system-message').filter({ hasText: '处方已开具' });
    await expect.poll(() => notice.count()).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    await notice.click();
    await page.waitForURL(/infoSystemMessages\/details\?id=\d+/);
    await page.getByRole('button', { name: '立即查看' }).click();
    await page.waitForURL(new RegExp(`tim/preInfo\\?id=${visit.id}`));
    await expect.poll(() => page.locator('body').textContent()).toContain(product.title);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'medicine-02-prescription');
    expect(patient.errors).toEqual([]);
    expect(doctor.errors).toEqual([]);
  });

  // A buyer of their own: the first case's prescription names the feed's first product, which
  // may be this very 处方药 (the demo pharmacy is seeded last), and would let the first order in.
  it('去购药: a 处方药 is bought only with the prescription, once', async () => {
    const buyer = await appUser(browser, baseURL);
    const page = buyer.page;
    const { id: addressId } = await addAddress(callAs(() => buyer));
    // The demo pharmacy's 处方药 (seeded with the demo catalogue).
    const found = await getJson<{ list: { id: number }[] }>(
      page,
      `search/goods?keyword=${encodeURIComponent('阿莫西林胶囊')}&pageNum=1&pageSize=1`,
    );
    const drug = await getJson<{ title: string; rx: boolean; skus: { id: number }[] }>(
      page,
      `goods/detail?id=${found.list[0]?.id ?? 0}`,
    );
    expect(drug.rx).toBe(true);
    // Its page offers no cart and no 立即购买: only a request to a pharmacist, the drug filled in.
    await page.goto(`/#/pages/shopDetails/shopDetails?id=${found.list[0]?.id ?? 0}`);
    await page.locator('.pd-title').waitFor();
    expect(await page.getByRole('button', { name: '加入购物车' }).count()).toBe(0);
    await page.getByRole('button', { name: /凭处方购买/ }).click();
    await page.waitForURL(/#\/rootPages\/tim\/writeVisit\?drug=/);
    await expect
      .poll(() =>
        page
          .locator('textarea, input')
          .evaluateAll((els) => els.some((e) => (e as HTMLInputElement).value === '阿莫西林胶囊')),
      )
      .toBe(true);
    const skuId = drug.skus[0]?.id ?? 0;
    const order = (addressId: number) =>
      page.request.post(`${API}/order/newAdd`, {
        headers: { TOKEN: buyer.token, device: '1' },
        data: {
          clientKey: `e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`,
          addressId,
          items: [{ skuId, quantity: 1 }],
        },
      });
    const refused = (await (await order(addressId)).json()) as Envelope<unknown>;
    expect(refused.msg).toBe('处方药需凭有效处方购买');

    const pharmacists = await getJson<{ list: { id: number }[] }>(
      page,
      'medicine/pharmacists?pageNum=1&pageSize=1',
    );
    const visit = await userJson<{ id: number }>(page, buyer.token, 'medicine/visit/submit', {
      clientKey: `e2e-rx${Date.now()}`,
      pharmacistId: pharmacists.list[0]?.id ?? 0,
      patientName: '张三',
      gender: 'male',
      age: 45,
      phone: '13812345678',
      diagnosis: '急性扁桃体炎',
      drugs: drug.title,
      images: [],
      confirmed: true,
    });
    await operatorJson(page, adminToken, 'admin/medicine/prescribe', {
      visitId: visit.id,
      drugs: [{ skuId, quantity: 2, usage: '口服，一次2粒，一日3次' }],
    });
    await page.goto(`/#/rootPages/tim/preInfo?id=${visit.id}`);
    await page.getByTestId('rx-buy').click();
    await page.waitForURL(/#\/pages\/writeOrder\/writeOrder\?items=/);
    await expect.poll(() => page.locator('body').textContent()).toContain(drug.title);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'medicine-03-rx-checkout');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/#\/pages\/shopOrderPay\/shopOrderPay/);

    await page.goto(`/#/rootPages/tim/preInfo?id=${visit.id}`);
    await page.getByTestId('rx-used').waitFor();
    expect(await page.getByTestId('rx-buy').count()).toBe(0);
    expect(await overflowing(page)).toEqual([]);
    await snap(page, 'medicine-04-rx-used');
    const again = (await (await order(addressId)).json()) as Envelope<unknown>;
    expect(again.msg).toBe('处方药需凭有效处方购买');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });
});
