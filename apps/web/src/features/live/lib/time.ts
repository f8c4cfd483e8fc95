/** Time texts of the live pages: a broadcast's length, the 预告's start and its countdown. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 3723000 → 01:02:03; under an hour → 02:03. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${pad(h)}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
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

/** A 预告's start: 今天 20:00, 明天 09:30, else 3月5日 20:00 (`short`: 3/5 20:00). */
export function formatNoticeTime(
  iso: string | null,
  now: Date = new Date(),
  short = false,
): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const hm = `${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const diff = Math.round((day(at) - day(now)) / 86_400_000);
  if (diff === 0) return `今天 ${hm}`;
  if (diff === 1) return `明天 ${hm}`;
  if (diff === 2) return `后天 ${hm}`;
  if (short) return `${at.getMonth() + 1}/${at.getDate()} ${hm}`;
  return `${at.getMonth() + 1}月${at.getDate()}日 ${hm}`;
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

/** China has one zone and no daylight saving: UTC+8 whatever the phone's own zone. */
const CHINA_OFFSET_MS = 8 * 3600_000;

/**
 * A reservation's start in China time: 今天 20:00 on the same China day, else 2025-03-09 20:00
 * (zero-padded, so rows line up).
 */
export function formatReserveTime(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '';
  const at = new Date(Date.parse(iso) + CHINA_OFFSET_MS);
  if (Number.isNaN(at.getTime())) return '';
  const today = new Date(now.getTime() + CHINA_OFFSET_MS);
  const hm = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  const ymd = (d: Date) =>
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return ymd(at) === ymd(today) ? `今天 ${hm}` : `${ymd(at)} ${hm}`;
}
