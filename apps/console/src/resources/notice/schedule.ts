import type { Dayjs } from 'dayjs';
import { chinaNow, chinaWallToIso } from '../../ui/chinaTime.ts';

/** How far ahead a notice may be scheduled (the server allows a little more: 366 days). */
export const SCHEDULE_MAX_DAYS = 365;
const DAY_MS = 24 * 3_600_000;

/** Why a 定时发布 time (a China wall clock from the picker) cannot be used, or null. */
export function scheduleProblem(wall: Dayjs | null | undefined, now: number): string | null {
  if (!wall) return '请选择定时发布时间';
  const ahead = Date.parse(chinaWallToIso(wall)) - now;
  if (ahead <= 60_000) return '定时发布时间须晚于当前时间';
  if (ahead > SCHEDULE_MAX_DAYS * DAY_MS) return '定时发布时间最多在一年之内';
  return null;
}

/** The picker's days that cannot hold a schedule: before today or more than a year out (China). */
export function unschedulableDay(day: Dayjs, now: number): boolean {
  const today = chinaNow(now).startOf('day');
  return day.isBefore(today, 'day') || day.isAfter(today.add(SCHEDULE_MAX_DAYS, 'day'), 'day');
}
