// A phone in New York: every text below must still be China time (UTC+8). Set before any Date use.
process.env.TZ = 'America/New_York';

import { describe, expect, it } from 'vitest';
import {
  chinaDayNumber,
  chinaWallClock,
  formatCountdown,
  formatDate,
  formatDateMinute,
  formatDateTime,
  formatDayTime,
  formatMonth,
  formatMonthDayTime,
  formatTime,
  fromChinaWallClock,
} from './format.ts';

// 2026-12-02 02:05:09 UTC = 2026-12-02 10:05:09 in China = 2026-12-01 21:05:09 in New York.
const AT = Date.UTC(2026, 11, 2, 2, 5, 9);
const HOUR = 3_600_000;

describe('China time on a phone in another zone', () => {
  it('runs in a zone that is not China’s (the test would pass trivially otherwise)', () => {
    expect(new Date(AT).getHours()).toBe(21);
    expect(new Date(AT).getDate()).toBe(1);
  });

  it('formats date, date-time, month and time in China time, zero-padded', () => {
    expect(formatDateTime(AT)).toBe('2026-12-02 10:05:09');
    expect(formatDateTime(new Date(AT).toISOString())).toBe('2026-12-02 10:05:09');
    expect(formatDateTime(new Date(AT))).toBe('2026-12-02 10:05:09');
    expect(formatDateMinute(AT)).toBe('2026-12-02 10:05');
    expect(formatDate(AT)).toBe('2026-12-02');
    expect(formatMonth(AT)).toBe('2026-12');
    expect(formatMonthDayTime(AT)).toBe('12-02 10:05');
    expect(formatTime(AT)).toBe('10:05');
    expect(formatTime('2026-01-01T00:00:00+08:00')).toBe('00:00');
    expect(formatDate('2026-12-31T16:00:00Z')).toBe('2027-01-01');
  });

  it('answers empty text for an unreadable time', () => {
    expect(formatDateTime('not a time')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatTime(Number.NaN)).toBe('');
    expect(formatDayTime('x', AT)).toBe('');
  });

  it('names days by the China calendar, not the phone’s', () => {
    // 23:30 in China the evening before (15:30 UTC): New York calls both instants the same day.
    const lastNight = Date.UTC(2026, 11, 1, 15, 30);
    expect(chinaDayNumber(AT) - chinaDayNumber(lastNight)).toBe(1);
    expect(formatDayTime(lastNight, AT)).toBe('昨天 23:30');
    expect(formatDayTime(AT, AT)).toBe('今天 10:05');
    expect(formatDayTime(AT + 14 * HOUR, AT)).toBe('明天 00:05');
    expect(formatDayTime(AT + 38 * HOUR, AT)).toBe('后天 00:05');
    expect(formatDayTime(AT + 62 * HOUR, AT)).toBe('12-05 00:05');
    expect(formatDayTime(AT, AT, { today: '' })).toBe('10:05');
    expect(formatDayTime(Date.UTC(2025, 0, 3, 0, 0), AT)).toBe('2025-01-03 08:00');
  });

  it('shows a picker China’s wall clock and reads a picked time back as China time', () => {
    const wall = chinaWallClock(AT);
    // The phone's own clock (New York) now reads 10:05 on 12-02, as China's does.
    expect([wall.getMonth() + 1, wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual([
      12, 2, 10, 5,
    ]);
    expect(fromChinaWallClock(wall).getTime()).toBe(AT);
    // A host picking 20:00 on 12-05 means 20:00 in China (12:00 UTC).
    expect(fromChinaWallClock(new Date(2026, 11, 5, 20, 0)).toISOString()).toBe(
      '2026-12-05T12:00:00.000Z',
    );
  });

  it('formats countdowns as durations', () => {
    expect(formatCountdown(3725)).toBe('01:02:05');
    expect(formatCountdown(125, true)).toBe('02:05');
    expect(formatCountdown(3725, true)).toBe('01:02:05');
    expect(formatCountdown(-4)).toBe('00:00:00');
    expect(formatCountdown(100 * 3600)).toBe('100:00:00');
  });
});
