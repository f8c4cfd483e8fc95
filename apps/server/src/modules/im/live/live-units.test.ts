import type { LiveMessage } from '@chaopin/contracts';
import { SeqTracker } from '@chaopin/im-sdk/live';
import { describe, expect, it } from 'vitest';
import { LiveHub } from './live-hub.ts';
import { LongPollKeys } from './long-poll-key.ts';

const msg = (sequence: number): LiveMessage => ({
  roomId: 'r',
  sequence,
  time: 0,
  from: 'u',
  priority: 'Normal',
  body: sequence,
});
const msgs = (...seqs: number[]) => seqs.map(msg);

describe('SeqTracker (SDK ordering and loss check)', () => {
  function tracker() {
    const delivered: number[] = [];
    const fetches: Array<[number, number]> = [];
    const t = new SeqTracker(
      (list) => delivered.push(...list.map((m) => m.sequence)),
      (from, to) => fetches.push([from, to]),
    );
    return { t, delivered, fetches };
  }

  it('delivers in order, drops repeats, holds back after a gap and asks for it', () => {
    const { t, delivered, fetches } = tracker();
    t.start(1);
    t.add(msgs(1, 2, 2, 1));
    t.add(msgs(5, 6));
    expect(delivered).toEqual([1, 2]);
    expect(fetches).toEqual([[3, 4]]);
    t.fetched(3, 4, msgs(3, 4));
    expect(delivered).toEqual([1, 2, 3, 4, 5, 6]);
    t.add(msgs(6, 7));
    expect(delivered).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(t.lost).toBe(0);
  });

  it('skips what the ring buffer no longer has and counts it lost', () => {
    const { t, delivered } = tracker();
    t.start(1);
    t.add(msgs(1, 10, 11));
    t.fetched(2, 9, msgs(8, 9));
    expect(delivered).toEqual([1, 8, 9, 10, 11]);
    expect(t.lost).toBe(6);
  });

  it('asks again after a failed fetch; a reconnect gap is fetched too', () => {
    const { t, delivered, fetches } = tracker();
    t.start(1);
    t.add(msgs(1, 3));
    t.fetchFailed();
    t.add(msgs(4));
    expect(fetches).toEqual([
      [2, 2],
      [2, 2],
    ]);
    t.fetched(2, 2, msgs(2));
    expect(delivered).toEqual([1, 2, 3, 4]);
    t.start(40); // rejoined: 5..39 were posted while away
    expect(fetches.at(-1)).toEqual([5, 39]);
    expect(t.wide).toBe(true);
  });
});

describe('LiveHub ring buffer', () => {
  it('keeps only the last 1000 messages of a room', () => {
    const hub = new LiveHub(1_000_000);
    for (let s = 1; s <= 1200; s++)
      hub.receive('r', s, `"time":0,"from":"u","priority":"Normal","body":${s}}`);
    expect(hub.fetch('r', 1, 300).map((m) => m.sequence)).toEqual(
      Array.from({ length: 100 }, (_, i) => 201 + i),
    );
    expect(hub.fetch('r', 1195, 5000).map((m) => m.body)).toEqual([
      1195, 1196, 1197, 1198, 1199, 1200,
    ]);
    expect(hub.fetch('other', 1, 10)).toEqual([]);
    hub.close();
  });

  it('writes one frame per room per flush to every viewer', () => {
    const hub = new LiveHub(1_000_000);
    const frames: Buffer[][] = [[], []];
    hub.join('r', { deliver: (f) => frames[0]?.push(f) });
    hub.join('r', { deliver: (f) => frames[1]?.push(f) });
    for (let s = 1; s <= 5; s++)
      hub.receive('r', s, `"time":0,"from":"u","priority":"High","body":null}`);
    hub.flush();
    hub.flush();
    expect(frames[0]).toHaveLength(1);
    expect(frames[1]?.[0]).toBe(frames[0]?.[0]); // the same bytes, encoded once
    const frame = JSON.parse(String(frames[0]?.[0]));
    expect(frame).toMatchObject({ op: 'batch', roomId: 'r', first: 1, last: 5 });
    expect(frame.messages).toHaveLength(5);
    hub.close();
  });
});

describe('long-poll keys', () => {
  it('verify only what they issued', () => {
    const keys = new LongPollKeys('secret-a');
    const key = keys.issue('room_1');
    expect(keys.verify(key)).toMatchObject({ roomId: 'room_1' });
    expect(() => new LongPollKeys('secret-b').verify(key)).toThrow();
    expect(() => keys.verify(`${key}x`)).toThrow();
    expect(() => keys.verify('a.b')).toThrow();
  });
});
