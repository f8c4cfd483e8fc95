import type { SeckillSession } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSession } from './pages/SeckillPage.tsx';

const s = (id: number, state: SeckillSession['state']): SeckillSession => ({
  id,
  title: `场次${id}`,
  startAt: '2026-03-01T02:00:00.000Z',
  endAt: '2026-03-01T04:00:00.000Z',
  state,
  label: state,
  payMinutes: 5,
});

describe('the session shown first', () => {
  const list = [s(1, 'ended'), s(2, 'started'), s(3, 'running'), s(4, 'upcoming')];
  it('is the one asked for, else the running one', () => {
    expect(defaultSession(list, 4)?.id).toBe(4);
    expect(defaultSession(list, 99)?.id).toBe(3);
    expect(defaultSession(list, 0)?.id).toBe(3);
  });
  it('else an open one, else the next, else the first; none without sessions', () => {
    expect(defaultSession([s(1, 'ended'), s(2, 'started')], 0)?.id).toBe(2);
    expect(defaultSession([s(1, 'ended'), s(4, 'upcoming')], 0)?.id).toBe(4);
    expect(defaultSession([s(1, 'ended')], 0)?.id).toBe(1);
    expect(defaultSession([], 0)).toBeNull();
  });
});
