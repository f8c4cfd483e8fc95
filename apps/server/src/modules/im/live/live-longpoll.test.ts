import type { LiveLongPollData, LiveMessage } from '@chaopin/contracts';
import { LiveLongPollClient, LONG_POLL_SILENCE_MS } from '@chaopin/im-sdk/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { listen, liveOf, roomName, sleep, until } from '../../../../test/kits/im-live-kit.ts';

let t: TestApp;
let httpBase: string;
beforeAll(async () => {
  t = await createTestApp();
  httpBase = (await listen(t.app)).replace('ws://', 'http://');
});
afterAll(async () => {
  await t.close();
});

async function newRoom(tag: string) {
  const roomId = roomName(tag);
  await t.app.liveRooms.create(roomId, 'owner');
  return roomId;
}
const post = (roomId: string, text: string) =>
  t.app.liveRooms.post(roomId, { from: 'u1', body: { text } });

const applyJoin = (groupID: string) =>
  call<{ longPollingKey: string; nextSeq: number }>(t.app, {
    method: 'POST',
    url: `${API}/imLive/applyJoin`,
    payload: { groupID },
  });
const longPoll = (key: unknown, startSeq: unknown) =>
  call<LiveLongPollData>(t.app, {
    method: 'POST',
    url: `${API}/imLive/startLongPoll`,
    payload: { key, startSeq },
  });

describe('anonymous long-poll (SPEC §7 AVChatRoom startLongPoll)', () => {
  it('holds while there is nothing new and wakes on a new message', async () => {
    const roomId = await newRoom('lp');
    const joined = await applyJoin(roomId);
    expect(joined.status).toBe(200);
    const { longPollingKey: key, nextSeq } = joined.body.data;
    expect(nextSeq).toBe(1);
    let answered = false;
    const pending = longPoll(key, nextSeq).then((r) => {
      answered = true;
      return r;
    });
    await sleep(300);
    expect(answered).toBe(false);
    await post(roomId, 'wake');
    const res = await pending;
    expect(res.body.data).toMatchObject({
      errorCode: 0,
      errorInfo: '',
      key,
      nextSeq: 2,
      rspMsgList: [{ roomId, sequence: 1, body: { text: 'wake' } }],
    });
    // what is already there is answered at once, from startSeq on
    await post(roomId, 'two');
    await post(roomId, 'three');
    // a post resolves when the log admitted it; in cluster mode this node hears it over pub/sub a
    // moment later, and a poll answers what this node has heard
    await until(() => liveOf(t.app).hub.lastSeq(roomId) === 3);
    const now = await longPoll(key, 2);
    expect(now.body.data.rspMsgList.map((m) => m.sequence)).toEqual([2, 3]);
    expect(now.body.data.nextSeq).toBe(4);
  });

  it('answers an empty list after the hold time (90 s in production)', async () => {
    const roomId = await newRoom('hold');
    const { longPollingKey: key } = (await applyJoin(roomId)).body.data;
    const live = liveOf(t.app);
    live.longPollHoldMs = 200;
    try {
      const res = await longPoll(key, 0);
      expect(res.body.data).toMatchObject({ errorCode: 0, key, nextSeq: 1, rspMsgList: [] });
    } finally {
      live.longPollHoldMs = 90_000;
    }
  });

  it('refuses bad keys, bad start sequences and unknown rooms with catalogue errors', async () => {
    const roomId = await newRoom('badkey');
    const { longPollingKey: key } = (await applyJoin(roomId)).body.data;
    expect((await applyJoin('no_such_room')).body).toMatchObject({
      code: 404,
      error: 'LIVE_ROOM_NOT_FOUND',
    });
    expect((await applyJoin('bad room')).body).toMatchObject({
      code: 400,
      error: 'LIVE_ROOM_ID_INVALID',
    });
    expect((await longPoll('garbage', 1)).body).toMatchObject({
      code: 400,
      error: 'LIVE_KEY_INVALID',
    });
    const [room, viewer] = key.split('.');
    const forged = `${Buffer.from('other_room').toString('base64url')}.${viewer}.${key.split('.')[2]}`;
    expect((await longPoll(forged, 1)).body).toMatchObject({ error: 'LIVE_KEY_INVALID' });
    expect((await longPoll(`${room}.${viewer}.AAAA`, 1)).body).toMatchObject({
      error: 'LIVE_KEY_INVALID',
    });
    expect((await longPoll('', 1)).body).toMatchObject({ error: 'LIVE_KEY_INVALID' });
    expect((await longPoll(key, -1)).body).toMatchObject({ code: 400, error: 'LIVE_SEQ_INVALID' });
    expect((await longPoll(key, 'abc')).body).toMatchObject({ error: 'LIVE_SEQ_INVALID' });
    expect((await longPoll(key, 1.5)).body).toMatchObject({ error: 'LIVE_SEQ_INVALID' });
    expect((await longPoll(key, 999_999)).body).toMatchObject({ error: 'LIVE_SEQ_INVALID' });
    expect((await longPoll(undefined, 1)).body).toMatchObject({ error: 'LIVE_KEY_INVALID' });
  });

  it('a waiting poll of a dismissed room answers LIVE_ROOM_DISMISSED', async () => {
    const roomId = await newRoom('lpdismiss');
    const { longPollingKey: key } = (await applyJoin(roomId)).body.data;
    const pending = longPoll(key, 1);
    await sleep(100);
    await t.app.liveRooms.dismiss(roomId);
    expect((await pending).body).toMatchObject({ code: 404, error: 'LIVE_ROOM_DISMISSED' });
    expect((await longPoll(key, 1)).body).toMatchObject({
      code: 404,
      error: 'LIVE_ROOM_NOT_FOUND',
    });
  });

  it('a viewer that hangs up stops waiting at once', async () => {
    const roomId = await newRoom('hangup');
    const { longPollingKey: key } = (await applyJoin(roomId)).body.data;
    const gone = new AbortController();
    const pending = fetch(`${httpBase}${API}/imLive/startLongPoll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key, startSeq: 1 }),
      signal: gone.signal,
    }).catch(() => 'aborted');
    await until(() => liveOf(t.app).hub.waiting(roomId) === 1);
    gone.abort();
    expect(await pending).toBe('aborted');
    await until(() => liveOf(t.app).hub.waiting(roomId) === 0);
  });

  it('long-pollers count as online', async () => {
    const roomId = await newRoom('lponline');
    const live = liveOf(t.app);
    live.longPollHoldMs = 50;
    live.hub.onlineRefreshMs = 0;
    try {
      for (let i = 0; i < 3; i++) {
        const { longPollingKey } = (await applyJoin(roomId)).body.data;
        await longPoll(longPollingKey, 0);
      }
      expect(await t.app.liveRooms.onlineCount(roomId)).toEqual({
        onlineMemberNum: 3,
        expireTime: 60,
      });
    } finally {
      live.longPollHoldMs = 90_000;
      live.hub.onlineRefreshMs = 3000;
    }
  });

  it('the SDK long-poll client receives every message once, in order, and stops on quit', async () => {
    const roomId = await newRoom('lpsdk');
    const client = new LiveLongPollClient({ baseUrl: httpBase, retryMs: 50 });
    const got: LiveMessage[] = [];
    client.on('message', (list) => got.push(...list));
    const dismissed: string[] = [];
    client.on('dismissed', (id) => dismissed.push(id));
    await client.joinGroup(roomId);
    for (let i = 1; i <= 15; i++) {
      await post(roomId, `m${i}`);
      if (i % 5 === 0) await sleep(150);
    }
    await until(() => got.length >= 15);
    expect(got.map((m) => m.sequence)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    await client.quitGroup();
    await post(roomId, 'after quit');
    await sleep(250);
    expect(got).toHaveLength(15);
    // a dismissal stops the loop and tells the app
    await client.joinGroup(roomId);
    await sleep(50);
    await t.app.liveRooms.dismiss(roomId);
    await until(() => dismissed.length === 1);
    expect(dismissed).toEqual([roomId]);
  });
});

describe('the long-poll client’s network state (SPEC §4)', () => {
  /** The real server, with startLongPoll requests failing while `down()` says so. */
  const cutOff =
    (down: () => boolean, joins?: { n: number }): typeof fetch =>
    (input, init) => {
      const url = String(input);
      if (url.includes('applyJoin') && joins) joins.n += 1;
      if (down() && url.includes('startLongPoll'))
        return Promise.reject(new TypeError('network down'));
      return fetch(input, init);
    };
  const watch = (client: LiveLongPollClient) => {
    const states: string[] = [];
    const got: string[] = [];
    client.on('state', (s) => states.push(s));
    client.on('message', (list) =>
      got.push(...list.map((m) => String((m.body as { text?: string }).text))),
    );
    return { states, got };
  };

  it('is disconnected when no long-poll id can be had; a refusal the server answered is no network state', async () => {
    const unreachable = new LiveLongPollClient({ baseUrl: 'http://127.0.0.1:9', retryMs: 10 });
    const a = watch(unreachable);
    await expect(unreachable.joinGroup(roomName('x'))).rejects.toThrow();
    expect(a.states).toEqual(['disconnected']);
    const refused = new LiveLongPollClient({ baseUrl: httpBase, retryMs: 10 });
    const b = watch(refused);
    await expect(refused.joinGroup(roomName('missing'))).rejects.toMatchObject({
      error: 'LIVE_ROOM_NOT_FOUND',
    });
    expect(b.states).toEqual([]);
  });

  it('more than 5 failures disconnect only when a probe finds the server unreachable', async () => {
    const roomId = await newRoom('lpprobe');
    let down = false;
    let reachable = true;
    const client = new LiveLongPollClient({
      baseUrl: httpBase,
      retryMs: 5,
      fetch: cutOff(() => down),
      probe: async () => reachable,
    });
    const { states, got } = watch(client);
    await client.joinGroup(roomId);
    down = true;
    await post(roomId, 'before'); // answers the poll already waiting; the next ones fail
    await until(() => got.length === 1);
    await sleep(300); // dozens of failures, but the server answers its probe
    expect(states).toEqual(['connecting']);
    reachable = false;
    await until(() => states.at(-1) === 'disconnected');
    down = false;
    reachable = true;
    await post(roomId, 'after');
    await until(() => got.length === 2);
    expect(got).toEqual(['before', 'after']);
    expect(states.at(-1)).toBe('connected');
    await client.quitGroup();
  });

  it('no answer for 5 minutes disconnects; answers 5 minutes apart join again for a fresh key', async () => {
    const roomId = await newRoom('lpclock');
    let clock = 1_000_000;
    let down = false;
    const joins = { n: 0 };
    const client = new LiveLongPollClient({
      baseUrl: httpBase,
      retryMs: 5,
      fetch: cutOff(() => down, joins),
      now: () => clock,
      probe: async () => true,
    });
    const { states, got } = watch(client);
    const reloads: string[] = [];
    client.on('reload', (id) => reloads.push(id));
    await client.joinGroup(roomId);
    down = true;
    await post(roomId, 'm1');
    await until(() => states.at(-1) === 'connecting');
    expect(states).toEqual(['connecting']);
    clock += LONG_POLL_SILENCE_MS + 1;
    await until(() => states.at(-1) === 'disconnected');
    down = false;
    await post(roomId, 'm2');
    await until(() => reloads.length === 1);
    expect([joins.n, states.at(-1)]).toEqual([2, 'connected']);
    // the loop goes on with the fresh key, from where it was
    await post(roomId, 'm3');
    await until(() => got.length === 3);
    expect(got).toEqual(['m1', 'm2', 'm3']);
    await client.quitGroup();
  });
});
