import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LikeBatcher } from './likeBatcher.ts';

describe('LikeBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first tap at once and batches the rest into one call a second', async () => {
    const sent: number[] = [];
    const b = new LikeBatcher({ send: async (n) => sent.push(n), intervalMs: 1000 });
    b.tap();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([1]);
    for (let i = 0; i < 7; i++) b.tap();
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([1]);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([1, 7]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([1, 7]);
  });

  it('never calls more often than once per interval and caps a call at the batch maximum', async () => {
    const times: number[] = [];
    const sent: number[] = [];
    const b = new LikeBatcher({
      send: async (n) => {
        times.push(Date.now());
        sent.push(n);
      },
      max: 99,
    });
    b.tap(250);
    await vi.advanceTimersByTimeAsync(3500);
    expect(sent).toEqual([99, 99, 52]);
    for (let i = 1; i < times.length; i++)
      expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(1000);
  });

  it('sends a batch refused as too fast again with the next one', async () => {
    const sent: number[] = [];
    let calls = 0;
    const b = new LikeBatcher({
      send: async (n) => {
        calls++;
        if (calls === 2) throw new Error('TOO_FAST');
        sent.push(n);
      },
      requeue: (e) => e instanceof Error && e.message === 'TOO_FAST',
    });
    b.tap();
    await vi.advanceTimersByTimeAsync(0);
    b.tap(5);
    await vi.advanceTimersByTimeAsync(1150);
    expect(sent).toEqual([1]);
    b.tap(2);
    await vi.advanceTimersByTimeAsync(1150);
    expect(sent).toEqual([1, 7]);
  });

  it('keeps going after a failed call and flushes what is left on dispose', async () => {
    const sent: number[] = [];
    let fail = true;
    const b = new LikeBatcher({
      send: async (n) => {
        if (fail) {
          fail = false;
          throw new Error('429');
        }
        sent.push(n);
      },
    });
    b.tap();
    await vi.advanceTimersByTimeAsync(0);
    b.tap(3);
    await vi.advanceTimersByTimeAsync(1150);
    expect(sent).toEqual([3]);
    b.tap(2);
    b.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([3, 2]);
    b.tap();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([3, 2]);
  });
});
