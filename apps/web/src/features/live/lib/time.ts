/** Time texts of the live pages: a broadcast's length, the 预告's start and its countdown. */
import { formatCountdown, formatDayTime } from '../../../core/format.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** 3723000 → 01:02:03; under an hour → 02:03. */
export function formatClock(ms: number): string {
  return formatCountdown(ms / 1000, true);
}

/** 3723000 → 1小时2分钟; 45000 → 45秒. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  if (h > 0) return `${h}小时${m}分钟`;
  if (m > 0) return `${m}分钟`;
  return `${total}秒`;
}

/** A 预告's start by China day: 今天 20:00, 明天 09:30, 后天 …, else 03-05 20:00. */
export function formatNoticeTime(iso: string | null, now: Date | number = Date.now()): string {
  return iso ? formatDayTime(iso, now) : '';
}

/** Days, hours, minutes and seconds left until `targetMs`. */
export function countdownParts(targetMs: number, nowMs: number) {
  const left = Math.max(0, Math.floor((targetMs - nowMs) / 1000));
  return {
    done: left === 0,
    days: Math.floor(left / 86_400),
    hours: pad(Math.floor((left % 86_400) / 3600)),
    minutes: pad(Math.floor((left % 3600) / 60)),
    seconds: pad(left % 60),
  };
}

export { formatReserveTime } from '../../../ui/live/reserveTime.ts';
