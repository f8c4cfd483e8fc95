import { describe, expect, it } from 'vitest';
import { billMonthFrom, monthCalendar, recentMonths, signedPoints, withSignIn } from './labels.ts';
import { pointsHome } from './testing/fixtures.ts';

const cell = (home: ReturnType<typeof pointsHome>, day: string) =>
  monthCalendar(home).days.find((d) => d.day === day);

describe('points labels', () => {
  it('signs points', () => {
    expect(signedPoints(10)).toBe('+10');
    expect(signedPoints(-5)).toBe('-5');
  });

  it('lays a month out Monday first, whatever the device zone', () => {
    // 2024-09-01 is a Sunday: six blanks; February 2024 has 29 days.
    expect(monthCalendar(pointsHome({ today: '2024-09-15', month: [] })).leading).toBe(6);
    const feb = monthCalendar(pointsHome({ today: '2024-02-10', month: [] }));
    expect(feb.days).toHaveLength(29);
    expect(feb.leading).toBe(3);
    expect(feb.days.at(-1)?.day).toBe('2024-02-29');
  });

  it('hints the 7th and 30th day of the streak ahead, and marks the ones earned', () => {
    // Not signed, streak 3: today would be the 4th day, the 7th is three days on.
    expect(cell(pointsHome(), '2024-05-11')?.bonus).toBe(7);
    expect(cell(pointsHome(), '2024-05-10')?.bonus).toBeNull();
    // Signed today as the 6th: tomorrow is the 7th; the 30th falls on 2024-06-01, not in May.
    const signed = pointsHome({ signedToday: true, streak: 6 });
    expect(cell(signed, '2024-05-09')?.bonus).toBe(7);
    expect(monthCalendar(signed).days.filter((d) => d.bonus)).toHaveLength(1);
    // Past the 7th: only the 30th is ahead.
    const long = pointsHome({ today: '2024-05-08', signedToday: false, streak: 9 });
    expect(cell(long, '2024-05-28')?.bonus).toBe(30);
    expect(monthCalendar(long).days.filter((d) => d.bonus)).toHaveLength(1);
    // A signed day that was a streak's 7th keeps its mark.
    const earned = pointsHome({ month: [{ day: '2024-05-03', points: 60, streak: 7 }] });
    expect(cell(earned, '2024-05-03')?.bonus).toBe(7);
  });

  it('applies a sign-in to the home figures once', () => {
    const result = { fresh: true, points: 10, streak: 4, balance: 130 };
    const after = withSignIn(pointsHome(), result);
    expect(after).toMatchObject({ signedToday: true, streak: 4, balance: 130 });
    expect(after.month.at(-1)).toEqual({ day: '2024-05-08', points: 10, streak: 4 });
    expect(withSignIn(after, result).month).toHaveLength(after.month.length);
  });

  it('reads the bill month from the address, dropping a malformed one', () => {
    expect(billMonthFrom(new URLSearchParams('month=2024-05'))).toBe('2024-05');
    expect(billMonthFrom(new URLSearchParams('month=2024-5'))).toBe('');
    expect(billMonthFrom(new URLSearchParams(''))).toBe('');
  });

  it('offers 全部, this month and the last (China months, across a year end)', () => {
    // 2023-12-31 16:30 UTC is already January in China.
    expect(recentMonths(Date.UTC(2023, 11, 31, 16, 30)).options).toEqual([
      '',
      '2024-01',
      '2023-12',
    ]);
    const { options, text } = recentMonths(new Date('2024-01-15T12:00:00+08:00'));
    expect(options).toEqual(['', '2024-01', '2023-12']);
    expect(options.map((o) => text[o])).toEqual(['全部', '本月', '上月']);
  });
});
