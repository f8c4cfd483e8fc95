import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupCommit', () => {
  it('sends what arrives while the writer is busy in one batch, never more batches than allowed', async () => {
    const batches: number[][] = [];
    let running = 0;
    let maxRunning = 0;
    const gc = new GroupCommit(
      async (items: number[]) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        batches.push(items);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        return items.map((i) => i * 10);
      },
      { keyOf: String, maxInFlight: 2, maxBatch: 50 },
    );
    const first = [gc.submit(1), gc.submit(2)];
    await tick();
    const later = Array.from({ length: 120 }, (_, i) => gc.submit(100 + i));
    const results = await Promise.all([...first, ...later]);
    expect(results).toEqual([10, 20, ...Array.from({ length: 120 }, (_, i) => (100 + i) * 10)]);
    expect(maxRunning).toBeLessThanOrEqual(2);
    expect(batches[0]).toEqual([1, 2]);
    expect(batches.every((b) => b.length <= 50)).toBe(true);
    expect(batches.flat().sort((x, y) => x - y)).toEqual([1, 2, ...later.map((_, i) => 100 + i)]);
  });

  it('gives items with the same key one write and the same answer', async () => {
    const written: string[] = [];
    const gc = new GroupCommit(
      async (items: string[]) => {
        written.push(...items);
        return items.map((s) => `${s}!`);
      },
      { keyOf: (s) => s, maxInFlight: 1, maxBatch: 10 },
    );
    const out = await Promise.all([gc.submit('a'), gc.submit('a'), gc.submit('b')]);
    expect(out).toEqual(['a!', 'a!', 'b!']);
    expect(written).toEqual(['a', 'b']);
  });

  it('a failing batch is retried item by item: only the bad item fails', async () => {
    const gc = new GroupCommit(
      async (items: number[]) => {
        if (items.includes(13)) throw new Error('bad row');
        return items;
      },
      { keyOf: String, maxInFlight: 1, maxBatch: 10 },
    );
    const out = await Promise.allSettled([gc.submit(1), gc.submit(13), gc.submit(2)]);
    expect(out.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((out[1] as PromiseRejectedResult).reason.message).toBe('bad row');
  });

  it('keeps a lane in order: a lane with a batch in flight waits, other lanes go on', async () => {
    const committed: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const gc = new GroupCommit(
      async (items: string[]) => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        // later batches finish sooner: without lanes, they would commit first
        await new Promise((r) => setTimeout(r, 40 - 5 * running));
        committed.push(...items);
        running--;
        return items;
      },
      { keyOf: (s) => s, laneOf: (s) => s.slice(0, 1), maxInFlight: 4, maxBatch: 3 },
    );
    const items = ['a1', 'b1', 'a2', 'a3', 'a4', 'c1', 'a5', 'b2', 'a6', 'c2', 'a7'];
    await Promise.all(items.map((i) => gc.submit(i)));
    for (const lane of ['a', 'b', 'c'])
      expect(committed.filter((i) => i.startsWith(lane))).toEqual(
        items.filter((i) => i.startsWith(lane)),
      );
    expect(maxRunning).toBeGreaterThan(1); // other lanes still ran alongside
  });

  it('retries a failed batch in order, so a lane keeps its order on the retry too', async () => {
    const committed: number[] = [];
    const gc = new GroupCommit(
      async (items: number[]) => {
        if (items.length > 1) throw new Error('deadlock');
        await new Promise((r) => setTimeout(r, 20 - items[0]!)); // later items faster
        committed.push(...items);
        return items;
      },
      { keyOf: String, laneOf: () => 'one', maxInFlight: 4, maxBatch: 10 },
    );
    await Promise.all([1, 2, 3, 4, 5].map((i) => gc.submit(i)));
    expect(committed).toEqual([1, 2, 3, 4, 5]);
  });

  it('is idle only once every submitted item is written, retries included', async () => {
    const written: number[] = [];
    const gc = new GroupCommit(
      async (items: number[]) => {
        await new Promise((r) => setTimeout(r, 10));
        if (items.length > 1 && items.includes(3)) throw new Error('bad batch');
        written.push(...items);
        return items;
      },
      { keyOf: String, maxInFlight: 1, maxBatch: 10 },
    );
    await gc.idle();
    const sent = [1, 2, 3, 4].map((i) => gc.submit(i).catch(() => -1));
    await tick();
    const more = [5, 6].map((i) => gc.submit(i));
    await gc.idle();
    expect(written.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await Promise.all([...sent, ...more])).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
