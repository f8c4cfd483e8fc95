import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API, apiCall, type Envelope } from './api.ts';
import { phone, randomPhone } from './browser.ts';

export interface AppUser {
  context: BrowserContext;
  page: Page;
  id: string;
  phone: string;
  nick: string;
  token: string;
  /** Uncaught page errors (a test ends by expecting none). */
  errors: string[];
}

/**
 * A new app user (SMS login through the API), logged in on their own phone at the home page.
 * `homePopup`: the phone has not seen today's home popup; `timezoneId`: the phone's zone (see `phone`).
 */
export async function appUser(
  browser: Browser,
  baseURL: string,
  { homePopup = false, timezoneId = 'Asia/Shanghai' } = {},
): Promise<AppUser> {
  const context = await phone(browser, baseURL, { homePopup, timezoneId });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const number = randomPhone();
  const sent = await page.request.post(`${API}/user/sms/send`, { form: { phone: number } });
  const code = ((await sent.json()) as Envelope<{ code: string }>).data.code;
  const login = await page.request.post(`${API}/user/mobileLogin`, {
    form: { phone: number, code },
  });
  const token = ((await login.json()) as Envelope<{ token: string }>).data.token;
  const me = await page.request.get(`${API}/user/queryUser`, {
    headers: { TOKEN: token, device: '1' },
  });
  const info = ((await me.json()) as Envelope<{ id: number; nickname: string }>).data;
  await page.goto('/');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.reload();
  return { context, page, id: String(info.id), phone: number, nick: info.nickname, token, errors };
}

/** A valid, unused-looking 18-digit mainland ID number (GB 11643 check character). */
export function idCard(): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const seq = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const first17 = `11010119900307${seq}`;
  const sum = [...first17].reduce((n, c, i) => n + Number(c) * (weights[i] ?? 0), 0);
  return first17 + ('10X98765432'[sum % 11] ?? '');
}

/** API calls as a user who is set later (in beforeAll): `const asA = callAs(() => A)`. */
export const callAs =
  (u: () => AppUser) =>
  <T>(method: 'GET' | 'POST', path: string, form?: Record<string, string | number>) =>
    apiCall<T>(u().page, method, path, form, u().token);
