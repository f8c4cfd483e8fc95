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

  const failsOf = async (phone: string) =>
    (
      await t.app.deps.db
        .selectFrom('app_user')
        .select('pay_password_fails')
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow()
    ).pay_password_fails;

  it('counts exactly 5 of 20 concurrent wrong guesses, then stays locked', async () => {
    const { token, phone } = await login(t.app);
    await post('/setPayPassword', { password: '135790' }, token);
    const guesses = Array.from({ length: 20 }, (_, i) => String(100000 + i));
    const results = await Promise.all(
      guesses.map((password) => post('/checkPayPassword', { password }, token)),
    );
    const errors = results.map((r) => r.body.error);
    // The first four are answered with the tries left, the fifth locks, the rest find it locked.
    expect(errors.filter((e) => e === 'PAY_PASSWORD_WRONG')).toHaveLength(4);
    expect(errors.filter((e) => e === 'PAY_PASSWORD_LOCKED')).toHaveLength(16);
    const remaining = results
      .filter((r) => r.body.error === 'PAY_PASSWORD_WRONG')
      .map((r) => r.body.msg)
      .sort();
    expect(remaining).toEqual([1, 2, 3, 4].map((n) => `支付密码错误，还可尝试${n}次`));
    expect(await failsOf(phone)).toBe(5);
    expect((await status(token)).locked).toBe(true);
    // The right password during the lock is refused as locked, and counts nothing.
    const right = await post('/checkPayPassword', { password: '135790' }, token);
    expect([right.status, right.body.error]).toEqual([403, 'PAY_PASSWORD_LOCKED']);
    expect(await failsOf(phone)).toBe(5);
  });

  it('never answers concurrent right passwords "locked"', async () => {
    const { token, phone } = await login(t.app);
    await post('/setPayPassword', { password: '135790' }, token);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post('/checkPayPassword', { password: '135790' }, token)),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(10).fill(1));
    expect(await failsOf(phone)).toBe(0);
    // Mixed with three wrong guesses (below the limit): every right one still passes.
    const mixed = await Promise.all([
      ...Array.from({ length: 10 }, () => post('/checkPayPassword', { password: '135790' }, token)),
      ...['000001', '000002', '000003'].map((password) =>
        post('/checkPayPassword', { password }, token),
      ),
    ]);
    expect(mixed.slice(0, 10).map((r) => r.body.code)).toEqual(Array(10).fill(1));
    expect(mixed.slice(10).map((r) => r.body.error)).toEqual(Array(3).fill('PAY_PASSWORD_WRONG'));
    expect((await status(token)).locked).toBe(false);
  });

  it('starts a fresh count once a lock has expired', async () => {
    const { token, phone } = await login(t.app);
    await post('/setPayPassword', { password: '135790' }, token);
    for (let i = 0; i < 5; i++) await post('/checkPayPassword', { password: '000000' }, token);
    expect((await status(token)).locked).toBe(true);
    await t.app.deps.db
      .updateTable('app_user')
      .set({ pay_password_locked_until: new Date(Date.now() - 1000) })
      .where('phone', '=', phone)
      .execute();
    const wrong = await post('/checkPayPassword', { password: '000000' }, token);
    expect(wrong.body.msg).toBe('支付密码错误，还可尝试4次');
    expect((await post('/checkPayPassword', { password: '135790' }, token)).body.code).toBe(1);
    expect(await failsOf(phone)).toBe(0);
    expect(await status(token)).toEqual({ isSet: true, locked: false });
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
