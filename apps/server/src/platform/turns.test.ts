import { describe, expect, it } from 'vitest';
import { Turns } from './turns.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Turns', () => {
  it('lets tasks of a key pass in the order they started, whatever their own awaits take', async () => {
    const turns = new Turns();
    const passed: string[] = [];
    const task = async (key: string, name: string, work: number, fail = false) => {
      const turn = turns.take(key);
      try {
        await sleep(work);
        if (fail) throw new Error(name);
        await turn.ready;
        passed.push(name);
      } finally {
        turn.done();
      }
    };
    const started = Date.now();
    await Promise.allSettled([
      task('k', 'k1', 40),
      task('k', 'k2', 5, true), // a failure does not hold the others up
      task('k', 'k3', 1),
      task('other', 'o1', 1),
      // starts after k2 failed and k3 passed its awaits: still waits for k1
      sleep(15).then(() => task('k', 'k4', 1)),
    ]);
    expect(passed).toEqual(['o1', 'k1', 'k3', 'k4']);
    expect(Date.now() - started).toBeLessThan(200); // the awaits ran alongside, not one by one
  });
});
