import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // No session cache: every request below resolves its token through the batched lookup.
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
});
afterAll(async () => {
  await t.close();
});

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

describe('session lookups read together', () => {
  it('40 users at once each get their own account; logged-out and unknown tokens get none', async () => {
    const users = await Promise.all(Array.from({ length: 40 }, () => login(t.app)));
    const gone = users[0];
    if (!gone) throw new Error('users');
    await call(t.app, { method: 'POST', url: `${API}/user/logout`, token: gone.token });
    const tokens = [...users.map((u) => u.token), 'x'.repeat(43), ''];
    const answers = await Promise.all(
      tokens.map((token) =>
        call<{ phone: string }>(t.app, { method: 'GET', url: `${API}/user/queryUser`, token }),
      ),
    );
    answers.forEach((a, i) => {
      const user = users[i];
      if (i === 0 || !user) expect([a.status, a.body.error]).toEqual([401, 'LOGIN_REQUIRED']);
      else expect([a.status, a.body.data.phone]).toEqual([200, masked(user.phone)]);
    });
  });
});
