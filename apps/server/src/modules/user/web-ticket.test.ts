// The one-time sign-in ticket of the mini-program's <web-view> pages: issued to a signed-in user,
// exchanged once for a session of the page's own, refused when unknown, used, expired or malformed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const issue = (token?: string) =>
  call<{ ticket: string; expiresIn: number }>(t.app, {
    method: 'POST',
    url: `${API}/user/webTicket`,
    token,
  });
const exchange = (ticket: string) =>
  call<{ token: string; isNew: boolean }>(t.app, {
    method: 'POST',
    url: `${API}/user/webTicket/exchange`,
    ...form({ ticket }),
  });
const me = (token: string) =>
  call<{ id: number }>(t.app, { method: 'GET', url: `${API}/user/queryUser`, token });

describe('web ticket', () => {
  it('signs the web page in as the same user, with a session of its own, once', async () => {
    const { token } = await login(t.app);
    const userId = (await me(token)).body.data.id;
    const issued = await issue(token);
    expect(issued.status).toBe(200);
    expect(issued.body.data.expiresIn).toBe(60);
    const { ticket } = issued.body.data;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const first = await exchange(ticket);
    expect(first.status).toBe(200);
    expect(first.body.data.isNew).toBe(false);
    expect(first.body.data.token).not.toBe(token);
    expect((await me(first.body.data.token)).body.data.id).toBe(userId);

    const again = await exchange(ticket);
    expect([again.status, again.body.error, again.body.msg]).toEqual([
      401,
      'WEB_TICKET_INVALID',
      '登录凭证已失效，请重新登录',
    ]);
    // the mini-program's own session is untouched
    expect((await me(token)).status).toBe(200);
  });

  it('two pages racing with one ticket: exactly one is signed in', async () => {
    const { token } = await login(t.app);
    const { ticket } = (await issue(token)).body.data;
    const results = await Promise.all(Array.from({ length: 8 }, () => exchange(ticket)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.error === 'WEB_TICKET_INVALID')).toHaveLength(7);
  });

  it('refuses an expired ticket, and asks for a signed-in user to issue one', async () => {
    const { token } = await login(t.app);
    const { ticket } = (await issue(token)).body.data;
    await sql`update user_web_ticket set expires_at = now() - interval '1 second'`.execute(
      t.app.deps.db,
    );
    const late = await exchange(ticket);
    expect([late.status, late.body.error]).toEqual([401, 'WEB_TICKET_INVALID']);

    const anonymous = await issue();
    expect([anonymous.status, anonymous.body.error]).toEqual([401, 'LOGIN_REQUIRED']);
  });

  it('answers bad tickets with the catalogue error, never a session', async () => {
    for (const bad of [
      '',
      'short',
      'x'.repeat(129),
      'has spaces in it ....',
      '<script>alert(1)</script>',
    ]) {
      const res = await exchange(bad);
      expect([res.status, res.body.error], bad).toEqual([401, 'WEB_TICKET_INVALID']);
    }
    const unknown = await exchange('A'.repeat(43));
    expect([unknown.status, unknown.body.error]).toEqual([401, 'WEB_TICKET_INVALID']);
    const none = await call(t.app, { method: 'POST', url: `${API}/user/webTicket/exchange` });
    expect(none.status).toBe(400);
  });
});
