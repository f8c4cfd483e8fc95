import TIM from '@chaopin/im-sdk';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import {
  client,
  errorOf,
  eventually,
  imUser,
  listen,
  testAppID,
  text,
} from '../../../test/kits/im-kit.ts';

let t: TestApp;
let server: string;

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app);
});
afterAll(async () => t?.close());

describe('identity and transport', () => {
  it('getUserSig issues a credential the SDK logs in with; a bad one is refused', async () => {
    const anon = await call(t.app, { method: 'GET', url: `${API}/user/getUserSig` });
    expect(anon.status).toBe(401);
    const { token } = await login(t.app);
    const res = await call<{ userID: string; userSig: string; expireAt: number; sdkAppId: number }>(
      t.app,
      {
        method: 'GET',
        url: `${API}/user/getUserSig`,
        token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.expireAt).toBeGreaterThan(Date.now() / 1000);
    const c = await client(server, {
      userID: res.body.data.userID,
      userSig: res.body.data.userSig,
    });
    expect(c.tim.isReady()).toBe(true);
    expect(c.events.some((e) => e.name === TIM.EVENT.SDK_READY)).toBe(true);
    const me = await c.tim.getMyProfile();
    expect(me.data.userID).toBe(res.body.data.userID);
    await c.close();

    const bad = TIM.create({ SDKAppID: testAppID(), server });
    expect(
      await errorOf(
        bad.login({ userID: res.body.data.userID, userSig: `${res.body.data.userSig}x` }),
      ),
    ).toBe('IM_SIG_INVALID');
    expect(
      await errorOf(bad.login({ userID: 'someone-else', userSig: res.body.data.userSig })),
    ).toBe('IM_SIG_INVALID');
  });

  it('works over HTTP long-polling too', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const pa = TIM.create({ SDKAppID: testAppID(), server, transports: ['polling'] });
    const pb = TIM.create({ SDKAppID: testAppID(), server, transports: ['polling'] });
    const got: string[] = [];
    pb.on(TIM.EVENT.MESSAGE_RECEIVED, (e) => {
      for (const m of e.data as Array<{ payload: { text: string } }>) got.push(m.payload.text);
    });
    await pa.login(a);
    await pb.login(b);
    await pa.sendMessage(text(pa, b.userID, 'over polling'));
    await eventually(() => expect(got).toEqual(['over polling']));
    await pa.destroy();
    await pb.destroy();
  });

  it('refuses calls before SDK_READY except the allowed list', async () => {
    const tim = TIM.create({ SDKAppID: testAppID(), server });
    expect(await errorOf(() => tim.getConversationList())).toBe('IM_SDK_NOT_READY');
    expect(
      await errorOf(() =>
        tim.createTextMessage({ to: 'x', conversationType: 'C2C', payload: { text: 'a' } }),
      ),
    ).toBe('IM_SDK_NOT_READY');
    expect(await errorOf(() => tim.getMyProfile())).toBe('IM_SDK_NOT_READY');
    // joinGroup is allowed before ready; without a login it needs one.
    expect(await errorOf(tim.joinGroup({ groupID: 'g1' }))).toBe('IM_JOIN_NEED_LOGIN');
    expect(await errorOf(tim.joinGroup({ groupID: 'g1', type: 'Private' }))).toBe(
      'IM_JOIN_WORK_GROUP',
    );
    tim.on(TIM.EVENT.ERROR, () => undefined);
    tim.off(TIM.EVENT.ERROR, () => undefined);
    await tim.logout();
  });

  it('answers malformed frames, unknown commands and oversize text with errors, never disconnecting others', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const cb = await client(server, b);
    const raw = io(server, { path: '/socket.io/', auth: a, transports: ['websocket'] });
    await new Promise<void>((r) => raw.on('connect', () => r()));
    const ask = (event: string, ...args: unknown[]) =>
      raw.timeout(5000).emitWithAck(event, ...args);
    expect((await ask('noSuchCommand', {})).error).toBe('IM_UNKNOWN_COMMAND');
    expect((await ask('__proto__', {})).error).toBe('IM_UNKNOWN_COMMAND');
    expect((await ask('sendMessage', 'not an object')).error).toBe('IM_BAD_FRAME');
    expect((await ask('sendMessage', null)).error).toBe('IM_BAD_FRAME');
    expect((await ask('sendMessage', { to: b.userID })).error).toBe('IM_MESSAGE_INVALID');
    const base = { conversationType: 'C2C', to: b.userID, type: 'TIMTextElem', random: 1 };
    expect(
      (await ask('sendMessage', { ...base, payload: { text: 'x'.repeat(12 * 1024 + 1) } })).error,
    ).toBe('IM_MESSAGE_TOO_LONG');
    expect(
      (await ask('sendMessage', { ...base, conversationType: 'NOPE', payload: { text: 'x' } }))
        .error,
    ).toBe('IM_CONVERSATION_TYPE_INVALID');
    expect(
      (await ask('sendMessage', { ...base, to: 'nobody-here', payload: { text: 'x' } })).error,
    ).toBe('IM_USER_NOT_FOUND');
    expect(
      (await ask('sendMessage', { ...base, type: 'TIMGroupTipElem', payload: {} })).error,
    ).toBe('IM_MESSAGE_INVALID');
    expect((await ask('sendMessage', { ...base, type: 'TIMImageElem', payload: {} })).error).toBe(
      'IM_FILE_URL_EMPTY',
    );
    raw.emit('sendMessage', { junk: true }); // no ack: ignored
    // A frame over the transport limit closes only that socket.
    raw.emit('sendMessage', { ...base, payload: { text: 'y'.repeat(300 * 1024) } });
    await eventually(() => expect(raw.connected).toBe(false));
    raw.disconnect();
    // The other user still works.
    const self = await cb.tim.sendMessage(text(cb.tim, b.userID, 'still here'));
    expect(self.data.message.status).toBe('success');
    await cb.close();
  });

  it('SDK-side checks: text over 12 KB, bad conversation type, missing message', async () => {
    const a = await imUser(t.app);
    const c = await client(server, a);
    expect(await errorOf(() => text(c.tim, 'x', 'z'.repeat(12 * 1024 + 1)))).toBe(
      'IM_MESSAGE_TOO_LONG',
    );
    expect(
      await errorOf(() =>
        c.tim.createTextMessage({ to: 'x', conversationType: 'NOPE', payload: { text: 'a' } }),
      ),
    ).toBe('IM_CONVERSATION_TYPE_INVALID');
    expect(await errorOf(c.tim.sendMessage(undefined as never))).toBe('IM_MESSAGE_REQUIRED');
    await c.close();
  });
});

describe('reconnect limit', () => {
  it('after the last attempt the connection is closed with the disconnected error (NET_STATE disconnected)', async () => {
    const { createServer } = await import('node:http');
    const { Server } = await import('socket.io');
    const { Connection } = await import('../../../../../packages/im-sdk/src/connection.ts');
    const http = createServer();
    const sio = new Server(http, { path: '/socket.io/' });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    const port = (http.address() as { port: number }).port;
    const states: string[] = [];
    let closedWith: string | undefined;
    const opens: boolean[] = [];
    const conn = new Connection(
      `http://127.0.0.1:${port}`,
      {
        onOpen: (first) => opens.push(first),
        onNetState: (s) => states.push(s),
        onPush: () => undefined,
        onClosed: (e) => {
          closedWith = e.error;
        },
      },
      { max: 3, intervalMs: 50 },
    );
    await conn.open('u', 's');
    expect(conn.state).toBe('opened');
    sio.close(); // the server goes away for good
    await eventually(() => expect(closedWith).toBe('IM_DISCONNECTED'));
    expect(states).toEqual(['connected', 'connecting', 'disconnected']);
    expect(conn.state).toBe('closed');
    expect(await errorOf(conn.request('getMyProfile', {}))).toBe('IM_DISCONNECTED');
    expect(opens).toEqual([true]);
    http.close();
  });
});
