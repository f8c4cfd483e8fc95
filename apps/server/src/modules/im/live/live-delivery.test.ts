// Live-room delivery over ws: batched frames, every viewer every message once and in order, gaps
// re-fetched from the ring buffer, a reconnecting SDK catching up.
import { describe, expect, it } from 'vitest';
import {
  liveAppPerFile,
  RawViewer,
  range,
  sdkClient,
  seqs,
  sleep,
  until,
} from '../../../../test/kits/im-live-kit.ts';

const kit = liveAppPerFile();
const { newRoom, post } = kit;

describe('live rooms over ws', () => {
  it('join, receive, quit: a quitted viewer gets nothing more', async () => {
    const roomId = await newRoom('join');
    const v = await RawViewer.open(kit.base);
    const joined = await v.request({ op: 'join', roomId });
    expect(joined).toMatchObject({ op: 'joined', roomId, nextSeq: 1 });
    expect(kit.app.liveRooms.joinedSessions(roomId)).toBe(1);
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
    expect(kit.app.liveRooms.joinedSessions(roomId)).toBe(0);
    await post(roomId, 'after quit');
    await sleep(250);
    expect(v.messages(roomId)).toHaveLength(1);
    v.close();
  });

  it('delivers in batches: a burst arrives in one or two frames, not one per message', async () => {
    const roomId = await newRoom('batch');
    const v = await RawViewer.open(kit.base);
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
    const viewers = Array.from({ length: 5 }, () => sdkClient(kit.base, { token: kit.token }));
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
    const lossy = sdkClient(kit.base, {
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
    const v = await RawViewer.open(kit.base);
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

  it('the SDK reconnects and catches up what was posted while it was away', async () => {
    const roomId = await newRoom('reconnect');
    const viewer = sdkClient(kit.base);
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
