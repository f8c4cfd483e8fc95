import { randomBytes } from 'node:crypto';
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

/** A sandbox wx.login code: one name is one WeChat user. */
const wxCode = (name = randomBytes(6).toString('hex')) => `sandbox-${name}`;

const xcxLogin = (code: string) =>
  call<{ bound: boolean; token: string | null }>(t.app, {
    method: 'POST',
    url: `${API}/user/xcx/login`,
    ...form({ code }),
  });

async function smsCode(phone: string) {
  const sent = await call<{ code: string }>(t.app, {
    method: 'POST',
    url: `${API}/user/sms/send`,
    ...form({ phone }),
  });
  return sent.body.data.code;
}

const bind = (code: string, phone: string, sms: string, extra: Record<string, string> = {}) =>
  call<{ token: string; isNew: boolean }>(t.app, {
    method: 'POST',
    url: `${API}/user/xcx/bind`,
    ...form({ code, phone, smsCode: sms, ...extra }),
  });

const identity = (token: string) =>
  call<{ inviteCode: string; parent: { nickname: string } | null }>(t.app, {
    method: 'GET',
    url: `${API}/promotion/identity`,
    token,
  });

const whoIs = (token: string) =>
  call<{ id: number; phone: string }>(t.app, {
    method: 'GET',
    url: `${API}/user/queryUser`,
    token,
  });

describe('xcx/login and xcx/bind (sandbox WechatGateway)', () => {
  it('an unbound openid answers bound: false and no session', async () => {
    const res = await xcxLogin(wxCode());
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ bound: false, token: null });
  });

  it('binding a new phone registers it, and the next wx.login signs it in', async () => {
    const code = wxCode();
    const phone = randomPhone();
    const bound = await bind(code, phone, await smsCode(phone));
    expect(bound.status).toBe(200);
    expect(bound.body.data.isNew).toBe(true);
    expect((await whoIs(bound.body.data.token)).body.data.phone).toContain(phone.slice(-4));

    const again = await xcxLogin(code);
    expect(again.body.data.bound).toBe(true);
    const me = await whoIs(again.body.data.token ?? '');
    expect(me.status).toBe(200);
    expect(me.body.data.id).toBe((await whoIs(bound.body.data.token)).body.data.id);
  });

  it('a new account bound through a shared card is bound to its inviter; a bad code is refused', async () => {
    const inviter = await login(t.app);
    const { inviteCode } = (await identity(inviter.token)).body.data;
    const phone = randomPhone();
    const bound = await bind(wxCode(), phone, await smsCode(phone), { inviteCode });
    expect(bound.status).toBe(200);
    expect(bound.body.data.isNew).toBe(true);
    expect((await identity(bound.body.data.token)).body.data.parent).not.toBeNull();

    const other = randomPhone();
    const bad = await bind(wxCode(), other, await smsCode(other), { inviteCode: '<x>' });
    expect([bad.status, bad.body.error]).toEqual([400, 'INVITE_CODE_INVALID']);
  });

  it('refuses a code WeChat would not take: 400 WECHAT_CODE_INVALID', async () => {
    for (const code of ['not-a-sandbox-code', 'sandbox-', `sandbox-${'x'.repeat(65)}`]) {
      const res = await xcxLogin(code);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, error: 'WECHAT_CODE_INVALID' });
      expect(res.body.msg).toBe('微信登录失败，请重试');
    }
  });

  it('refuses a missing or malformed code by the catalogue, not a 500', async () => {
    const missing = await call(t.app, {
      method: 'POST',
      url: `${API}/user/xcx/login`,
      ...form({}),
    });
    expect(missing.status).toBe(400);
    const bad = await xcxLogin('sandbox-有中文');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('WECHAT_CODE_INVALID');
  });

  it('a wrong SMS code binds nothing', async () => {
    const code = wxCode();
    const phone = randomPhone();
    await smsCode(phone);
    const res = await bind(code, phone, '000000');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^SMS_CODE_/);
    expect((await xcxLogin(code)).body.data.bound).toBe(false);
  });

  it('one WeChat per account and one account per WeChat: 409 either way', async () => {
    const code = wxCode();
    const phone = randomPhone();
    await bind(code, phone, await smsCode(phone));

    // Both clashes are refused before the SMS code is checked (and spent): any code will do.
    const clash = await bind(code, randomPhone(), '123456');
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('WECHAT_BOUND_ELSEWHERE');

    const second = await bind(wxCode(), phone, '123456');
    expect(second.status).toBe(409);
    expect(second.body.error).toBe('WECHAT_PHONE_BOUND_ELSEWHERE');
  });
});
