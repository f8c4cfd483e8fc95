import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  call,
  createTestApp,
  form,
  login,
  randomPhone,
  type TestApp,
} from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const sendSms = (phone: string, type?: string) =>
  call<{ code: string; expiresIn: number; resendIn: number }>(t.app, {
    method: 'POST',
    url: `${API}/user/sms/send`,
    ...form(type ? { phone, type } : { phone }),
  });

const mobileLogin = (phone: string, code: string) =>
  call<{ token: string; isNew: boolean }>(t.app, {
    method: 'POST',
    url: `${API}/user/mobileLogin`,
    ...form({ phone, code }),
  });

describe('sms/send', () => {
  it('sends a 6-digit code and returns it outside production', async () => {
    const res = await sendSms(randomPhone());
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data.code).toMatch(/^\d{6}$/);
    expect(res.body.data.resendIn).toBe(60);
  });

  it('accepts JSON bodies as well as form bodies', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${API}/user/sms/send`,
      payload: { phone: randomPhone() },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['12345678901'],
    ['1391234567'],
    ['139123456789'],
    ['16012345678'],
    ['19712345678'],
    ['abc'],
    [''],
  ])('rejects phone %s with PHONE_INVALID', async (phone) => {
    const res = await sendSms(phone);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error: 'PHONE_INVALID', data: null });
    expect(res.body.msg).toBe('请输入正确的手机号');
  });

  it.each([
    '13012345678',
    '14512345678',
    '16612345678',
    '17712345678',
    '19812345678',
    '19912345678',
  ])('accepts the SPEC prefix of %s', async (phone) => {
    const unique = phone.slice(0, 3) + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    expect((await sendSms(unique)).status).toBe(200);
  });

  it('rejects a missing phone and an unknown type', async () => {
    const missing = await call(t.app, { method: 'POST', url: `${API}/user/sms/send`, ...form({}) });
    expect(missing.body.error).toBe('PHONE_INVALID');
    const badType = await sendSms(randomPhone(), 'hack');
    expect(badType.status).toBe(400);
    expect(badType.body.error).toBe('SMS_TYPE_INVALID');
  });

  it('allows one code per 60 s per phone (429 with the wait in the msg)', async () => {
    const phone = randomPhone();
    expect((await sendSms(phone)).status).toBe(200);
    const again = await sendSms(phone);
    expect(again.status).toBe(429);
    expect(again.body.error).toBe('SMS_TOO_FREQUENT');
    expect(again.body.msg).toMatch(/请\d+秒后再试/);
  });

  it('allows 10 codes per day per phone', async () => {
    const phone = randomPhone();
    const cooldownKey = `sms:cooldown:${phone}`;
    for (let i = 0; i < 10; i++) {
      await t.app.deps.rateLimit.reset(cooldownKey);
      expect((await sendSms(phone)).status).toBe(200);
    }
    await t.app.deps.rateLimit.reset(cooldownKey);
    const eleventh = await sendSms(phone);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error).toBe('SMS_DAILY_LIMIT');
  });

  it('lets only one of many concurrent sends through', async () => {
    const phone = randomPhone();
    const results = await Promise.all(Array.from({ length: 8 }, () => sendSms(phone)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('refuses resetPwd codes for unknown phones and changeMobile codes for taken phones', async () => {
    const reset = await sendSms(randomPhone(), 'resetPwd');
    expect(reset.body.error).toBe('USER_NOT_FOUND');
    const { phone } = await login(t.app);
    const change = await sendSms(phone, 'changeMobile');
    expect(change.body.error).toBe('PHONE_TAKEN');
    const self = await sendSms(randomPhone(), 'verifyMobile');
    expect(self.body.error).toBe('SMS_TYPE_INVALID');
  });
});

describe('mobileLogin', () => {
  it('creates the user on first login with a nickname and default avatar', async () => {
    const phone = randomPhone();
    const code = (await sendSms(phone)).body.data.code;
    const res = await mobileLogin(phone, code);
    expect(res.status).toBe(200);
    expect(res.body.data.isNew).toBe(true);
    expect(res.body.data.token.length).toBeGreaterThan(30);
    const me = await call<{ nickname: string; avatar: string; id: number; phone: string }>(t.app, {
      method: 'GET',
      url: `${API}/user/queryUser`,
      token: res.body.data.token,
    });
    expect(me.body.code).toBe(1);
    expect(me.body.data.nickname).toMatch(/^潮友_/);
    expect(me.body.data.avatar).toMatch(/^\/assets\/avatars\/\d\.svg$/);
    expect(me.body.data.id).toBeGreaterThan(0);
    expect(me.body.data.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(7)}`);
  });

  it('logs the same user in again (isNew false) with a new code', async () => {
    const { phone } = await login(t.app);
    await t.app.deps.rateLimit.reset(`sms:cooldown:${phone}`);
    const code = (await sendSms(phone)).body.data.code;
    const res = await mobileLogin(phone, code);
    expect(res.body.data.isNew).toBe(false);
  });

  it('rejects a wrong code, counts tries, and burns the code after 5', async () => {
    const phone = randomPhone();
    const code = (await sendSms(phone)).body.data.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await mobileLogin(phone, wrong);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'SMS_CODE_WRONG', msg: '验证码错误' });
    }
    expect((await mobileLogin(phone, wrong)).body.error).toBe('SMS_CODE_TOO_MANY');
    expect((await mobileLogin(phone, code)).body.error).toBe('SMS_CODE_TOO_MANY');
  });

  it('rejects a code that was never sent, a used code, and an expired code', async () => {
    expect((await mobileLogin(randomPhone(), '123456')).body.error).toBe('SMS_CODE_EXPIRED');
    const phone = randomPhone();
    const code = (await sendSms(phone)).body.data.code;
    expect((await mobileLogin(phone, code)).status).toBe(200);
    const reuse = await mobileLogin(phone, code);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('SMS_CODE_EXPIRED');

    const late = randomPhone();
    const lateCode = (await sendSms(late)).body.data.code;
    await t.app.deps.db
      .updateTable('sms_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('phone', '=', late)
      .execute();
    expect((await mobileLogin(late, lateCode)).body.error).toBe('SMS_CODE_EXPIRED');
  });

  it('uses a code once even when the same login is sent concurrently', async () => {
    const phone = randomPhone();
    const code = (await sendSms(phone)).body.data.code;
    const results = await Promise.all(Array.from({ length: 5 }, () => mobileLogin(phone, code)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const users = await t.app.deps.db
      .selectFrom('app_user')
      .select('id')
      .where('phone', '=', phone)
      .execute();
    expect(users).toHaveLength(1);
  });

  it.each([
    [{ phone: '123', code: '123456' }, 'PHONE_INVALID'],
    [{ phone: '13912345678', code: '12345' }, 'SMS_CODE_FORMAT'],
    [{ phone: '13912345678', code: 'abcdef' }, 'SMS_CODE_FORMAT'],
    [{ phone: '13912345678' }, 'SMS_CODE_FORMAT'],
  ])('rejects malformed input %o', async (body, error) => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${API}/user/mobileLogin`,
      ...form(body as Record<string, string>),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });
});

describe('queryUser and sessions', () => {
  it('answers 401 请先登录 for a missing, unknown or expired token', async () => {
    for (const token of [undefined, 'nope', 'x'.repeat(500)]) {
      const res = await call(t.app, { method: 'GET', url: `${API}/user/queryUser`, token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, msg: '请先登录', error: 'LOGIN_REQUIRED' });
    }
    // Never resolved before, so not in the short auth cache: expiry applies at once.
    const fresh = await login(t.app);
    await t.app.deps.db
      .updateTable('user_session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await call(t.app, {
      method: 'GET',
      url: `${API}/user/queryUser`,
      token: fresh.token,
    });
    expect(res.status).toBe(401);
    expect(res.body.msg).toBe('请先登录');
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = await login(t.app);
    const rows = await t.app.deps.db.selectFrom('user_session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('logout ends the session at once', async () => {
    const { token } = await login(t.app);
    const q = () => call(t.app, { method: 'GET', url: `${API}/user/queryUser`, token });
    expect((await q()).status).toBe(200);
    const out = await call(t.app, { method: 'POST', url: `${API}/user/logout`, token });
    expect(out.body.code).toBe(1);
    expect((await q()).status).toBe(401);
  });
});
