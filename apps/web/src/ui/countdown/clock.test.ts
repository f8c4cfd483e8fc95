import { describe, expect, it } from 'vitest';
import { itemButtonText, startText } from '../../features/seckill/labels.ts';
import { refetchWhilePast } from '../seckill/bannerQuery.ts';
import { countdownTarget, hhmm, hms, secondsUntil, withClock } from './clock.ts';

const session = (state: 'upcoming' | 'running' | 'started' | 'ended') => ({
  state,
  startAt: '2026-03-01T02:00:00.000Z',
  endAt: '2026-03-01T04:00:00.000Z',
});

describe('seckill clock', () => {
  it('counts on the server’s clock, whatever the phone’s says', () => {
    // The phone is 10 minutes slow.
    const phone = Date.parse('2026-03-01T01:50:00.000Z');
    const data = withClock({ now: '2026-03-01T02:00:00.000Z' }, phone);
    expect(data.offsetMs).toBe(600_000);
    expect(secondsUntil('2026-03-01T02:01:00.000Z', data.offsetMs, phone)).toBe(60);
    expect(secondsUntil('2026-03-01T01:59:00.000Z', data.offsetMs, phone)).toBe(0);
    expect(secondsUntil('not a date', data.offsetMs, phone)).toBe(0);
  });

  it('prints HH:MM:SS', () => {
    expect(hms(0)).toBe('00:00:00');
    expect(hms(3725)).toBe('01:02:05');
    expect(hms(100 * 3600)).toBe('100:00:00');
    expect(hhmm('bad')).toBe('--:--');
  });

  it('counts to the start before the session opens, to the end while open, to nothing after', () => {
    expect(countdownTarget(session('upcoming'))).toEqual({
      label: '距开始',
      at: '2026-03-01T02:00:00.000Z',
    });
    expect(countdownTarget(session('running'))?.label).toBe('距结束');
    expect(countdownTarget(session('started'))?.label).toBe('距结束');
    expect(countdownTarget(session('ended'))).toBeNull();
  });

  it('asks again every 2 s only while the countdown has run out but the state has not changed', () => {
    const past = { session: session('upcoming'), offsetMs: 0 };
    expect(refetchWhilePast(past)).toBe(2000);
    const future = {
      session: { ...session('upcoming'), startAt: new Date(Date.now() + 60_000).toISOString() },
      offsetMs: 0,
    };
    expect(refetchWhilePast(future)).toBe(false);
    expect(refetchWhilePast({ session: session('ended'), offsetMs: 0 })).toBe(false);
    expect(refetchWhilePast({ session: null, offsetMs: 0 })).toBe(false);
    expect(refetchWhilePast(undefined)).toBe(false);
  });
});

describe('seckill labels', () => {
  it('names the item button by state', () => {
    expect(itemButtonText('remind', false)).toBe('提醒我');
    expect(itemButtonText('remind', true)).toBe('已设置提醒');
    expect(itemButtonText('buy', false)).toBe('马上抢');
    expect(itemButtonText('soldOut', true)).toBe('已抢光');
    expect(itemButtonText('ended', false)).toBe('已结束');
  });

  it('says 今天 / 明天 / the date before a start time', () => {
    // China time whatever the phone's zone: 10:00 in Shanghai is 02:00 UTC.
    const now = new Date('2026-03-01T09:00:00+08:00');
    expect(startText('2026-03-01T02:00:00.000Z', now)).toBe('今天 10:00');
    expect(hhmm('2026-03-01T02:00:00.000Z')).toBe('10:00');
    expect(startText('2026-03-02T00:05:00+08:00', now)).toBe('明天 00:05');
    expect(startText('2026-03-05T20:00:00+08:00', now)).toBe('03-05 20:00');
  });
});
