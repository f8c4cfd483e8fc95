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
