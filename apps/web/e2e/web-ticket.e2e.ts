import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from './api.ts';
import { launch, phone } from './browser.ts';
import { type AppUser, appUser } from './users.ts';

// Issue 27: the mini-program opens the web build's pages in a <web-view> with a one-time ticket;
// the page signs itself in with it, takes it out of the address bar, and a second use is refused.
const baseURL = inject('baseURL');
let browser: Browser;
let A: AppUser;

beforeAll(async () => {
  browser = await launch();
  A = await appUser(browser, baseURL);
});

afterAll(async () => {
  await A?.context.close();
  await browser?.close();
});

describe('a web-view page opened with a one-time ticket', () => {
  it('is signed in as the mini-program user, with the ticket gone from the URL', async () => {
    const { ticket } = await apiCall<{ ticket: string }>(
      A.page,
      'POST',
      'user/webTicket',
      {},
      A.token,
    );
    const webView = await phone(browser, baseURL);
    try {
      const page = await webView.newPage();
      await page.goto(`/#/pages/user/user?webTicket=${ticket}`);
      await expect.poll(() => page.getByTestId('my-nickname').textContent()).toBe(A.nick);
      expect(page.url()).not.toContain('webTicket');
      expect(page.url()).toContain('#/pages/user/user');
      // its own session, not the mini-program's token
      const own = await page.evaluate(() => localStorage.getItem('token'));
      expect(own).toBeTruthy();
      expect(own).not.toBe(A.token);

      // the same ticket again (a copied link): refused with the catalogue's text, signed out
      const other = await phone(browser, baseURL);
      const replay = await other.newPage();
      await replay.goto(`/#/pages/user/user?webTicket=${ticket}`);
      await replay.getByText('登录凭证已失效，请重新登录').waitFor();
      expect(await replay.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await other.close();
    } finally {
      await webView.close();
    }
  });
});
