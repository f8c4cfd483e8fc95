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

const post = (url: string, body: Record<string, string>, token?: string) =>
  call<Record<string, unknown>>(t.app, {
    method: 'POST',
    url: `${API}${url}`,
    token,
    ...form(body),
  });
const me = (token: string) => call(t.app, { method: 'GET', url: `${API}/user/queryUser`, token });
const smsCode = async (phone: string, type: string) => {
  await t.app.deps.rateLimit.reset(`sms:cooldown:${phone}`);
  const res = await post('/user/sms/send', { phone, type });
  return (res.body.data as { code: string }).code;
};

describe('login password', () => {
  it('first sets a password without an old one, then logs in with it', async () => {
    const { token, phone } = await login(t.app);
    expect((await post('/user/login', { phone, password: 'Abc12345' })).body.error).toBe(
      'PASSWORD_NOT_SET',
    );
    const set = await post('/user/modifyPassword', { password: 'Abc12345' }, token);
    expect(set.body.code).toBe(1);
    const res = await post('/user/login', { phone, password: 'Abc12345' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isNew: false });
    expect((await me(res.body.data.token as string)).status).toBe(200);
  });

  it.each(['short1', 'onlyletters', '1234567890', 'a1'.repeat(11), '中文密码abc123'])(
    'rejects the weak password %s',
    async (password) => {
      const { token } = await login(t.app);
      const res = await post('/user/modifyPassword', { password }, token);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('PASSWORD_FORMAT');
    },
  );

  it('needs the right old password to change it, and signs other sessions out', async () => {
    const { token, phone } = await login(t.app);
    await post('/user/modifyPassword', { password: 'Abc12345' }, token);
    const other = (await post('/user/login', { phone, password: 'Abc12345' })).body.data
      .token as string;
    expect((await post('/user/modifyPassword', { password: 'Xyz12345' }, token)).body.error).toBe(
      'OLD_PASSWORD_WRONG',
    );
    expect(
      (await post('/user/modifyPassword', { oldPassword: 'Wrong123', password: 'Xyz12345' }, token))
        .body.error,
    ).toBe('OLD_PASSWORD_WRONG');
    expect(
      (await post('/user/modifyPassword', { oldPassword: 'Abc12345', password: 'Abc12345' }, token))
        .body.error,
    ).toBe('PASSWORD_SAME');
    const ok = await post(
      '/user/modifyPassword',
      { oldPassword: 'Abc12345', password: 'Xyz12345' },
      token,
    );
    expect(ok.body.code).toBe(1);
    expect((await me(token)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
  });

  it('answers the same error for an unknown phone and a wrong password', async () => {
    const unknown = await post('/user/login', { phone: randomPhone(), password: 'Abc12345' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('PASSWORD_WRONG');
    const { token, phone } = await login(t.app);
    await post('/user/modifyPassword', { password: 'Abc12345' }, token);
    const wrong = await post('/user/login', { phone, password: 'Abc99999' });
    expect(wrong.body).toMatchObject({ error: 'PASSWORD_WRONG', msg: '手机号或密码错误' });
  });

  it('locks password login after 5 wrong tries', async () => {
    const { token, phone } = await login(t.app);
    await post('/user/modifyPassword', { password: 'Abc12345' }, token);
    for (let i = 0; i < 4; i++) {
      expect((await post('/user/login', { phone, password: 'Bad12345' })).body.error).toBe(
        'PASSWORD_WRONG',
      );
    }
    const fifth = await post('/user/login', { phone, password: 'Bad12345' });
    expect(fifth.status).toBe(429);
    expect(fifth.body.error).toBe('LOGIN_LOCKED');
    expect((await post('/user/login', { phone, password: 'Abc12345' })).body.error).toBe(
      'LOGIN_LOCKED',
    );
  });

  it('resets the password by SMS and signs every session out', async () => {
    const { token, phone } = await login(t.app);
    const code = await smsCode(phone, 'resetPwd');
    expect((await post('/user/resetPwd', { phone, code, password: 'New12345' })).body.code).toBe(1);
    expect((await me(token)).status).toBe(401);
    expect((await post('/user/login', { phone, password: 'New12345' })).status).toBe(200);
    const reused = await post('/user/resetPwd', { phone, code, password: 'New67890' });
    expect(reused.body.error).toBe('SMS_CODE_EXPIRED');
    const loginCode = await smsCode(phone, 'login');
    const crossPurpose = await post('/user/resetPwd', {
      phone,
      code: loginCode,
      password: 'New67890',
    });
    expect(crossPurpose.body.error).toBe('SMS_CODE_EXPIRED');
  });
});
