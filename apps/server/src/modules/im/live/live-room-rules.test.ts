// Live-room rules: unknown rooms, the 40 a second admission, online count, bad frames, who may
// post, one room per SDK client, dismissal; the imLive HTTP family.
import type { LiveMessage } from '@chaopin/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, call, form, login } from '../../../../test/helpers.ts';
import {
  liveAppPerFile,
  liveOf,
  RawViewer,
  range,
  roomName,
  sdkClient,
  until,
} from '../../../../test/kits/im-live-kit.ts';
import { UserSigs } from '../session/im-sig.ts';

const kit = liveAppPerFile();
const { newRoom, post } = kit;

describe('live rooms over ws', () => {
  it('joining an unknown room or a bad id is refused', async () => {
    const v = await RawViewer.open(kit.base);
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
    const live = liveOf(kit.app);
    const a = await RawViewer.open(kit.base);
    await a.request({ op: 'join', roomId });
    expect(await kit.app.liveRooms.onlineCount(roomId)).toEqual({
      onlineMemberNum: 1,
      expireTime: 60,
    });
    const b = await RawViewer.open(kit.base);
    await b.request({ op: 'join', roomId });
    // cached: refreshed no more often than every 3 s
    expect((await kit.app.liveRooms.onlineCount(roomId)).onlineMemberNum).toBe(1);
    live.hub.onlineRefreshMs = 0;
    try {
      expect((await kit.app.liveRooms.onlineCount(roomId)).onlineMemberNum).toBe(2);
      live.hub.sawPoller(roomId, 'anon1');
      const online = await b.request({ op: 'online', roomId });
      expect(online).toMatchObject({ op: 'online', onlineMemberNum: 3, expireTime: 60 });
      const http = await call<{ onlineMemberNum: number }>(kit.app, {
        method: 'GET',
        url: `${API}/imLive/onlineMemberNum?groupID=${roomId}`,
      });
      expect(http.body.data.onlineMemberNum).toBe(3);
      a.close();
      await until(() => kit.app.liveRooms.joinedSessions(roomId) === 1);
      expect((await kit.app.liveRooms.onlineCount(roomId)).onlineMemberNum).toBe(2);
    } finally {
      live.hub.onlineRefreshMs = 3000;
    }
    b.close();
  });

  it('malformed frames get an error frame and never disconnect anyone', async () => {
    const roomId = await newRoom('bad');
    const good = await RawViewer.open(kit.base);
    await good.request({ op: 'join', roomId });
    const bad = await RawViewer.open(kit.base);
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
    const huge = await RawViewer.open(kit.base);
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
    const user = await RawViewer.open(kit.base, `?token=${kit.token}`);
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
    const sig = new UserSigs(kit.app.deps.secret).issue('im_user_7').userSig;
    const imUser = await RawViewer.open(
      kit.base,
      `?userID=im_user_7&userSig=${encodeURIComponent(sig)}`,
    );
    await imUser.request({ op: 'join', roomId });
    expect(await imUser.request({ op: 'post', roomId, body: 'yo' })).toMatchObject({
      op: 'posted',
      message: { from: 'im_user_7' },
    });
    await expect(RawViewer.open(kit.base, '?token=nope')).rejects.toThrow(/401/);
    await expect(
      RawViewer.open(kit.base, `?userID=someone_else&userSig=${encodeURIComponent(sig)}`),
    ).rejects.toThrow(/401/);
    user.close();
    imUser.close();
  });

  it('the SDK joins one live room at a time unless unlimited', async () => {
    const r1 = await newRoom('one');
    const r2 = await newRoom('two');
    const single = sdkClient(kit.base);
    await single.client.joinGroup(r1);
    await single.client.joinGroup(r2);
    expect(single.client.joined()).toEqual([r2]);
    await until(() => kit.app.liveRooms.joinedSessions(r1) === 0);
    const multi = sdkClient(kit.base, { unlimited: true });
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
    const viewer = sdkClient(kit.base);
    const dismissed: string[] = [];
    viewer.client.on('dismissed', (id) => dismissed.push(id));
    await viewer.client.joinGroup(roomId);
    await kit.app.liveRooms.dismiss(roomId);
    await until(() => dismissed.length === 1);
    expect(viewer.client.joined()).toEqual([]);
    await expect(post(roomId, 'x')).rejects.toMatchObject({ id: 'LIVE_ROOM_NOT_FOUND' });
    viewer.client.close();
  });
});

describe('live rooms over HTTP', () => {
  let admin: string;
  beforeAll(async () => {
    const { token: adminToken, phone } = await login(kit.app);
    await kit.app.deps.db
      .updateTable('app_user')
      .set({ role: 'admin' })
      .where('phone', '=', phone)
      .execute();
    admin = adminToken;
  });

  it('admin creates and dismisses; others are refused', async () => {
    const groupID = roomName('http');
    const create = (tok?: string) =>
      call(kit.app, {
        method: 'POST',
        url: `${API}/imLive/create`,
        ...form({ groupID }),
        ...(tok ? { token: tok } : {}),
      });
    expect((await create()).status).toBe(401);
    expect((await create(kit.token)).status).toBe(403);
    expect((await create(admin)).body).toMatchObject({ code: 1, data: { groupID } });
    expect(await kit.app.liveRooms.exists(groupID)).toBe(true);
    const bad = await call(kit.app, {
      method: 'POST',
      url: `${API}/imLive/create`,
      token: admin,
      ...form({ groupID: 'a b' }),
    });
    expect(bad.body).toMatchObject({ code: 400, error: 'LIVE_ROOM_ID_INVALID' });
    const dismiss = await call(kit.app, {
      method: 'POST',
      url: `${API}/imLive/dismiss`,
      token: admin,
      ...form({ groupID }),
    });
    expect(dismiss.status).toBe(200);
    const again = await call(kit.app, {
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
      call(kit.app, {
        method: 'POST',
        url: `${API}/imLive/post`,
        ...form({ groupID, ...body }),
        ...(tok ? { token: tok } : {}),
      });
    expect((await send({ body: '{"text":"a"}' })).status).toBe(401);
    const ok = await send({ body: '{"text":"a"}', priority: 'Low' }, kit.token);
    expect(ok.body).toMatchObject({
      code: 1,
      data: { sequence: 1, priority: 'Low', body: { text: 'a' } },
    });
    expect((await send({ body: '{oops' }, kit.token)).body).toMatchObject({
      error: 'LIVE_FRAME_INVALID',
    });
    expect((await send({ body: '"x"', priority: 'Top' }, kit.token)).body).toMatchObject({
      error: 'LIVE_FRAME_INVALID',
    });
    expect((await send({ body: JSON.stringify('x'.repeat(13000)) }, kit.token)).body).toMatchObject(
      {
        code: 413,
        error: 'LIVE_MESSAGE_TOO_LARGE',
      },
    );
  });
});
