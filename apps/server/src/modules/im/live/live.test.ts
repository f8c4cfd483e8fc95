import type { LiveMessage } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, type TestApp } from '../../../../test/helpers.ts';
import { UserSigs } from '../im-sig.ts';
import { listen, liveOf, RawViewer, roomName, sdkClient, sleep, until } from './live-test-kit.ts';

let t: TestApp;
let base: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
  token = (await login(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

async function newRoom(tag: string) {
  const roomId = roomName(tag);
  await t.app.liveRooms.create(roomId, 'owner');
  return roomId;
}

const post = (roomId: string, text: string, priority?: 'High' | 'Normal' | 'Low' | 'Lowest') =>
  t.app.liveRooms.post(roomId, { from: 'u1', body: { text }, ...(priority ? { priority } : {}) });

const seqs = (list: LiveMessage[]) => list.map((m) => m.sequence);
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('live rooms over ws', () => {
  it('join, receive, quit: a quitted viewer gets nothing more', async () => {
    const roomId = await newRoom('join');
    const v = await RawViewer.open(base);
    const joined = await v.request({ op: 'join', roomId });
    expect(joined).toMatchObject({ op: 'joined', roomId, nextSeq: 1 });
    expect(t.app.liveRooms.joinedSessions(roomId)).toBe(1);
    const m = await post(roomId, 'hello');
    expect(m).toMatchObject({
      roomId,
      sequence: 1,
      from: 'u1',
      priority: 'Normal',
      body: { text: 'hello' },
    });
    await until(() => v.messages(roomId).length === 1);
    expect(await v.request({ op: 'quit', roomId })).toMatchObject({ op: 'quitted', roomId });
    expect(t.app.liveRooms.joinedSessions(roomId)).toBe(0);
    await post(roomId, 'after quit');
    await sleep(250);
    expect(v.messages(roomId)).toHaveLength(1);
    v.close();
  });

  it('joining an unknown room or a bad id is refused', async () => {
    const v = await RawViewer.open(base);
    expect(await v.request({ op: 'join', roomId: 'no_such_room' })).toMatchObject({
      op: 'error',
      code: 404,
      error: 'LIVE_ROOM_NOT_FOUND',
    });
    expect(await v.request({ op: 'join', roomId: 'bad id!' })).toMatchObject({
      error: 'LIVE_ROOM_ID_INVALID',
    });
    expect(await v.request({ op: 'join', roomId: 42 })).toMatchObject({
      error: 'LIVE_ROOM_ID_INVALID',
    });
    expect(await v.request({ op: 'fetch', roomId: 'no_such_room', from: 1, to: 2 })).toMatchObject({
      error: 'LIVE_NOT_JOINED',
    });
    v.close();
  });

  it('delivers in batches: a burst arrives in one or two frames, not one per message', async () => {
    const roomId = await newRoom('batch');
    const v = await RawViewer.open(base);
    await v.request({ op: 'join', roomId });
    await Promise.all(range(1, 20).map((i) => post(roomId, `m${i}`)));
    await until(() => v.messages(roomId).length === 20);
    expect(v.batches(roomId)).toBeLessThanOrEqual(2);
    expect(seqs(v.messages(roomId))).toEqual(range(1, 20));
    const frame = v.frames.find((f) => f.op === 'batch');
    expect(frame).toMatchObject({ op: 'batch', roomId, first: 1 });
    v.close();
  });

  it('every viewer gets every message exactly once, in order (5 SDK viewers)', async () => {
    const roomId = await newRoom('many');
    const viewers = Array.from({ length: 5 }, () => sdkClient(base, { token }));
    for (const v of viewers) await v.client.joinGroup(roomId);
    for (let i = 1; i <= 35; i++) {
      await post(roomId, `m${i}`);
      if (i % 7 === 0) await sleep(120); // spread over several flushes
    }
    await until(() => viewers.every((v) => v.received.length >= 35));
    await sleep(250);
    for (const v of viewers) {
      expect(seqs(v.received)).toEqual(range(1, 35));
      v.client.close();
    }
  });

  it('a lost batch frame is re-fetched from the ring buffer: nothing missing, nothing twice', async () => {
    const roomId = await newRoom('gap');
    let batches = 0;
    const lossy = sdkClient(base, {
      drop: (raw) => raw.startsWith('{"op":"batch"') && ++batches === 2,
    });
    await lossy.client.joinGroup(roomId);
    for (let i = 1; i <= 12; i++) {
      await post(roomId, `m${i}`);
      if (i % 4 === 0) await sleep(150); // three batches; the second one is dropped
    }
    await until(() => lossy.received.length >= 12);
    await sleep(200);
    expect(batches).toBeGreaterThanOrEqual(3);
    expect(seqs(lossy.received)).toEqual(range(1, 12));
    expect(lossy.client.lost(roomId)).toBe(0);
    lossy.client.close();
  });

  it('fetch answers a ring-buffer range; the range is validated', async () => {
    const roomId = await newRoom('fetch');
    for (let i = 1; i <= 5; i++) await post(roomId, `m${i}`);
    const v = await RawViewer.open(base);
    await v.request({ op: 'join', roomId });
    const answer = await v.request({ op: 'fetch', roomId, from: 2, to: 4 });
    expect(answer.op === 'messages' && seqs(answer.messages)).toEqual([2, 3, 4]);
    expect(await v.request({ op: 'fetch', roomId, from: 0, to: 4 })).toMatchObject({
      error: 'LIVE_SEQ_INVALID',
    });
    expect(await v.request({ op: 'fetch', roomId, from: 4, to: 2 })).toMatchObject({
      error: 'LIVE_SEQ_INVALID',
    });
    expect(await v.request({ op: 'fetch', roomId, from: '1', to: 2 })).toMatchObject({
      error: 'LIVE_SEQ_INVALID',
    });
    v.close();
  });

  it('admits 40 messages a second per room (bursts of 40), High priority first; a backlog waits', async () => {
    const roomId = await newRoom('rate');
    const started = Date.now();
    const timed = (p: Promise<LiveMessage>) =>
      p.then((m) => ({ seq: m.sequence, after: Date.now() - started }));
    const normal = range(1, 60).map((i) => timed(post(roomId, `n${i}`, 'Normal')));
    const high = range(1, 30).map((i) => timed(post(roomId, `h${i}`, 'High')));
    const low = range(1, 10).map((i) => timed(post(roomId, `l${i}`, 'Low')));
    const results = await Promise.allSettled([...normal, ...high, ...low]);
    type Ok = PromiseFulfilledResult<{ seq: number; after: number }>;
    const ok = (list: PromiseSettledResult<{ seq: number; after: number }>[]) =>
      list.filter((r): r is Ok => r.status === 'fulfilled').map((r) => r.value);
    const [n, h, l] = [ok(results.slice(0, 60)), ok(results.slice(60, 90)), ok(results.slice(90))];
    // High first (the first sequences), then Normal; one second's worth waits, the rest (Low
    // first) is refused
    expect(h.map((x) => x.seq)).toEqual(range(1, 30));
    expect(n).toHaveLength(50);
    expect(l).toHaveLength(0);
    const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(20);
    for (const r of refused)
      expect(r.reason).toMatchObject({ id: 'LIVE_RATE_LIMITED', status: 429 });
    // 40 at once, then 40 a second: the last of the backlog about a second later
    const all = [...h, ...n].sort((a, b) => a.seq - b.seq);
    expect(all.map((x) => x.seq)).toEqual(range(1, 80));
    expect(all.filter((x) => x.after < 100).length).toBeLessThanOrEqual(44);
    expect(all.filter((x) => x.after < 500).length).toBeLessThanOrEqual(62);
    expect((all.at(-1) as { after: number }).after).toBeGreaterThanOrEqual(900);
    // another room has its own budget
    const other = await newRoom('rate2');
    await expect(post(other, 'x')).resolves.toMatchObject({ sequence: 1 });
  });

  it('online count: ws viewers and long-pollers, cached for 3 s', async () => {
    const roomId = await newRoom('online');
    const live = liveOf(t.app);
    const a = await RawViewer.open(base);
    await a.request({ op: 'join', roomId });
    expect(await t.app.liveRooms.onlineCount(roomId)).toEqual({
      onlineMemberNum: 1,
      expireTime: 60,
    });
    const b = await RawViewer.open(base);
    await b.request({ op: 'join', roomId });
    // cached: refreshed no more often than every 3 s
    expect((await t.app.liveRooms.onlineCount(roomId)).onlineMemberNum).toBe(1);
    live.hub.onlineRefreshMs = 0;
    try {
      expect((await t.app.liveRooms.onlineCount(roomId)).onlineMemberNum).toBe(2);
      live.hub.sawPoller(roomId, 'anon1');
      const online = await b.request({ op: 'online', roomId });
      expect(online).toMatchObject({ op: 'online', onlineMemberNum: 3, expireTime: 60 });
      const http = await call<{ onlineMemberNum: number }>(t.app, {
        method: 'GET',
        url: `${API}/imLive/onlineMemberNum?groupID=${roomId}`,
      });
      expect(http.body.data.onlineMemberNum).toBe(3);
      a.close();
      await until(() => t.app.liveRooms.joinedSessions(roomId) === 1);
      expect((await t.app.liveRooms.onlineCount(roomId)).onlineMemberNum).toBe(2);
    } finally {
      live.hub.onlineRefreshMs = 3000;
    }
    b.close();
  });

  it('malformed frames get an error frame and never disconnect anyone', async () => {
    const roomId = await newRoom('bad');
    const good = await RawViewer.open(base);
    await good.request({ op: 'join', roomId });
    const bad = await RawViewer.open(base);
    await bad.request({ op: 'join', roomId });
    bad.ws.send('not json');
    bad.ws.send('null');
    bad.ws.send(JSON.stringify({ op: 'explode', id: 7 }));
    bad.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    bad.ws.send(JSON.stringify({ op: 'post', roomId, body: 'x' }));
    await until(() => bad.frames.filter((f) => f.op === 'error').length === 5);
    expect(
      bad.frames.filter((f) => f.op === 'error').map((f) => f.op === 'error' && f.error),
    ).toEqual([
      'LIVE_FRAME_INVALID',
      'LIVE_FRAME_INVALID',
      'LIVE_FRAME_INVALID',
      'LIVE_FRAME_INVALID',
      'LIVE_LOGIN_REQUIRED',
    ]);
    expect(bad.closed).toBe(false);
    // an oversize frame closes only that socket
    const huge = await RawViewer.open(base);
    huge.ws.send('x'.repeat(64 * 1024));
    await until(() => huge.closed);
    await post(roomId, 'still here');
    await until(() => good.messages(roomId).length === 1 && bad.messages(roomId).length === 1);
    expect(good.closed).toBe(false);
    good.close();
    bad.close();
  });

  it('posting needs a login: session token or IM userSig; a bad credential is refused at connect', async () => {
    const roomId = await newRoom('auth');
    const user = await RawViewer.open(base, `?token=${token}`);
    await user.request({ op: 'join', roomId });
    const posted = await user.request({
      op: 'post',
      roomId,
      body: { text: 'hi' },
      priority: 'High',
    });
    expect(posted).toMatchObject({
      op: 'posted',
      message: { sequence: 1, priority: 'High', body: { text: 'hi' } },
    });
    expect(await user.request({ op: 'post', roomId, body: 'x'.repeat(13 * 1024) })).toMatchObject({
      code: 413,
      error: 'LIVE_MESSAGE_TOO_LARGE',
    });
    expect(await user.request({ op: 'post', roomId, body: 'x', priority: 'Urgent' })).toMatchObject(
      {
        error: 'LIVE_FRAME_INVALID',
      },
    );
    const sig = new UserSigs(t.app.deps.secret).issue('im_user_7').userSig;
    const imUser = await RawViewer.open(
      base,
      `?userID=im_user_7&userSig=${encodeURIComponent(sig)}`,
    );
    await imUser.request({ op: 'join', roomId });
    expect(await imUser.request({ op: 'post', roomId, body: 'yo' })).toMatchObject({
      op: 'posted',
      message: { from: 'im_user_7' },
    });
    await expect(RawViewer.open(base, '?token=nope')).rejects.toThrow(/401/);
    await expect(
      RawViewer.open(base, `?userID=someone_else&userSig=${encodeURIComponent(sig)}`),
    ).rejects.toThrow(/401/);
    user.close();
    imUser.close();
  });

  it('the SDK joins one live room at a time unless unlimited', async () => {
    const r1 = await newRoom('one');
    const r2 = await newRoom('two');
    const single = sdkClient(base);
    await single.client.joinGroup(r1);
    await single.client.joinGroup(r2);
    expect(single.client.joined()).toEqual([r2]);
    await until(() => t.app.liveRooms.joinedSessions(r1) === 0);
    const multi = sdkClient(base, { unlimited: true });
    await multi.client.joinGroup(r1);
    await multi.client.joinGroup(r2);
    expect(multi.client.joined().sort()).toEqual([r1, r2].sort());
    await expect(multi.client.sendMessage(r1, 'x')).rejects.toMatchObject({
      error: 'LIVE_LOGIN_REQUIRED',
    });
    single.client.close();
    multi.client.close();
  });

  it('dismissal tells viewers; posting to a dismissed room is refused', async () => {
    const roomId = await newRoom('dismiss');
    const viewer = sdkClient(base);
    const dismissed: string[] = [];
    viewer.client.on('dismissed', (id) => dismissed.push(id));
    await viewer.client.joinGroup(roomId);
    await t.app.liveRooms.dismiss(roomId);
    await until(() => dismissed.length === 1);
    expect(viewer.client.joined()).toEqual([]);
    await expect(post(roomId, 'x')).rejects.toMatchObject({ id: 'LIVE_ROOM_NOT_FOUND' });
    viewer.client.close();
  });

  it('the SDK reconnects and catches up what was posted while it was away', async () => {
    const roomId = await newRoom('reconnect');
    const viewer = sdkClient(base);
    await viewer.client.joinGroup(roomId);
    await post(roomId, 'm1');
    await until(() => viewer.received.length === 1);
    viewer.sockets.at(-1)?.terminate(); // the network drops
    await post(roomId, 'm2');
    await post(roomId, 'm3');
    await until(() => viewer.received.length === 3, 5000);
    expect(seqs(viewer.received)).toEqual([1, 2, 3]);
    viewer.client.close();
  });
});

describe('live rooms over HTTP', () => {
  let admin: string;
  beforeAll(async () => {
    const { token: adminToken, phone } = await login(t.app);
    await t.app.deps.db
      .updateTable('app_user')
      .set({ role: 'admin' })
      .where('phone', '=', phone)
      .execute();
    admin = adminToken;
  });

  it('admin creates and dismisses; others are refused', async () => {
    const groupID = roomName('http');
    const create = (tok?: string) =>
      call(t.app, {
        method: 'POST',
        url: `${API}/imLive/create`,
        ...form({ groupID }),
        ...(tok ? { token: tok } : {}),
      });
    expect((await create()).status).toBe(401);
    expect((await create(token)).status).toBe(403);
    expect((await create(admin)).body).toMatchObject({ code: 1, data: { groupID } });
    expect(await t.app.liveRooms.exists(groupID)).toBe(true);
    const bad = await call(t.app, {
      method: 'POST',
      url: `${API}/imLive/create`,
      token: admin,
      ...form({ groupID: 'a b' }),
    });
    expect(bad.body).toMatchObject({ code: 400, error: 'LIVE_ROOM_ID_INVALID' });
    const dismiss = await call(t.app, {
      method: 'POST',
      url: `${API}/imLive/dismiss`,
      token: admin,
      ...form({ groupID }),
    });
    expect(dismiss.status).toBe(200);
    const again = await call(t.app, {
      method: 'POST',
      url: `${API}/imLive/dismiss`,
      token: admin,
      ...form({ groupID }),
    });
    expect(again.body).toMatchObject({ code: 404, error: 'LIVE_ROOM_NOT_FOUND' });
  });

  it('a logged-in user posts by HTTP; bad bodies get catalogue errors', async () => {
    const groupID = await newRoom('httppost');
    const send = (body: Record<string, string>, tok?: string) =>
      call(t.app, {
        method: 'POST',
        url: `${API}/imLive/post`,
        ...form({ groupID, ...body }),
        ...(tok ? { token: tok } : {}),
      });
    expect((await send({ body: '{"text":"a"}' })).status).toBe(401);
    const ok = await send({ body: '{"text":"a"}', priority: 'Low' }, token);
    expect(ok.body).toMatchObject({
      code: 1,
      data: { sequence: 1, priority: 'Low', body: { text: 'a' } },
    });
    expect((await send({ body: '{oops' }, token)).body).toMatchObject({
      error: 'LIVE_FRAME_INVALID',
    });
    expect((await send({ body: '"x"', priority: 'Top' }, token)).body).toMatchObject({
      error: 'LIVE_FRAME_INVALID',
    });
    expect((await send({ body: JSON.stringify('x'.repeat(13000)) }, token)).body).toMatchObject({
      code: 413,
      error: 'LIVE_MESSAGE_TOO_LARGE',
    });
  });
});
