import type { PointsBillRow, PointsHomeData, SignInData, SignInDay } from '@chaopin/contracts';
import { formatMonth, type TimeInput } from '../../core/format.ts';

/** +10 for points earned, -10 for points spent. */
export function signedPoints(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}

export function pointsTone(row: Pick<PointsBillRow, 'amount'>): 'in' | 'out' {
  return row.amount > 0 ? 'in' : 'out';
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * 积分明细's month kept in the address (coming back from an order keeps it); a hand-edited one
 * falls back to every month rather than asking the server for a 400.
 */
export function billMonthFrom(params: URLSearchParams): string {
  const month = params.get('month') ?? '';
  return MONTH.test(month) ? month : '';
}

export function billMonthParams(month: string): Record<string, string> {
  return month ? { month } : {};
}

/** 积分明细's quick chips: every month, this month and the last (China months); older ones are picked. */
export function recentMonths(now: TimeInput = Date.now()): {
  options: string[];
  text: Record<string, string>;
} {
  const current = formatMonth(now);
  const [year = 0, month = 1] = current.split('-').map(Number);
  // Noon UTC of the previous month's 1st is that same China day, whatever the zone.
  const last = formatMonth(Date.UTC(year, month - 2, 1, 12));
  return {
    options: ['', current, last],
    text: { '': '全部', [current]: '本月', [last]: '上月' },
  };
}

/** The streak days that earn a bonus (the rules name them; the amounts come from the server). */
export const BONUS_STREAKS = [7, 30] as const;
export type BonusStreak = (typeof BONUS_STREAKS)[number];

export interface CalendarDay {
  /** YYYY-MM-DD (China time, as the server counts days). */
  day: string;
  date: number;
  isToday: boolean;
  /** The sign-in of that day, when there was one. */
  signed: SignInDay | null;
  /** The streak bonus this day earned, or earns if every day till then is signed. */
  bonus: BonusStreak | null;
}

export interface MonthCalendar {
  year: number;
  month: number;
  /** Empty cells before the 1st, the week starting on Monday. */
  leading: number;
  days: CalendarDay[];
}

const DAY_MS = 86_400_000;

// Calendar arithmetic is done in UTC on the server's YYYY-MM-DD: the device's zone (or a DST
// change) must not move a China-time day to its neighbour.
function utcOf(day: string): number {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The days that would be the 7th and the 30th of the current streak if it is kept up. */
function upcomingBonuses(home: PointsHomeData): Map<string, BonusStreak> {
  // The streak counted on today: the server's figure includes today only once it is signed.
  const onToday = home.signedToday ? home.streak : home.streak + 1;
  const days = new Map<string, BonusStreak>();
  for (const target of BONUS_STREAKS) {
    if (target < onToday) continue;
    days.set(dayOf(utcOf(home.today) + (target - onToday) * DAY_MS), target);
  }
  return days;
}

/** This month's grid: signed days with their points, today, and the streak's bonus days. */
export function monthCalendar(home: PointsHomeData): MonthCalendar {
  const [year = 0, month = 1] = home.today.split('-').map(Number);
  const first = Date.UTC(year, month - 1, 1);
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const signed = new Map(home.month.map((s) => [s.day, s]));
  const upcoming = upcomingBonuses(home);
  const days: CalendarDay[] = [];
  for (let i = 0; i < count; i++) {
    const day = dayOf(first + i * DAY_MS);
    const sign = signed.get(day) ?? null;
    const past = BONUS_STREAKS.find((n) => n === sign?.streak) ?? null;
    days.push({
      day,
      date: i + 1,
      isToday: day === home.today,
      signed: sign,
      bonus: sign ? past : (upcoming.get(day) ?? null),
    });
  }
  return { year, month, leading: (new Date(first).getUTCDay() + 6) % 7, days };
}

export const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'] as const;

export function bonusPoints(rules: PointsHomeData['rules'], streak: BonusStreak): number {
  return streak === 7 ? rules.streak7Bonus : rules.streak30Bonus;
}

/**
 * The home figures right after a sign-in, so the button and today's cell turn at once; the
 * refetch that follows brings the server's own view.
 */
export function withSignIn(home: PointsHomeData, result: SignInData): PointsHomeData {
  const today: SignInDay = { day: home.today, points: result.points, streak: result.streak };
  return {
    ...home,
    signedToday: true,
    balance: result.balance,
    streak: result.streak,
    month: home.month.some((s) => s.day === home.today) ? home.month : [...home.month, today],
  };
}
