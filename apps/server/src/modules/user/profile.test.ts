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
import { idCardCheckChar } from './identity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Data = Record<string, unknown>;
const post = (url: string, body: Record<string, string>, token?: string) =>
  call<Data>(t.app, { method: 'POST', url: `${API}${url}`, token, ...form(body) });
const get = (url: string, token?: string) =>
  call<Data>(t.app, { method: 'GET', url: `${API}${url}`, token });
const smsCode = async (phone: string, type: string) => {
  await t.app.deps.rateLimit.reset(`sms:cooldown:${phone}`);
  return ((await post('/user/sms/send', { phone, type })).body.data as { code: string }).code;
};
const selfCode = async (token: string, phone: string, type: string) => {
  await t.app.deps.rateLimit.reset(`sms:cooldown:${phone}`);
  return ((await post('/user/sms/sendSelf', { type }, token)).body.data as { code: string }).code;
};

/** A valid ID number for someone born on the given date. */
function idCardFor(birth: string, seq = '123') {
  const first17 = `110101${birth}${seq}`;
  return first17 + idCardCheckChar(first17);
}

describe('profile', () => {
  it('changes nickname and avatar, and queryUser shows them', async () => {
    const { token } = await login(t.app);
    const res = await post(
      '/user/profile',
      { nickname: ' 小潮 ', avatar: '/uploads/image/a.png' },
      token,
    );
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({ nickname: '小潮', avatar: '/uploads/image/a.png' });
    const me = await get('/user/queryUser', token);
    expect(me.body.data).toMatchObject({ nickname: '小潮', avatar: '/uploads/image/a.png' });
  });

  it.each([
    [{ nickname: '' }, 'NICKNAME_INVALID'],
    [{ nickname: '   ' }, 'NICKNAME_INVALID'],
    [{ nickname: '超'.repeat(21) }, 'NICKNAME_INVALID'],
    [{ avatar: 'https://evil.example/x.png' }, 'AVATAR_INVALID'],
    [{ avatar: '/uploads/../../etc/passwd' }, 'AVATAR_INVALID'],
    [{}, 'PROFILE_EMPTY'],
  ])('rejects %o', async (body, error) => {
    const { token } = await login(t.app);
    const before = await get('/user/queryUser', token);
    const res = await post('/user/profile', body as Record<string, string>, token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect((await get('/user/queryUser', token)).body.data).toEqual(before.body.data);
  });

  it('needs a login', async () => {
    const res = await post('/user/profile', { nickname: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('change mobile', () => {
  it('verifies the current phone, then binds a new one', async () => {
    const { token, phone } = await login(t.app);
    const code = await selfCode(token, phone, 'verifyMobile');
    const verified = await post('/user/verifyMobile', { code }, token);
    expect(verified.body.code).toBe(1);
    const ticket = (verified.body.data as { ticket: string }).ticket;
    const newPhone = randomPhone();
    const newCode = await smsCode(newPhone, 'changeMobile');
    const changed = await post(
      '/user/changeMobile',
      { ticket, phone: newPhone, code: newCode },
      token,
    );
    expect(changed.body.code).toBe(1);
    expect(changed.body.data).toMatchObject({
      phone: `${newPhone.slice(0, 3)}****${newPhone.slice(7)}`,
    });
    // The ticket is single-use.
    const again = await post(
      '/user/changeMobile',
      { ticket, phone: randomPhone(), code: '123456' },
      token,
    );
    expect(again.status).toBe(400);
  });

  it('refuses a missing or forged ticket, a taken phone and the same phone', async () => {
    const { token, phone } = await login(t.app);
    const other = await login(t.app);
    const newPhone = randomPhone();
    const newCode = await smsCode(newPhone, 'changeMobile');
    const forged = await post(
      '/user/changeMobile',
      { ticket: 'forged', phone: newPhone, code: newCode },
      token,
    );
    expect(forged.body.error).toBe('MOBILE_TICKET_INVALID');
    const missing = await post('/user/changeMobile', { phone: newPhone, code: newCode }, token);
    expect(missing.body.error).toBe('MOBILE_TICKET_INVALID');
    const taken = await post(
      '/user/changeMobile',
      { ticket: 'x', phone: other.phone, code: '123456' },
      token,
    );
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('PHONE_TAKEN');
    const same = await post('/user/changeMobile', { ticket: 'x', phone, code: '123456' }, token);
    expect(same.body.error).toBe('PHONE_SAME');
  });
});

describe('real-name authentication', () => {
  it('accepts a valid name and ID and stores them masked only', async () => {
    const { token } = await login(t.app);
    expect((await get('/user/RealNameAuthentication', token)).body.data).toEqual({
      verified: false,
    });
    const idCard = idCardFor('19900307');
    const res = await post('/user/RealNameAuthentication', { realName: '张小三', idCard }, token);
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({
      verified: true,
      realName: '张*三',
      idCard: `1101${'*'.repeat(10)}${idCard.slice(14)}`,
    });
    const rows = await t.app.deps.db.selectFrom('app_user').selectAll().execute();
    const text = JSON.stringify(rows);
    expect(text).not.toContain(idCard);
    expect(text).not.toContain('张小三');
    const again = await post('/user/RealNameAuthentication', { realName: '张小三', idCard }, token);
    expect(again.body.error).toBe('REAL_NAME_DONE');
    const other = await login(t.app);
    const dup = await post(
      '/user/RealNameAuthentication',
      { realName: '张小三', idCard },
      other.token,
    );
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('ID_CARD_TAKEN');
  });

  it.each([
    [{ realName: '张小三', idCard: `${idCardFor('19900307').slice(0, 17)}0` }, 'ID_CARD_INVALID'],
    [{ realName: '张小三', idCard: idCardFor('19901332') }, 'ID_CARD_INVALID'],
    [{ realName: '张小三', idCard: '11010119900307123' }, 'ID_CARD_INVALID'],
    [
      { realName: '张小三', idCard: idCardFor(`${new Date().getFullYear() - 10}0101`) },
      'ID_CARD_UNDERAGE',
    ],
    [{ realName: 'Tom', idCard: idCardFor('19900307') }, 'REAL_NAME_INVALID'],
    [{ realName: '张', idCard: idCardFor('19900307') }, 'REAL_NAME_INVALID'],
    [{ idCard: idCardFor('19900307') }, 'REAL_NAME_INVALID'],
  ])('rejects %o', async (body, error) => {
    const { token } = await login(t.app);
    const res = await post('/user/RealNameAuthentication', body as Record<string, string>, token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect((await get('/user/RealNameAuthentication', token)).body.data).toEqual({
      verified: false,
    });
  });

  it('accepts names with the minority middle dot and an X check character', async () => {
    const { token } = await login(t.app);
    let seq = 100;
    let idCard = idCardFor('19851201', String(seq));
    while (!idCard.endsWith('X')) idCard = idCardFor('19851201', String(++seq));
    const res = await post(
      '/user/RealNameAuthentication',
      { realName: '阿依·买买提', idCard: idCard.toLowerCase() },
      token,
    );
    expect(res.body.code).toBe(1);
  });
});
