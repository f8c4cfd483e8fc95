import { chinaDayNumber, formatDate, formatDateMinute, formatTime } from '../../core/format.ts';

/**
 * A reservation's start in China time: 今天 20:00 on the same China day, else 2025-03-09 20:00
 * (zero-padded, so rows line up).
 */
export function formatReserveTime(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const day = formatDate(iso);
  if (!day) return '';
  return chinaDayNumber(iso) === chinaDayNumber(now)
    ? `今天 ${formatTime(iso)}`
    : formatDateMinute(iso);
}
