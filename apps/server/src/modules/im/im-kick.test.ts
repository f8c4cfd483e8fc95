import { KICKED_OUT, PUSH } from '@chaopin/contracts';
import TIM from '@chaopin/im-sdk';
import { LiveLongPollClient } from '@chaopin/im-sdk/live';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { UserSigs } from './im-sig.ts';
import {
  type Client,
  client,
  errorOf,
  eventually,
  imUser,
  restKick as kick,
  listen,
  operatorToken,
  REST_BASE,
  text,
  twoNodesPerSuite,
} from './im-test-kit.ts';
import { KickRepo } from './kick.repo.ts';
import { SigGate } from './sig-gate.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The events a kick raises, in order, and nothing after them. */
function afterKick(c: Client, type: string) {
  const at = c.events.findIndex((e) => e.name === TIM.EVENT.KICKED_OUT);
  expect(at).toBeGreaterThanOrEqual(0);
  return { at, tail: c.events.slice(at).map((e) => [e.name, e.data]), type };
}
const KICK_TAIL = (type: string) => [
  [TIM.EVENT.KICKED_OUT, { type }],
  [TIM.EVENT.NET_STATE_CHANGE, { state: TIM.TYPES.NET_STATE_DISCONNECTED }],
  [TIM.EVENT.SDK_NOT_READY, {}],
];
const kicked = (c: Client) => c.events.some((e) => e.name === TIM.EVENT.KICKED_OUT);

/** A raw socket (no SDK): what the server itself does to a session it kicks. */
function raw(server: string, auth: { userID: string; userSig: string }) {
  const seen: string[] = [];
  const socket: Socket = io(server, {
    path: '/socket.io/',
    auth,
    reconnection: false,
    transports: ['websocket'],
  });
  socket.onAny((event: string, data: { type?: string }) => seen.push(`${event}:${data?.type}`));
  socket.on('disconnect', (reason) => seen.push(`disconnect:${reason}`));
  const connected = new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, seen, connected };
}

/** The connect refusal of a raw socket: its error id and the kick it is reported as. */
function refusal(server: string, auth: { userID: string; userSig: string }) {
  const s = io(server, {
    path: '/socket.io/',
    auth,
    reconnection: false,
    transports: ['websocket'],
  });
  return new Promise<{ error?: string; kicked?: string }>((resolve) => {
    s.on('connect', () => {
      s.disconnect();
      resolve({ error: 'CONNECTED' });
    });
    s.on('connect_error', (err: Error & { data?: { error?: string; kicked?: string } }) => {
      s.disconnect();
      resolve({ error: err.data?.error, kicked: err.data?.kicked });
    });
  });
}

describe('single node', () => {
  let t: TestApp;
  let server: string;
  let sigs: UserSigs;
  const open: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    server = await listen(t.app);
    sigs = new UserSigs(t.app.deps.secret);
  });
  afterAll(async () => {
    for (const c of open) await c.close();
    await t?.close();
  });

  it('a session whose userSig expires is kicked out (USERSIG_EXPIRED) and stays out until a new login', async () => {
    const a = await imUser(t.app);
    const short = { userID: a.userID, userSig: sigs.issue(a.userID, Date.now(), 2).userSig };
    const c = await client(server, short);
    const other = await client(server, a); // the same user on a long-lived sig
    open.push(c, other);
    expect(c.tim.isReady()).toBe(true);
    await eventually(() => expect(kicked(c)).toBe(true), 5000);
    const { tail } = afterKick(c, KICKED_OUT.USERSIG_EXPIRED);
    expect(tail).toEqual(KICK_TAIL(TIM.TYPES.KICKED_OUT_USERSIG_EXPIRED));
    expect(c.tim.isReady()).toBe(false);
    expect(await errorOf(() => c.tim.getConversationList())).toBe('IM_SDK_NOT_READY');
    expect(await errorOf(() => c.tim.getMyProfile())).toBe('IM_SDK_NOT_READY');
    expect(await errorOf(c.tim.joinGroup({ groupID: 'g1' }))).not.toBe('NO_ERROR');
    // no reconnect: nothing happens after the kick
    const count = c.events.length;
    await sleep(600);
    expect(c.events.length).toBe(count);
    // only that session: the other one (another sig) is untouched
    expect(kicked(other)).toBe(false);
    expect((await other.tim.getMyProfile()).data.userID).toBe(a.userID);
    // the expired sig is refused; a new one logs the same SDK instance in again
    expect(await errorOf(c.tim.login(short))).toBe('IM_SIG_INVALID');
    const fresh = { userID: a.userID, userSig: sigs.issue(a.userID).userSig };
    expect((await c.tim.login(fresh)).data.repeatLogin).toBe(false);
    expect(c.tim.isReady()).toBe(true);
    expect((await c.tim.getMyProfile()).data.userID).toBe(a.userID);
  });

  it('the server pushes the kick and closes a raw socket on expiry', async () => {
    const a = await imUser(t.app);
    const r = raw(server, {
      userID: a.userID,
      userSig: sigs.issue(a.userID, Date.now(), 1).userSig,
    });
    await r.connected;
    await eventually(() => expect(r.seen).toContain('disconnect:io server disconnect'), 4000);
    expect(r.seen).toEqual([
      `${PUSH.KICKED}:${KICKED_OUT.USERSIG_EXPIRED}`,
      'disconnect:io server disconnect',
    ]);
    // a session closed by its client before the expiry is not touched afterwards
    const b = raw(server, {
      userID: a.userID,
      userSig: sigs.issue(a.userID, Date.now(), 1).userSig,
    });
    await b.connected;
    b.socket.disconnect();
    await sleep(1500);
    expect(b.seen).toEqual(['disconnect:io client disconnect']);
  });

  it('REST force logout kicks every session of the user (REST_API) and refuses its old credentials', async () => {
    const ops = await operatorToken(t.app);
    // user A is an app user: its IM credential comes from getUserSig
    const { token } = await login(t.app);
    const getSig = () =>
      call<{ userID: string; userSig: string }>(t.app, {
        method: 'GET',
        url: `${API}/user/getUserSig`,
        token,
      }).then((r) => ({ userID: r.body.data.userID, userSig: r.body.data.userSig }));
    const a = await getSig();
    const b = await imUser(t.app);
    const a1 = await client(server, a);
    const a2 = await client(server, a);
    const b1 = await client(server, b);
    open.push(a1, a2, b1);
    const ra = raw(server, a);
    await ra.connected;

    // the catalogue errors: no or bad bearer, unknown user, not an operator
    const none = await kick(t.app, a.userID);
    expect([none.statusCode, none.json().error]).toEqual([401, 'IM_REST_TOKEN_INVALID']);
    const forged = await kick(t.app, a.userID, `${ops}x`);
    expect([forged.statusCode, forged.json().error]).toEqual([401, 'IM_REST_TOKEN_INVALID']);
    const unknown = await kick(t.app, `nobody_${Date.now()}`, ops);
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'IM_USER_NOT_FOUND']);
    const byUser = await kick(t.app, a.userID, b.userSig);
    expect([byUser.statusCode, byUser.json().error]).toEqual([403, 'IM_REST_KICK_FORBIDDEN']);
    const tooLong = await kick(t.app, 'x'.repeat(65), ops);
    expect(tooLong.statusCode).toBe(400);
    expect(kicked(a1) || kicked(a2)).toBe(false);

    const res = await kick(t.app, a.userID, ops);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ action: 'get', entities: [], data: { result: true } });
    for (const c of [a1, a2]) {
      await eventually(() => expect(kicked(c)).toBe(true));
      expect(afterKick(c, KICKED_OUT.REST_API).tail).toEqual(
        KICK_TAIL(TIM.TYPES.KICKED_OUT_REST_API),
      );
      expect(c.tim.isReady()).toBe(false);
      expect(await errorOf(() => c.tim.getConversationList())).toBe('IM_SDK_NOT_READY');
    }
    await eventually(() =>
      expect(ra.seen).toEqual([
        `${PUSH.KICKED}:${KICKED_OUT.REST_API}`,
        'disconnect:io server disconnect',
      ]),
    );
    // another user is untouched
    expect(kicked(b1)).toBe(false);
    expect(b1.tim.isReady()).toBe(true);

    // the old credential is refused everywhere: socket, REST bearer, live rooms; even by a node
    // that never cached it (the kick time is stored)
    expect(await errorOf(a1.tim.login(a))).toBe('IM_SIG_INVALID');
    expect(await refusal(server, a)).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: KICKED_OUT.REST_API,
    });
    const asA = await t.app.inject({
      method: 'GET',
      url: `${REST_BASE}/chatrooms`,
      headers: { authorization: `Bearer ${a.userSig}` },
    });
    expect([asA.statusCode, asA.json().error]).toEqual([401, 'IM_REST_TOKEN_INVALID']);
    const cold = new SigGate(sigs, new KickRepo(t.app.deps.db));
    expect(await cold.check(a.userID, a.userSig)).toBeUndefined();
    expect(await cold.check(b.userID, b.userSig)).toBeDefined();

    // a new getUserSig logs in again, and messages flow
    const again = await getSig();
    expect((await a1.tim.login(again)).data.repeatLogin).toBe(false);
    expect(a1.tim.isReady()).toBe(true);
    await b1.tim.sendMessage(text(b1.tim, a.userID, 'welcome back'));
    await eventually(() =>
      expect(a1.received.map((m) => (m.payload as { text: string }).text)).toContain(
        'welcome back',
      ),
    );
    ra.socket.disconnect();
  });

  it('a user may log itself out by REST; its access token is refused afterwards', async () => {
    const b = await imUser(t.app);
    const b1 = await client(server, b);
    open.push(b1);
    const res = await kick(t.app, b.userID, b.userSig);
    expect(res.statusCode).toBe(200);
    await eventually(() => expect(kicked(b1)).toBe(true));
    const again = await kick(t.app, b.userID, b.userSig);
    expect([again.statusCode, again.json().error]).toEqual([401, 'IM_REST_TOKEN_INVALID']);
  });

  it('a refused reconnect says why: expired sig, kicked sig, or neither', async () => {
    const a = await imUser(t.app);
    const expired = sigs.issue(a.userID, Date.now() - 10_000, 1).userSig;
    expect(await refusal(server, { userID: a.userID, userSig: expired })).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: KICKED_OUT.USERSIG_EXPIRED,
    });
    expect(await refusal(server, { userID: a.userID, userSig: 'x.y' })).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: undefined,
    });
    expect(await refusal(server, { userID: 'someone-else', userSig: a.userSig })).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: undefined,
    });
    expect(await refusal(server, a)).toEqual({ error: 'CONNECTED' });
  });

  it('a kick racing a reconnect still ends in KICKED_OUT (REST_API), whichever comes first', async () => {
    const ops = await operatorToken(t.app);
    const a = await imUser(t.app);
    const c = await client(server, a);
    open.push(c);
    c.tim.__dropConnection();
    expect((await kick(t.app, a.userID, ops)).statusCode).toBe(200);
    await eventually(() => expect(kicked(c)).toBe(true));
    const names = c.events.map((e) => e.name);
    expect(names.filter((n) => n === TIM.EVENT.KICKED_OUT)).toHaveLength(1);
    expect(names).not.toContain(TIM.EVENT.ERROR);
    expect(c.events.at(-1)?.name).toBe(TIM.EVENT.SDK_NOT_READY);
    expect(c.tim.isReady()).toBe(false);
  });

  it('the SDK reports a reconnect refused for an expired or kicked sig as KICKED_OUT', async () => {
    const { createServer } = await import('node:http');
    const { Server } = await import('socket.io');
    const { Connection } = await import('../../../../../packages/im-sdk/src/connection.ts');
    const http = createServer();
    const sio = new Server(http, { path: '/socket.io/' });
    let refuse = false;
    sio.use((_socket, next) => {
      if (!refuse) return next();
      const err = new Error('refused') as Error & { data: unknown };
      err.data = {
        code: 401,
        error: 'IM_SIG_INVALID',
        msg: 'x',
        data: null,
        kicked: 'userSigExpired',
      };
      next(err);
    });
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    const port = (http.address() as { port: number }).port;
    const seen: string[] = [];
    const conn = new Connection(
      `http://127.0.0.1:${port}`,
      {
        onOpen: () => undefined,
        onNetState: (s) => seen.push(s),
        onPush: () => undefined,
        onClosed: (e) => seen.push(`closed:${e.error}`),
        onKicked: (type) => seen.push(`kicked:${type}`),
      },
      { max: 5, intervalMs: 50 },
    );
    await conn.open('u', 's');
    refuse = true;
    conn.dropTransport();
    await eventually(() => expect(seen).toContain('kicked:userSigExpired'));
    await sleep(200); // no further attempts
    expect(seen).toEqual(['connected', 'connecting', 'kicked:userSigExpired']);
    expect(conn.state).toBe('closed');
    expect(await errorOf(conn.request('getMyProfile', {}))).toBe('IM_DISCONNECTED');
    // a kick push on an open connection closes it the same way
    refuse = false;
    const pushed: string[] = [];
    const conn2 = new Connection(`http://127.0.0.1:${port}`, {
      onOpen: () => undefined,
      onNetState: (s) => pushed.push(s),
      onPush: (event) => pushed.push(event),
      onClosed: (e) => pushed.push(`closed:${e.error}`),
      onKicked: (type) => pushed.push(`kicked:${type}`),
    });
    await conn2.open('u', 's');
    sio.emit(PUSH.KICKED, { type: KICKED_OUT.REST_API });
    sio.emit(PUSH.MESSAGE, {}); // after the kick: never delivered
    await eventually(() => expect(pushed).toContain(`kicked:${KICKED_OUT.REST_API}`));
    await sleep(100);
    expect(pushed).toEqual(['connected', `kicked:${KICKED_OUT.REST_API}`]);
    sio.close();
    http.close();
  });

  it('a long-poll whose key the server refuses closes the channel (SPEC §8 kicked-out long-poll)', async () => {
    const roomId = `live_kick_${Math.random().toString(36).slice(2, 10)}`;
    await t.app.liveRooms.create(roomId, 'owner');
    let polls = 0;
    // The server stops accepting the key after the first poll (as a kicked-out channel's key).
    const lp = new LiveLongPollClient({
      baseUrl: server,
      retryMs: 20,
      fetch: (url, init) => {
        if (String(url).endsWith('/startLongPoll') && ++polls > 1) {
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          return fetch(url, { ...init, body: JSON.stringify({ ...body, key: `${body.key}x` }) });
        }
        return fetch(url, init);
      },
    });
    const states: string[] = [];
    const kickedFrom: string[] = [];
    lp.on('state', (s) => states.push(s));
    lp.on('kicked', (id) => kickedFrom.push(id));
    await lp.joinGroup(roomId);
    await t.app.liveRooms.post(roomId, { from: 'owner', body: { text: 'one' } });
    await eventually(() => expect(kickedFrom).toEqual([roomId]));
    expect(states).toEqual(['disconnected']);
    const settled = polls;
    await sleep(200);
    expect(polls).toBe(settled); // no more polling
    await lp.quitGroup();
  });
});

describe.skipIf(TEST_DB !== 'postgres')('two nodes (Redis adapter)', () => {
  const nodes = twoNodesPerSuite();
  const open = nodes.open;

  it('a REST kick on one node closes the user’s sessions on both, and the other node refuses the old sig at once', async () => {
    const ops = await operatorToken(nodes.app);
    const a = await imUser(nodes.app);
    const b = await imUser(nodes.app);
    const a1 = await client(nodes.url, a);
    const a2 = await client(nodes.url2, a);
    const b2 = await client(nodes.url2, b);
    open.push(a1, a2, b2);
    const r2 = raw(nodes.url2, a);
    await r2.connected;
    expect((await kick(nodes.app, a.userID, ops)).statusCode).toBe(200);
    for (const c of [a1, a2]) {
      await eventually(() => expect(kicked(c)).toBe(true));
      expect(afterKick(c, KICKED_OUT.REST_API).tail).toEqual(
        KICK_TAIL(TIM.TYPES.KICKED_OUT_REST_API),
      );
    }
    await eventually(() => expect(r2.seen).toContain('disconnect:io server disconnect'));
    expect(r2.seen[0]).toBe(`${PUSH.KICKED}:${KICKED_OUT.REST_API}`);
    expect(kicked(b2)).toBe(false);
    // node 2 had the user cached as never kicked: the relay updated it
    expect(await refusal(nodes.url2, a)).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: KICKED_OUT.REST_API,
    });
    const bearer = await nodes.node2.inject({
      method: 'GET',
      url: `${REST_BASE}/chatrooms`,
      headers: { authorization: `Bearer ${a.userSig}` },
    });
    expect(bearer.statusCode).toBe(401);
    const fresh = {
      userID: a.userID,
      userSig: new UserSigs(nodes.app.deps.secret).issue(a.userID).userSig,
    };
    expect((await a2.tim.login(fresh)).data.repeatLogin).toBe(false);
    await b2.tim.sendMessage(text(b2.tim, a.userID, 'hi again'));
    await eventually(() => expect(a2.received.some((m) => m.from === b.userID)).toBe(true));
  });
});
