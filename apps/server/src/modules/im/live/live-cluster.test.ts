import type { LiveLongPollData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, TEST_DB, type TestApp } from '../../../../test/helpers.ts';
import {
  listen,
  liveOf,
  RawViewer,
  roomName,
  sdkClient,
  sleep,
  until,
} from '../../../../test/kits/im-live-kit.ts';

/** Two nodes on one Redis: posts on either node reach viewers on both, sequences never collide. */
describe.runIf(TEST_DB === 'postgres')('live rooms: two-node cluster', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;
  beforeAll(async () => {
    t = await createTestApp();
    b = await t.secondNode();
    baseA = await listen(t.app);
    baseB = await listen(b);
  });
  afterAll(async () => {
    await t.close();
  });

  it('viewers on node B get what is posted on node A and vice versa, in one sequence', async () => {
    const roomId = roomName('cluster');
    await t.app.liveRooms.create(roomId, 'owner');
    expect(await b.liveRooms.exists(roomId)).toBe(true);
    const onA = sdkClient(baseA);
    const onB = sdkClient(baseB);
    await onA.client.joinGroup(roomId);
    await onB.client.joinGroup(roomId);
    const posts = [];
    for (let i = 0; i < 20; i++) {
      const node = i % 2 === 0 ? t.app : b;
      posts.push(node.liveRooms.post(roomId, { from: `u${i}`, body: { i } }));
    }
    const sent = await Promise.all(posts);
    expect(new Set(sent.map((m) => m.sequence)).size).toBe(20);
    await until(() => onA.received.length >= 20 && onB.received.length >= 20);
    await sleep(200);
    const want = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(onA.received.map((m) => m.sequence)).toEqual(want);
    expect(onB.received.map((m) => m.sequence)).toEqual(want);
    onA.client.close();
    onB.client.close();
  });

  it('the 40/s budget is shared by the nodes', async () => {
    const roomId = roomName('clusterrate');
    await t.app.liveRooms.create(roomId, 'owner');
    const started = Date.now();
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        (i % 2 ? b : t.app).liveRooms
          .post(roomId, { from: 'u', body: i })
          .then((m) => ({ seq: m.sequence, after: Date.now() - started })),
      ),
    );
    const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(ok).toHaveLength(60);
    expect(new Set(ok.map((x) => x.seq)).size).toBe(60);
    // one bucket for both nodes: 40 at once, then 40 a second
    expect(ok.filter((x) => x.after < 200).length).toBeLessThanOrEqual(48);
    expect(Math.max(...ok.map((x) => x.after))).toBeGreaterThanOrEqual(400);
  });

  it('online counts add up across nodes; dismissal reaches viewers on every node', async () => {
    const roomId = roomName('clusteronline');
    await t.app.liveRooms.create(roomId, 'owner');
    const va = await RawViewer.open(baseA);
    const vb = await RawViewer.open(baseB);
    await va.request({ op: 'join', roomId });
    await vb.request({ op: 'join', roomId });
    liveOf(t.app).hub.onlineRefreshMs = 0;
    try {
      // counts travel between nodes every 3 s
      await until(
        async () => (await t.app.liveRooms.onlineCount(roomId)).onlineMemberNum === 2,
        8000,
      );
    } finally {
      liveOf(t.app).hub.onlineRefreshMs = 3000;
    }
    await b.liveRooms.dismiss(roomId);
    await va.waitFor((f) => f.op === 'dismissed');
    await vb.waitFor((f) => f.op === 'dismissed');
    await expect(t.app.liveRooms.post(roomId, { from: 'u', body: 1 })).rejects.toMatchObject({
      id: 'LIVE_ROOM_NOT_FOUND',
    });
    va.close();
    vb.close();
  });

  it('a node that joins the cluster later fills its ring from the log: nothing posted before it is lost', async () => {
    const roomId = roomName('latenode');
    await t.app.liveRooms.create(roomId, 'owner');
    for (let i = 1; i <= 30; i++) await t.app.liveRooms.post(roomId, { from: 'u', body: { i } });
    const late = await t.secondNode();
    const v = await RawViewer.open(await listen(late));
    expect(await v.request({ op: 'join', roomId })).toMatchObject({ op: 'joined', nextSeq: 31 });
    const got = await v.request({ op: 'fetch', roomId, from: 11, to: 30 });
    expect(got.op === 'messages' && got.messages.map((m) => m.sequence)).toEqual(
      Array.from({ length: 20 }, (_, i) => 11 + i),
    );
    expect(got.op === 'messages' && got.messages[0]?.body).toEqual({ i: 11 });
    // an anonymous long-poller that moved to the new node goes on from its sequence
    const joined = await call<{ longPollingKey: string }>(late, {
      method: 'POST',
      url: `${API}/imLive/applyJoin`,
      payload: { groupID: roomId },
    });
    const polled = await call<LiveLongPollData>(late, {
      method: 'POST',
      url: `${API}/imLive/startLongPoll`,
      payload: { key: joined.body.data.longPollingKey, startSeq: 25 },
    });
    expect(polled.body.data.rspMsgList.map((m) => m.sequence)).toEqual([25, 26, 27, 28, 29, 30]);
    expect(polled.body.data.nextSeq).toBe(31);
    v.close();
  });
});
