import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The product API's base path. */
export const API = '/chaopin-boot/api/v1';

export type Envelope<T> = { code: number; msg: string; data: T };

/**
 * An API call from the page's context as `token` (form-encoded with TOKEN and device headers,
 * like the app); fails the test unless the answer is code 1, and gives its data.
 */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  form: Record<string, string | number> | undefined,
  token: string,
): Promise<T> {
  const headers = { TOKEN: token, device: '1' };
  const res =
    method === 'GET'
      ? await page.request.get(`${API}/${path}`, { headers })
      : await page.request.post(`${API}/${path}`, { headers, form: form ?? {} });
  const body = (await res.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(1);
  return body.data;
}

/** A file's API call as its signed-in buyer (the form of `apiCall` bound to a page and token). */
export type BuyerCall = <T>(
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
) => Promise<T>;

/** Adds a default Hangzhou address for `name`; answers it. */
export function addAddress(call: BuyerCall, name = '张三'): Promise<{ id: number }> {
  return call<{ id: number }>('POST', 'address/add', {
    name,
    phone: '13912345678',
    provinceCode: '330000',
    cityCode: '330100',
    districtCode: '330106',
    detail: '文三路100号',
    isDefault: 'true',
  });
}

/**
 * Set-up for a buyer who pays by balance: a default address, the pay password, and `amount` fen
 * topped up through the sandbox cashier (waits until the balance shows it).
 */
export async function readyToPay(
  call: BuyerCall,
  page: Page,
  payPassword: string,
  amount: number,
  name = '李四',
): Promise<void> {
  await addAddress(call, name);
  await call('POST', 'account/setPayPassword', { password: payPassword });
  const recharge = await call<{ paymentNo: string }>('POST', 'account/recharge', { amount });
  await page.request.post('/sandbox/cashier', {
    form: { paymentNo: recharge.paymentNo, action: 'pay' },
  });
  await expect
    .poll(async () => (await call<{ balance: number }>('GET', 'account/queryBalance')).balance, {
      timeout: 20_000,
    })
    .toBe(amount);
}

/**
 * Set-up for tests that start from an existing order: adds a default Hangzhou address for `name`
 * and submits one unit of `skuId` to it, as the order page would. Answers the submit's numbers.
 */
export async function placeOrder(
  call: BuyerCall,
  skuId: number,
  tag: string,
  name = '张三',
): Promise<{ payNo: string; orderNos: string[]; payAmount: number }> {
  const address = await addAddress(call, name);
  return call('POST', 'order/newAdd', {
    clientKey: `e2e_${tag}_${Date.now()}`,
    addressId: address.id,
    items: JSON.stringify([{ skuId, quantity: 1 }]),
  });
}

/** The numbers of a checkout as `order/preview` prices them (the server's own coupon choice). */
export interface PreviewNumbers {
  goodsAmount: number;
  shippingFee: number;
  totalAmount: number;
  couponIds: number[];
  discountAmount: number;
  platformDiscount: number;
  redPacketBalance: number;
  redPacketDeduction: number;
  redPacketDeductible: number;
  useRedPacket: boolean;
  redPacketMaxSharePercent: number;
}

/**
 * What 确认订单 shows for these lines when the buyer has chosen nothing: the server's best
 * coupons and its red-packet default, at the default address.
 */
export function previewOrder(
  call: BuyerCall,
  lines: { skuId: number; quantity: number }[],
): Promise<PreviewNumbers> {
  return call<PreviewNumbers>('POST', 'order/preview', { items: JSON.stringify(lines) });
}

/** The seeded operator's token (phone 13800000000, password login). */
export async function operatorToken(page: Page): Promise<string> {
  const res = await page.request.post(`${API}/user/login`, {
    form: { phone: '13800000000', password: 'Admin@123456' },
  });
  const token = ((await res.json()) as Envelope<{ token: string }>).data.token;
  expect(token).toBeTruthy();
  return token;
}

/** An operator's JSON call (admin bodies with arrays and objects); fails unless code 1. */
export async function operatorJson<T>(
  page: Page,
  token: string,
  path: string,
  body: unknown,
): Promise<T> {
  const res = await page.request.post(`${API}/${path}`, {
    headers: { TOKEN: token, device: '1' },
    data: body,
  });
  const answer = (await res.json()) as Envelope<T>;
  expect(answer.code, `${path}: ${answer.msg}`).toBe(1);
  return answer.data;
}
