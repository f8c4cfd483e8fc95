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
  const address = await call<{ id: number }>('POST', 'address/add', {
    name,
    phone: '13912345678',
    provinceCode: '330000',
    cityCode: '330100',
    districtCode: '330106',
    detail: '文三路100号',
    isDefault: 'true',
  });
  return call('POST', 'order/newAdd', {
    clientKey: `e2e_${tag}_${Date.now()}`,
    addressId: address.id,
    items: JSON.stringify([{ skuId, quantity: 1 }]),
  });
}
