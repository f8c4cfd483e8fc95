import { describe, expect, it } from 'vitest';
import {
  countdownParts,
  formatClock,
  formatDuration,
  formatNoticeTime,
  formatReserveTime,
} from './time.ts';

describe('live time texts', () => {
  it('formats clocks and durations', () => {
    expect(formatClock(3_723_000)).toBe('01:02:03');
    expect(formatClock(123_000)).toBe('02:03');
    expect(formatDuration(3_723_000)).toBe('1小时2分钟');
    expect(formatDuration(600_000)).toBe('10分钟');
    expect(formatDuration(45_000)).toBe('45秒');
  });
  it('names the start day of a notice', () => {
    // China wall-clock times: the texts are China time whatever the phone's zone.
    const now = new Date('2025-03-05T10:00:00+08:00');
    expect(formatNoticeTime('2025-03-05T20:00:00+08:00', now)).toBe('今天 20:00');
    expect(formatNoticeTime('2025-03-06T09:30:00+08:00', now)).toBe('明天 09:30');
    expect(formatNoticeTime('2025-03-09T20:00:00+08:00', now)).toBe('03-09 20:00');
    expect(formatNoticeTime(null, now)).toBe('');
  });
  it('counts down to a start', () => {
    expect(countdownParts(90_061_000, 0)).toEqual({
      done: false,
      days: 1,
      hours: '01',
      minutes: '01',
      seconds: '01',
    });
    expect(countdownParts(0, 5).done).toBe(true);
  });
  it('gives a reservation’s start in China time, zero-padded, whatever the phone’s zone', () => {
    // 2025-03-05 10:00 in Beijing.
    const now = new Date('2025-03-05T02:00:00Z');
    expect(formatReserveTime('2025-03-05T12:05:00Z', now)).toBe('今天 20:05');
    // 23:30 UTC on the 5th is 07:30 on the 6th in Beijing: not today.
    expect(formatReserveTime('2025-03-05T23:30:00Z', now)).toBe('2025-03-06 07:30');
    expect(formatReserveTime('2025-11-20T01:02:00Z', now)).toBe('2025-11-20 09:02');
    // Beijing's midnight: the day turns at 16:00 UTC.
    expect(formatReserveTime('2025-03-04T16:00:00Z', now)).toBe('今天 00:00');
    expect(formatReserveTime('2025-03-04T15:59:00Z', now)).toBe('2025-03-04 23:59');
    expect(formatReserveTime(null, now)).toBe('');
  });
});
