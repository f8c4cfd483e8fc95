import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { chinaNow, chinaWallToIso, isoToChinaWall } from './chinaTime.ts';

describe('China time pickers', () => {
  it('reads a picked wall clock as China time', () => {
    expect(chinaWallToIso(dayjs('2026-03-07 10:30:00'))).toBe('2026-03-07T02:30:00.000Z');
    // Before 08:00 in China is the previous day in UTC.
    expect(chinaWallToIso(dayjs('2026-01-01 07:59:00'))).toBe('2025-12-31T23:59:00.000Z');
  });
  it('shows an instant as its China wall clock, and back', () => {
    const wall = isoToChinaWall('2026-03-06T18:05:00.000Z');
    expect(wall.format('YYYY-MM-DD HH:mm')).toBe('2026-03-07 02:05');
    expect(chinaWallToIso(wall)).toBe('2026-03-06T18:05:00.000Z');
    expect(chinaNow(Date.parse('2026-06-30T16:00:00Z')).format('YYYY-MM-DD HH:mm')).toBe(
      '2026-07-01 00:00',
    );
  });
});
