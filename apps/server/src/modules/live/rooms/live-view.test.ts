import { describe, expect, it } from 'vitest';
import { periodKeys, rankRecommend } from './live-view.ts';

const room = (
  id: number,
  state: string,
  online = 0,
  followers = 0,
  noticeAt: string | null = null,
) => ({
  id,
  state,
  online,
  followers,
  noticeAt,
});

describe('rankRecommend', () => {
  it('puts live rooms first by online count, then 预告s by followers and the soonest start', () => {
    const order = rankRecommend([
      room(1, 'notice', 0, 5, '2026-11-29T12:00:00.000Z'),
      room(2, 'notice', 0, 5, '2026-11-27T12:00:00.000Z'),
      room(3, 'live', 10, 0),
      room(4, 'live', 30, 0),
      room(5, 'notice', 0, 9, '2026-12-01T12:00:00.000Z'),
      room(6, 'notice', 0, 5, null),
    ]).map((r) => r.id);
    expect(order).toEqual([4, 3, 5, 2, 1, 6]);
  });
});

describe('periodKeys', () => {
  it('names the day and the Monday-started week in Shanghai time', () => {
    // 2026-11-29 23:30 in Shanghai is a Sunday: still the week of Monday the 23rd.
    const sunday = periodKeys(new Date('2026-11-29T15:30:00Z'));
    const monday = periodKeys(new Date('2026-11-29T16:30:00Z'));
    expect(sunday.day).toBe('d20261129');
    expect(monday.day).toBe('d20261130');
    expect(sunday.week).not.toBe(monday.week);
    expect(periodKeys(new Date('2026-11-23T01:00:00Z')).week).toBe(sunday.week);
    expect(sunday.total).toBe('t');
  });
});
