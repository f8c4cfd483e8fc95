// TIM compatibility (issue 30): login, state, events and errors, each snippet written as
// Tencent's tim-js-sdk / @tencentcloud/chat documentation writes it, run against a real server.
import TIM, { TencentCloudChat } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import {
  eventually,
  imServerPerFile,
  operatorToken,
  restKick,
  testAppID,
} from '../../../../test/kits/im-kit.ts';
import { account, create, rejection, session } from '../../../../test/kits/tim-compat-kit.ts';
import { UserSigs } from '../session/im-sig.ts';

const s = imServerPerFile();

describe('TIM snippets: login and SDK state', () => {
  it('login → SDK_READY, then a second login resolves with repeatLogin', async () => {
    const { userID, userSig } = await account(s);
    const tim = create(s);
    let onSdkReady = 0;
    tim.on(TIM.EVENT.SDK_READY, () => {
      onSdkReady++;
    });
    const imResponse = await tim.login({ userID, userSig });
    expect(imResponse.code).toBe(0);
    expect(imResponse.data.repeatLogin).toBe(false);
    await eventually(() => expect(onSdkReady).toBe(1));
    expect(tim.isReady()).toBe(true);
    const again = await tim.login({ userID, userSig });
    expect(again.data.repeatLogin).toBe(true);
  });

  it('a login while one is in flight rejects with 2025 (REPEAT_LOGIN)', async () => {
    const { userID, userSig } = await account(s);
    const tim = create(s);
    const first = tim.login({ userID, userSig });
    const imError = await rejection(tim.login({ userID, userSig }));
    expect(imError.code).toBe(2025);
    await first;
  });

  it('a logout abandons a login in flight: the next login is not refused', async () => {
    const { userID, userSig } = await account(s);
    const tim = create(s);
    const first = tim.login({ userID, userSig }).catch((imError) => imError);
    await tim.logout();
    const imResponse = await tim.login({ userID, userSig });
    expect(imResponse.data.repeatLogin).toBe(false);
    expect(tim.isReady()).toBe(true);
    void first;
  });

  it('login without userID or userSig rejects with 2002 / 2003', async () => {
    const tim = create(s);
    expect((await rejection(tim.login({ userID: '', userSig: 'x' }))).code).toBe(2002);
    expect((await rejection(tim.login({ userID: 'someone', userSig: '' }))).code).toBe(2003);
  });

  it('a userSig that is not ours rejects with 70009; an expired one with 70001', async () => {
    const { userID, userSig } = await account(s);
    const tim = create(s);
    const bad = await rejection(tim.login({ userID, userSig: `${userSig}x` }));
    expect([bad.code, bad.error]).toEqual([70009, 'IM_SIG_INVALID']);
    expect(bad.message).toBeTruthy();
    const old = new UserSigs(s.app.deps.secret).issue(userID, Date.now() - 10_000, 1).userSig;
    const expired = await rejection(tim.login({ userID, userSig: old }));
    expect([expired.code, expired.error]).toEqual([70001, 'IM_SIG_INVALID']);
  });

  it('TIM.create returns one instance per SDKAppID until it is destroyed (SDK_DESTROY)', async () => {
    const SDKAppID = testAppID();
    const tim = TIM.create({ SDKAppID, server: s.url });
    expect(TIM.create({ SDKAppID, server: s.url })).toBe(tim);
    let destroyed: unknown;
    tim.on(TIM.EVENT.SDK_DESTROY, (event) => {
      destroyed = event.data;
    });
    await tim.destroy();
    expect(destroyed).toEqual({ SDKAppID });
    const next = TIM.create({ SDKAppID, server: s.url });
    expect(next).not.toBe(tim);
    await next.destroy();
    expect(() => TIM.create({ SDKAppID: 0 })).toThrow(expect.objectContaining({ code: 2000 }));
  });

  it('the v3 spelling: TencentCloudChat.create with TencentCloudChat.EVENT / TYPES', async () => {
    const { userID, userSig } = await account(s);
    const chat = TencentCloudChat.create({ SDKAppID: testAppID(), server: s.url });
    s.open.push({ tim: chat, userID, received: [], events: [], close: async () => {} });
    expect(TencentCloudChat.EVENT).toBe(TIM.EVENT);
    expect(TencentCloudChat.TYPES.GRP_MEETING).toBe('ChatRoom');
    chat.setLogLevel(0);
    chat.registerPlugin({ 'tim-upload-plugin': class TIMUploadPlugin {} });
    expect(chat.isReady()).toBe(false);
    let ready = false;
    chat.on(TencentCloudChat.EVENT.SDK_READY, () => {
      ready = true;
    });
    await chat.login({ userID, userSig });
    expect(ready).toBe(true);
    await chat.destroy();
  });

  it('tim.on with an event name TIM does not have throws a clear error', () => {
    const tim = create(s);
    expect(() => tim.on('onMessageRecieved', () => undefined)).toThrow(/onMessageRecieved/);
    expect(() => tim.on(TIM.EVENT.MESSAGE_MODIFIED, () => undefined)).not.toThrow();
  });
});

describe('TIM snippets: calls before SDK_READY and after a kick', () => {
  it('a call before login rejects with 2024, and the ERROR event carries { code, message }', async () => {
    const tim = create(s);
    const errors: Array<{ code: number; message: string }> = [];
    tim.on(TIM.EVENT.ERROR, (event) => {
      errors.push(event.data as { code: number; message: string });
    });
    const imError = await rejection(tim.getConversationList());
    expect(imError.code).toBe(2024);
    expect(errors).toEqual([{ code: 2024, message: imError.message, error: 'IM_SDK_NOT_READY' }]);
  });

  it('after logout: SDK_NOT_READY, and calls reject with 3005 (LOGGED_OUT)', async () => {
    const { tim, events } = await session(s);
    await tim.logout();
    expect(events.at(-1)?.name).toBe(TIM.EVENT.SDK_NOT_READY);
    expect((await rejection(tim.getMyProfile())).code).toBe(3005);
  });

  it('an expiring userSig: KICKED_OUT userSigExpired, then calls reject with 3004', async () => {
    const { userID } = await account(s);
    const userSig = new UserSigs(s.app.deps.secret).issue(userID, Date.now(), 2).userSig;
    const tim = create(s);
    let kickedType = '';
    tim.on(TIM.EVENT.KICKED_OUT, (event) => {
      kickedType = (event.data as { type: string }).type;
    });
    await tim.login({ userID, userSig });
    await eventually(() => expect(kickedType).toBe(TIM.TYPES.KICKED_OUT_USERSIG_EXPIRED), 5000);
    expect((await rejection(tim.getConversationList())).code).toBe(3004);
    // a new userSig logs the same instance in again
    const fresh = new UserSigs(s.app.deps.secret).issue(userID).userSig;
    expect((await tim.login({ userID, userSig: fresh })).data.repeatLogin).toBe(false);
  });

  it('a REST kick: KICKED_OUT REST_API_Kick, then calls reject with 3006', async () => {
    const { tim, userID } = await session(s);
    let kickedType = '';
    tim.on(TIM.EVENT.KICKED_OUT, (event) => {
      kickedType = (event.data as { type: string }).type;
    });
    const token = await operatorToken(s.app);
    expect((await restKick(s.app, userID, token)).statusCode).toBe(200);
    await eventually(() => expect(kickedType).toBe(TIM.TYPES.KICKED_OUT_REST_API));
    expect((await rejection(tim.getConversationList())).code).toBe(3006);
  });
});
