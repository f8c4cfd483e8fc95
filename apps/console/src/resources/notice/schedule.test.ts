import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { scheduleProblem, unschedulableDay } from './schedule.ts';

// 2026-03-07 10:00 in China.
const NOW = Date.parse('2026-03-07T02:00:00.000Z');

describe('notice schedule', () => {
  it('takes a future China time within a year', () => {
    expect(scheduleProblem(dayjs('2026-03-07 12:00'), NOW)).toBeNull();
    expect(scheduleProblem(dayjs('2027-03-06 12:00'), NOW)).toBeNull();
  });
  it('refuses no time, the past, now and more than a year out', () => {
    expect(scheduleProblem(null, NOW)).toBe('请选择定时发布时间');
    expect(scheduleProblem(dayjs('2026-03-07 09:59'), NOW)).toBe('定时发布时间须晚于当前时间');
    expect(scheduleProblem(dayjs('2026-03-07 10:00'), NOW)).toBe('定时发布时间须晚于当前时间');
    expect(scheduleProblem(dayjs('2027-03-08 10:01'), NOW)).toBe('定时发布时间最多在一年之内');
  });
  it('greys out days before China today and past a year', () => {
    expect(unschedulableDay(dayjs('2026-03-06'), NOW)).toBe(true);
    expect(unschedulableDay(dayjs('2026-03-07'), NOW)).toBe(false);
    expect(unschedulableDay(dayjs('2027-03-07'), NOW)).toBe(false);
    expect(unschedulableDay(dayjs('2027-03-08'), NOW)).toBe(true);
  });
});
