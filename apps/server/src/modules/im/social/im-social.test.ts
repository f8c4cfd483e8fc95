import TIM, { type TimEvent } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import { API, call, login, randomPhone } from '../../../../test/helpers.ts';
import { makeAdmin } from '../../../../test/kits/aftersale-kit.ts';
import {
  client,
  errorOf,
  eventually,
  imServerPerFile,
  imUser,
  rawCall,
} from '../../../../test/kits/im-kit.ts';
import { makeProduct } from '../../../../test/kits/order-kit.ts';

const s = imServerPerFile();
const open = s.open;

async function two() {
  const a = await imUser(s.app, 'A');
  const b = await imUser(s.app, 'B');
  const ca = await client(s.url, a);
  const cb = await client(s.url, b);
  open.push(ca, cb);
  return { a, b, ca, cb };
}

describe('profiles', () => {
  it('updateMyProfile: every SPEC §5 rule, checked by the SDK and by the server', async () => {
    const { a, ca, cb } = await two();
    const bad: Array<Record<string, unknown>> = [
      { nick: 'x'.repeat(501) },
      { nick: '字'.repeat(167) }, // 501 bytes in UTF-8
      { nick: 5 },
      { gender: 'Gender_Type_Robot' },
      { allowType: 'nope' },
      { adminForbidType: 'x' },
      { birthday: '19900101' },
      { language: 1.5 },
      { level: 'high' },
      { role: null },
      { location: 3 },
      { selfSignature: {} },
      { avatar: [] },
      { messageSettings: 2 },
      { profileCustomField: [{ key: 'Other', value: 'x' }] },
      { profileCustomField: [{ key: 'Tag_Profile_Custom_x', value: 1 }] },
      { profileCustomField: 'x' },
      { unknownKey: 1 },
    ];
    for (const body of bad) {
      expect(await errorOf(ca.tim.updateMyProfile(body)), JSON.stringify(body)).toBe(
        'IM_PROFILE_INVALID',
      );
      // straight to the server (bypassing the SDK's own check)
      const raw = rawCall(ca);
      expect(await errorOf(raw('updateMyProfile', body)), JSON.stringify(body)).toBe(
        'IM_PROFILE_INVALID',
      );
    }
    expect(await errorOf(ca.tim.updateMyProfile({}))).toBe('IM_PROFILE_NO_KEY');
    const profileEvents: TimEvent[] = [];
    cb.tim.on(TIM.EVENT.PROFILE_UPDATED, (e) => profileEvents.push(e));
    const ok = await ca.tim.updateMyProfile({
      nick: '字'.repeat(166),
      gender: TIM.TYPES.GENDER_FEMALE,
      allowType: TIM.TYPES.ALLOW_TYPE_ALLOW_ANY,
      birthday: 19900101,
      language: 1,
      level: 2,
      role: 3,
      location: '上海',
      selfSignature: 'hi',
      avatar: 'https://x/y.png',
      messageSettings: 1,
      adminForbidType: TIM.TYPES.FORBID_TYPE_NONE,
      profileCustomField: [{ key: 'Tag_Profile_Custom_hobby', value: '读书' }],
    });
    expect(ok.data.nick).toBe('字'.repeat(166));
    expect(ok.data.profileCustomField).toEqual([
      { key: 'Tag_Profile_Custom_hobby', value: '读书' },
    ]);
    const got = await cb.tim.getUserProfile({ userIDList: [a.userID, 'missing-user'] });
    expect(got.data.map((p) => p.userID)).toEqual([a.userID]);
    expect(got.data[0]?.gender).toBe('Gender_Type_Female');
    expect(await errorOf(cb.tim.getUserProfile({ userIDList: [] }))).toBe('IM_PROFILE_QUERY_EMPTY');
    // capped at 100 ids per query
    const many = Array.from({ length: 150 }, (_, i) => `id${i}`);
    expect((await cb.tim.getUserProfile({ userIDList: [...many, a.userID] })).data).toHaveLength(0);
  });
});

describe('friends', () => {
  it('request → accept (subscribed) / refuse (unsubscribed); delete takes an array ≤ 1000', async () => {
    const { a, b, ca, cb } = await two();
    const aEvents: TimEvent[] = [];
    const bApps: TimEvent[] = [];
    ca.tim.on(TIM.EVENT.FRIEND_LIST_UPDATED, (e) => aEvents.push(e));
    cb.tim.on(TIM.EVENT.FRIEND_APPLICATION_LIST_UPDATED, (e) => bApps.push(e));
    expect(await errorOf(ca.tim.addFriend({ to: a.userID }))).toBe('IM_FRIEND_SELF');
    expect(await errorOf(ca.tim.addFriend({ to: 'ghost' }))).toBe('IM_USER_NOT_FOUND');
    expect((await ca.tim.addFriend({ to: b.userID, wording: '你好' })).data).toEqual({
      result: 'pending',
    });
    await eventually(() => expect(bApps).toHaveLength(1));
    const apps = (await cb.tim.getFriendApplicationList()).data as Array<{
      userID: string;
      type: string;
    }>;
    expect(apps).toEqual([
      expect.objectContaining({ userID: a.userID, type: 'Pendency_Type_ComeIn' }),
    ]);
    await cb.tim.acceptFriendApplication({ userID: a.userID });
    await eventually(() =>
      expect(aEvents.map((e) => (e.data as { type: string }).type)).toContain('subscribed'),
    );
    expect(
      ((await ca.tim.getFriendList()).data as Array<{ userID: string }>).map((f) => f.userID),
    ).toEqual([b.userID]);
    expect(await errorOf(ca.tim.addFriend({ to: b.userID }))).toBe('IM_FRIEND_EXISTS');
    expect(await errorOf(cb.tim.acceptFriendApplication({ userID: a.userID }))).toBe(
      'IM_FRIEND_REQUEST_NOT_FOUND',
    );

    const c = await imUser(s.app);
    const cc = await client(s.url, c);
    open.push(cc);
    const cEvents: TimEvent[] = [];
    cc.tim.on(TIM.EVENT.FRIEND_LIST_UPDATED, (e) => cEvents.push(e));
    await cc.tim.addFriend({ to: b.userID });
    await cb.tim.refuseFriendApplication({ userID: c.userID });
    await eventually(() =>
      expect(cEvents.map((e) => (e.data as { type: string }).type)).toContain('unsubscribed'),
    );

    expect(await errorOf(ca.tim.deleteFriend({ userIDList: b.userID as never }))).toBe(
      'IM_FRIEND_DELETE_INVALID',
    );
    expect(
      await errorOf(
        ca.tim.deleteFriend({ userIDList: Array.from({ length: 1001 }, (_, i) => `x${i}`) }),
      ),
    ).toBe('IM_FRIEND_DELETE_INVALID');
    const raw = rawCall(ca);
    expect(await errorOf(raw('deleteFriend', { userIDList: 'x' }))).toBe(
      'IM_FRIEND_DELETE_INVALID',
    );
    const del = (await ca.tim.deleteFriend({ userIDList: [b.userID, 'ghost'] })).data as {
      successUserIDList: string[];
    };
    expect(del.successUserIDList).toEqual([b.userID]);
    expect((await cb.tim.getFriendList()).data).toEqual([]);
  });

  it('allowType AllowAny adds at once; DenyAny refuses', async () => {
    const { b, ca, cb } = await two();
    await cb.tim.updateMyProfile({ allowType: TIM.TYPES.ALLOW_TYPE_ALLOW_ANY });
    expect((await ca.tim.addFriend({ to: b.userID })).data).toEqual({ result: 'added' });
    await ca.tim.deleteFriend({ userIDList: [b.userID] });
    await cb.tim.updateMyProfile({ allowType: TIM.TYPES.ALLOW_TYPE_DENY_ANY });
    expect(await errorOf(ca.tim.addFriend({ to: b.userID }))).toBe('IM_FRIEND_DENIED');
  });
});

describe('find a friend by phone', () => {
  const lookup = (phone: string, token?: string) =>
    call<{ userID: string; nick: string }>(s.app, {
      method: 'GET',
      url: `${API}/im/userByPhone?phone=${phone}`,
      token,
    });

  it('answers the IM id of a registered phone; bad, unknown or anonymous lookups are refused', async () => {
    const me = await login(s.app);
    const friend = await login(s.app);
    const sig = await call<{ userID: string }>(s.app, {
      method: 'GET',
      url: `${API}/user/getUserSig`,
      token: friend.token,
    });
    const found = await lookup(friend.phone, me.token);
    expect(found.status).toBe(200);
    expect(found.body.data.userID).toBe(sig.body.data.userID);
    expect((await lookup(friend.phone)).body.error).toBe('LOGIN_REQUIRED');
    expect((await lookup('12345', me.token)).body.error).toBe('PHONE_INVALID');
    const unknown = await lookup(randomPhone(), me.token);
    expect([unknown.status, unknown.body.error]).toEqual([404, 'IM_PHONE_NOT_FOUND']);
  });

  it('is rate-limited per user, so the phone book cannot be enumerated', async () => {
    const me = await login(s.app);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await lookup(randomPhone(), me.token)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('shop by chat id (客服)', () => {
  it("gives the store's chat account, made on first use, which a buyer can message", async () => {
    const { storeId } = await makeProduct(s.app);
    const me = await login(s.app);
    const shop = await call<{ userID: string; nick: string }>(s.app, {
      method: 'GET',
      url: `${API}/message/shopByChatId?storeId=${storeId}`,
      token: me.token,
    });
    expect(shop.status).toBe(200);
    expect(shop.body.data.userID).toBe(`store_${storeId}`);
    expect(shop.body.data.nick).toMatch(/^测试店铺/);
    const missing = await call(s.app, {
      method: 'GET',
      url: `${API}/message/shopByChatId?storeId=99999999`,
      token: me.token,
    });
    expect([missing.status, missing.body.error]).toEqual([404, 'STORE_NOT_FOUND']);
    // A buyer can message the shop at once.
    const buyer = await client(s.url, await imUser(s.app, 'buyer'));
    open.push(buyer);
    const sent = await buyer.tim.sendMessage(
      buyer.tim.createTextMessage({
        to: shop.body.data.userID,
        conversationType: TIM.TYPES.CONV_C2C,
        payload: { text: '在吗？' },
      }),
    );
    expect(sent.data.message.status).toBe('success');
    // The operator can then give the shop account a password (once).
    const admin = await makeAdmin(s.app);
    const register = (password: string) =>
      s.app.inject({
        method: 'POST',
        url: '/chaopin/app/users',
        headers: { token: admin, 'content-type': 'application/json' },
        payload: JSON.stringify({ username: shop.body.data.userID, password }),
      });
    expect((await register('Shop@1')).statusCode).toBe(200);
    expect((await register('Other@2')).json().error).toBe('IM_REST_USER_EXISTS');
  });
});

describe('blacklist', () => {
  it('array only; only-self is an error; self filtered; get pages 30 from startIndex', async () => {
    const { a, b, ca, cb } = await two();
    const updates: TimEvent[] = [];
    ca.tim.on(TIM.EVENT.BLACKLIST_UPDATED, (e) => updates.push(e));
    expect(await errorOf(ca.tim.addToBlacklist({ userIDList: a.userID as never }))).toBe(
      'IM_BLACKLIST_INVALID',
    );
    expect(await errorOf(ca.tim.addToBlacklist({ userIDList: [a.userID] }))).toBe(
      'IM_BLACKLIST_SELF',
    );
    const raw = rawCall(ca);
    expect(await errorOf(raw('addToBlacklist', { userIDList: [a.userID] }))).toBe(
      'IM_BLACKLIST_SELF',
    );
    expect(await errorOf(raw('addToBlacklist', { userIDList: 'x' }))).toBe('IM_BLACKLIST_INVALID');
    expect(await errorOf(raw('removeFromBlacklist', { userIDList: 7 }))).toBe(
      'IM_BLACKLIST_INVALID',
    );
    const others = Array.from({ length: 34 }, (_, i) => `blk${i}`);
    await raw('addToBlacklist', { userIDList: [a.userID, b.userID, ...others] });
    await eventually(() => expect(updates.length).toBeGreaterThan(0));
    const p1 = (await ca.tim.getBlacklist()).data as Array<{ userID: string; timeStamp: number }>;
    expect(p1).toHaveLength(30);
    expect(p1.some((x) => x.userID === a.userID)).toBe(false);
    const p2 = (await ca.tim.getBlacklist({ startIndex: 30 })).data as unknown[];
    expect(p2).toHaveLength(5);
    await ca.tim.removeFromBlacklist({ userIDList: [b.userID] });
    expect(((await ca.tim.getBlacklist({ startIndex: 0 })).data as unknown[]).length).toBe(30);
    void cb;
  });
});

describe('reaching an app user who has never opened the chat', () => {
  it('by user id: a friend request and a message reach them; a user id nobody has is refused', async () => {
    const a = await imUser(s.app, 'A');
    const ca = await client(s.url, a);
    open.push(ca);
    const newcomer = await login(s.app); // registered, no userSig asked yet
    const info = await call<{ id: number; nickname: string }>(s.app, {
      method: 'GET',
      url: `${API}/user/queryUser`,
      token: newcomer.token,
    });
    const id = String(info.body.data.id);
    expect((await ca.tim.addFriend({ to: id, wording: '你好' })).data).toEqual({
      result: 'pending',
    });
    const profile = (await ca.tim.getUserProfile({ userIDList: [id] })).data;
    expect(profile[0]?.nick).toBe(info.body.data.nickname);
    const sent = await ca.tim.sendMessage(
      ca.tim.createTextMessage({ to: id, conversationType: 'C2C', payload: { text: '在吗' } }),
    );
    expect(sent.data.message.status).toBe('success');
    // Their client, once it logs in, finds the request and the message waiting.
    const sig = await call<{ userID: string; userSig: string }>(s.app, {
      method: 'GET',
      url: `${API}/user/getUserSig`,
      token: newcomer.token,
    });
    const cb = await client(s.url, sig.body.data);
    open.push(cb);
    expect((await cb.tim.getFriendApplicationList()).data).toEqual([
      expect.objectContaining({ userID: a.userID, type: 'Pendency_Type_ComeIn' }),
    ]);
    const history = await cb.tim.getMessageList({ conversationID: `C2C${a.userID}` });
    expect(history.data.messageList.map((m) => (m.payload as { text: string }).text)).toEqual([
      '在吗',
    ]);
    for (const nobody of ['2147483647', '99999999999', '0', 'nobody']) {
      expect(await errorOf(ca.tim.addFriend({ to: nobody }))).toBe('IM_USER_NOT_FOUND');
    }
  });
});
