import type { DashboardRange } from '@chaopin/contracts';
import { chinaDay } from '../../platform/china-time.ts';

/** A China-day period, first and last day inclusive (YYYY-MM-DD). */
export interface DayPeriod {
  from: string;
  to: string;
}

export interface Periods {
  /** Days per period: 1, 7 or 30. */
  days: number;
  current: DayPeriod;
  /** The same number of days just before. */
  previous: DayPeriod;
  /** Today (China time): the current period's last day. */
  today: string;
}

const DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };

/** The day `n` days after `day` (before, for a negative n). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The instant a China day starts. */
export function dayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00+08:00`));
}

/** Every day of a period, in order. */
export function daysOf(p: DayPeriod): string[] {
  const out: string[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Today / the last 7 / 30 China days, today included, and the period before each. */
export function periodsOf(range: DashboardRange, now = new Date()): Periods {
  const days = DAYS[range];
  const today = chinaDay(now);
  const from = addDays(today, 1 - days);
  const prevTo = addDays(from, -1);
  return {
    days,
    today,
    current: { from, to: today },
    previous: { from: addDays(prevTo, 1 - days), to: prevTo },
  };
}

/** The start of the hour an instant falls in (China hours are whole UTC hours: +8 h). */
export function hourStart(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
}
