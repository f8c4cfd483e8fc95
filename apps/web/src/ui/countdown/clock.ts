import type { SeckillSession } from '@chaopin/contracts';
import { formatCountdown, formatTime } from '../../core/format.ts';

/**
 * Countdowns run on the server's clock, not the phone's: each answer carries the server's `now`,
 * and `offsetMs` (server minus phone, taken when the answer arrived) corrects the phone's time.
 */
export type WithClock<T> = T & { offsetMs: number };

export function withClock<T extends { now: string }>(data: T, phoneNow = Date.now()): WithClock<T> {
  const server = Date.parse(data.now);
  return { ...data, offsetMs: Number.isNaN(server) ? 0 : server - phoneNow };
}

/** Whole seconds from the server's now until `iso` (0 once past or unreadable). */
export function secondsUntil(iso: string, offsetMs: number, phoneNow = Date.now()): number {
  const target = Date.parse(iso);
  if (Number.isNaN(target)) return 0;
  return Math.max(0, Math.ceil((target - (phoneNow + offsetMs)) / 1000));
}

/** 3725 → 01:02:05 (hours past 99 still show in full). */
export const hms = (seconds: number): string => formatCountdown(seconds);

/** A session's tab time, China time like its 10:00场 title: 10:00. */
export function hhmm(iso: string): string {
  return formatTime(iso) || '--:--';
}

/** What a session's countdown counts to: its start before it opens, its end while open. */
export function countdownTarget(
  session: Pick<SeckillSession, 'state' | 'startAt' | 'endAt'>,
): { label: '距开始' | '距结束'; at: string } | null {
  if (session.state === 'upcoming') return { label: '距开始', at: session.startAt };
  if (session.state === 'running' || session.state === 'started') {
    return { label: '距结束', at: session.endAt };
  }
  return null;
}
