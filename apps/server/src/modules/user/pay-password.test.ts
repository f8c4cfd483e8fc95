import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Data = Record<string, unknown>;
const post = (url: string, body: Record<string, string>, token?: string) =>
  call<Data>(t.app, { method: 'POST', url: `${API}/account${url}`, token, ...form(body) });
const status = async (token: string) =>
  (await call<Data>(t.app, { method: 'GET', url: `${API}/account/isPayPassword`, token })).body
    .data;

describe('pay password', () => {
  it('sets, checks and changes a six-digit pay password', async () => {
    const { token } = await login(t.app);
    expect(await status(token)).toEqual({ isSet: false, locked: false });
    expect((await post('/checkPayPassword', { password: '123456' }, token)).body.error).toBe(
      'PAY_PASSWORD_NOT_SET',
    );
    const set = await post(
      '/setPayPassword',
      { password: '135790', confirmPassword: '135790' },
      token,
    );
    expect(set.body.code).toBe(1);
    expect(await status(token)).toEqual({ isSet: true, locked: false });
    const row = await t.app.deps.db
      .selectFrom('app_user')
      .select('pay_password_hash')
      .where('pay_password_hash', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(row.pay_password_hash).toMatch(/^\$argon2id\$/);
    expect((await post('/checkPayPassword', { password: '135790' }, token)).body.code).toBe(1);
    expect((await post('/setPayPassword', { password: '246800' }, token)).body.error).toBe(
      'PAY_PASSWORD_ALREADY_SET',
    );
    expect(
      (await post('/setPayPassword', { oldPassword: '135790', password: '135790' }, token)).body
        .error,
    ).toBe('PAY_PASSWORD_SAME');
    const changed = await post(
      '/setPayPassword',
      { oldPassword: '135790', password: '246800' },
      token,
    );
    expect(changed.body.code).toBe(1);
    expect((await post('/checkPayPassword', { password: '246800' }, token)).body.code).toBe(1);
  });

  it.each([
    [{ password: '12345' }, 'PAY_PASSWORD_FORMAT'],
    [{ password: '1234567' }, 'PAY_PASSWORD_FORMAT'],
    [{ password: 'abcdef' }, 'PAY_PASSWORD_FORMAT'],
    [{}, 'PAY_PASSWORD_FORMAT'],
    [{ password: '123456', confirmPassword: '654321' }, 'PAY_PASSWORD_MISMATCH'],
  ])('rejects %o and stores nothing', async (body, error) => {
    const { token } = await login(t.app);
    const res = await post('/setPayPassword', body as Record<string, string>, token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await status(token)).toEqual({ isSet: false, locked: false });
  });

  it('counts wrong tries and locks for 24 h on the fifth', async () => {
    const { token } = await login(t.app);
    await post('/setPayPassword', { password: '135790' }, token);
    for (let remaining = 4; remaining >= 1; remaining--) {
      const res = await post('/checkPayPassword', { password: '000000' }, token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'PAY_PASSWORD_WRONG',
        msg: `支付密码错误，还可尝试${remaining}次`,
      });
    }
    const fifth = await post('/checkPayPassword', { password: '000000' }, token);
    expect(fifth.status).toBe(403);
    expect(fifth.body.error).toBe('PAY_PASSWORD_LOCKED');
    expect(fifth.body.msg).toContain('24小时');
    // Even the right password is refused while locked.
    expect((await post('/checkPayPassword', { password: '135790' }, token)).body.error).toBe(
      'PAY_PASSWORD_LOCKED',
    );
    const s = await status(token);
    expect(s).toMatchObject({ isSet: true, locked: true });
    const until = Date.parse(s.lockedUntil as string);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  });

  it('a right password resets the count', async () => {
    const { token } = await login(t.app);
    await post('/setPayPassword', { password: '135790' }, token);
    for (let i = 0; i < 3; i++) await post('/checkPayPassword', { password: '000000' }, token);
    expect((await post('/checkPayPassword', { password: '135790' }, token)).body.code).toBe(1);
    const res = await post('/checkPayPassword', { password: '000000' }, token);
    expect(res.body.msg).toBe('支付密码错误，还可尝试4次');
  });

  it('never allows more than 5 guesses, even concurrently', async () => {
    const { token } = await login(t.app);
    await post('/setPayPassword', { password: '135790' }, token);
    const guesses = Array.from({ length: 12 }, (_, i) => String(100000 + i));
    const results = await Promise.all(
      guesses.map((password) => post('/checkPayPassword', { password }, token)),
    );
    const wrong = results.filter((r) => r.body.error === 'PAY_PASSWORD_WRONG').length;
    const locked = results.filter((r) => r.body.error === 'PAY_PASSWORD_LOCKED').length;
    expect(wrong).toBeLessThanOrEqual(4);
    expect(wrong + locked).toBe(12);
    expect((await status(token)).locked).toBe(true);
  });

  it('resets by SMS, which lifts the lock', async () => {
    const { token, phone } = await login(t.app);
    await post('/setPayPassword', { password: '135790' }, token);
    for (let i = 0; i < 5; i++) await post('/checkPayPassword', { password: '000000' }, token);
    expect((await status(token)).locked).toBe(true);
    await t.app.deps.rateLimit.reset(`sms:cooldown:${phone}`);
    const sent = await call<{ code: string }>(t.app, {
      method: 'POST',
      url: `${API}/user/sms/sendSelf`,
      token,
      ...form({ type: 'resetPayPwd' }),
    });
    const wrongCode = sent.body.data.code === '000000' ? '111111' : '000000';
    expect(
      (await post('/resetPayPassword', { code: wrongCode, password: '112233' }, token)).body.error,
    ).toBe('SMS_CODE_WRONG');
    const reset = await post(
      '/resetPayPassword',
      { code: sent.body.data.code, password: '112233' },
      token,
    );
    expect(reset.body.code).toBe(1);
    expect(await status(token)).toEqual({ isSet: true, locked: false });
    expect((await post('/checkPayPassword', { password: '112233' }, token)).body.code).toBe(1);
  });

  it('needs a login for every pay-password route', async () => {
    for (const url of ['/setPayPassword', '/checkPayPassword', '/resetPayPassword']) {
      expect((await post(url, { password: '123456' })).status).toBe(401);
    }
    expect((await call(t.app, { method: 'GET', url: `${API}/account/isPayPassword` })).status).toBe(
      401,
    );
  });
});
