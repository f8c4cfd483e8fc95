import { describe, expect, it } from 'vitest';
import { badgeText, messageTime } from './api.ts';

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
  // Written as China wall-clock times: the texts are China time whatever the phone's zone.
  const at = (china: string) => `${china}+08:00`;
  const now = new Date(at('2026-11-22T15:30:00'));

  it('shows the time today, 昨天 yesterday, the date this year, the full date before', () => {
    expect(messageTime(at('2026-11-22T09:05:00'), now)).toBe('09:05');
    expect(messageTime(at('2026-11-21T23:59:00'), now)).toBe('昨天 23:59');
    expect(messageTime(at('2026-01-03T08:00:00'), now)).toBe('01-03 08:00');
    expect(messageTime(at('2025-12-31T08:00:00'), now)).toBe('2025-12-31 08:00');
    expect(messageTime('not a date', now)).toBe('');
  });
});
