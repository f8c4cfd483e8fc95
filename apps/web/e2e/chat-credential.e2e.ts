import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, snap } from './browser.ts';
import { startServer } from './server.ts';
import { type AppUser, appUser } from './users.ts';

// Its own server: chat credentials (userSig) that last seconds, not days.
const TTL_S = 12;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let A: AppUser;
let B: AppUser;

beforeAll(async () => {
  server = await startServer({ IM_SIG_TTL_SECONDS: String(TTL_S), SEED: 'false' });
  browser = await launch();
  A = await appUser(browser, server.baseURL);
  B = await appUser(browser, server.baseURL);
});

afterAll(async () => {
  for (const u of [A, B]) await u?.context.close();
  await browser?.close();
  await server?.stop();
});

/** Counts the page's requests for a new chat credential from now on. */
function sigRequests(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes('/user/getUserSig')) n += 1;
  });
  return () => n;
}

describe('chat credential expiry', () => {
  it('an expired credential is replaced without the user noticing: chat goes on', async () => {
    await A.page.goto(`/#/rootPages/tim/room?conversationID=C2C${B.id}`);
    await B.page.goto(`/#/rootPages/tim/room?conversationID=C2C${A.id}`);
    await B.page.getByTestId('chat-list').waitFor();
    await A.page.getByTestId('chat-list').waitFor();
    const renewedA = sigRequests(A.page);
    const renewedB = sigRequests(B.page);
    // past the expiry both sessions are kicked out (USERSIG_EXPIRED) and log in again by themselves
    const wait = { timeout: (TTL_S + 20) * 1000 };
    await expect.poll(() => renewedA() > 0 && renewedB() > 0, wait).toBe(true);
    await expect.poll(() => B.page.getByTestId('chat-offline').count(), wait).toBe(0);
    await expect.poll(() => A.page.getByTestId('chat-offline').count(), wait).toBe(0);
    await A.page.getByTestId('chat-text').fill('凭证过期后还能收到吗');
    await A.page.getByTestId('chat-send').click();
    await B.page
      .getByTestId('chat-row')
      .filter({ hasText: '凭证过期后还能收到吗' })
      .waitFor({ timeout: 15_000 });
    expect(await B.page.getByText('聊天已被强制下线').count()).toBe(0);
    await snap(B.page, 'chat-credential-renewed');
    expect([...A.errors, ...B.errors]).toEqual([]);
  });
});
