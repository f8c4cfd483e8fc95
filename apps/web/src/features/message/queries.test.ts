import { describe, expect, it } from 'vitest';
import { badgeText, messageTime } from './queries.ts';

describe('badgeText', () => {
  it('hides zero and caps at 99+', () => {
    expect([
      badgeText(undefined),
      badgeText(0),
      badgeText(1),
      badgeText(99),
      badgeText(100),
    ]).toEqual([null, null, '1', '99', '99+']);
  });
});

describe('messageTime', () => {
  const now = new Date(2026, 10, 22, 15, 30);
  const at = (...args: [number, number, number, number, number]) => new Date(...args).toISOString();

  it('shows the time today, 昨天 yesterday, the date this year, the full date before', () => {
    expect(messageTime(at(2026, 10, 22, 9, 5), now)).toBe('09:05');
    expect(messageTime(at(2026, 10, 21, 23, 59), now)).toBe('昨天 23:59');
    expect(messageTime(at(2026, 0, 3, 8, 0), now)).toBe('01-03 08:00');
    expect(messageTime(at(2025, 11, 31, 8, 0), now)).toBe('2025-12-31');
    expect(messageTime('not a date', now)).toBe('');
  });
});
