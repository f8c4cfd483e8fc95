/** Money is integer fen everywhere; it becomes yuan text only here (DESIGN: never a float). */
export function formatPrice(fen: number, withSymbol = true): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${sign}${withSymbol ? '¥' : ''}${yuan}.${cents}`;
}

/** Splits ¥12.90 into its parts so the yuan can be shown larger than the cents. */
export function priceParts(fen: number): { yuan: string; cents: string } {
  const [yuan = '0', cents = '00'] = formatPrice(fen, false).split('.');
  return { yuan, cents };
}

/** 12345 → 1.2万, as Chinese shops show sales counts. */
export function formatCount(n: number): string {
  if (n >= 100_000_000) return `${trim(n / 100_000_000)}亿`;
  if (n >= 10_000) return `${trim(n / 10_000)}万`;
  return String(n);
}

function trim(value: number): string {
  return value.toFixed(1).replace(/\.0$/, '');
}

/** 13812348000 → 138****8000 (the server already masks; this is for numbers the user typed). */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

// Times: every rule's business day is China's (Asia/Shanghai: UTC+8 all year, no DST since 1991),
// so every time is shown in China time whatever zone the phone is set to. Plain offset arithmetic
// (not Intl) keeps this platform-free and exact; Date's UTC getters read the shifted instant.
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type TimeInput = string | number | Date;

const pad = (n: number) => String(n).padStart(2, '0');

function millis(input: TimeInput): number {
  return input instanceof Date ? input.getTime() : new Date(input).getTime();
}

/** The instant's wall clock in China, or null for an unreadable time. */
function china(input: TimeInput): Date | null {
  const ms = millis(input);
  return Number.isFinite(ms) ? new Date(ms + CHINA_OFFSET_MS) : null;
}

/** Days since 1970-01-01 of the instant's China calendar day (for 今天/明天 and day keys). */
export function chinaDayNumber(input: TimeInput): number {
  return Math.floor((millis(input) + CHINA_OFFSET_MS) / DAY_MS);
}

const ymd = (c: Date) => `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())}`;
const hm = (c: Date) => `${pad(c.getUTCHours())}:${pad(c.getUTCMinutes())}`;
const md = (c: Date) => `${pad(c.getUTCMonth() + 1)}-${pad(c.getUTCDate())}`;

/** 2026-12-02 08:05:09 ('' when unreadable). */
export function formatDateTime(input: TimeInput): string {
  const c = china(input);
  return c ? `${ymd(c)} ${hm(c)}:${pad(c.getUTCSeconds())}` : '';
}

/** 2026-12-02 08:05. */
export function formatDateMinute(input: TimeInput): string {
  const c = china(input);
  return c ? `${ymd(c)} ${hm(c)}` : '';
}

/** 2026-12-02: also the key of a China day (once-a-day memories). */
export function formatDate(input: TimeInput): string {
  const c = china(input);
  return c ? ymd(c) : '';
}

/** 2026-12 (the China month an instant falls in). */
export function formatMonth(input: TimeInput): string {
  const c = china(input);
  return c ? `${c.getUTCFullYear()}-${pad(c.getUTCMonth() + 1)}` : '';
}

/** 12-02 08:05. */
export function formatMonthDayTime(input: TimeInput): string {
  const c = china(input);
  return c ? `${md(c)} ${hm(c)}` : '';
}

/** 08:05. */
export function formatTime(input: TimeInput): string {
  const c = china(input);
  return c ? hm(c) : '';
}

const NEAR_DAYS: Record<number, string> = { [-1]: '昨天', 0: '今天', 1: '明天', 2: '后天' };

/**
 * A time named by its China day relative to `now`: 今天 08:05 (昨天, 明天, 后天), else 12-02 08:05
 * within the same year, else 2025-12-02 08:05. `today` replaces 今天 (chat shows only 08:05).
 */
export function formatDayTime(
  input: TimeInput,
  now: TimeInput = Date.now(),
  opts: { today?: string } = {},
): string {
  const c = china(input);
  const n = china(now);
  if (!c || !n) return '';
  const word = NEAR_DAYS[chinaDayNumber(input) - chinaDayNumber(now)];
  if (word === '今天' && opts.today !== undefined) return `${opts.today}${hm(c)}`;
  if (word) return `${word} ${hm(c)}`;
  return c.getUTCFullYear() === n.getUTCFullYear() ? `${md(c)} ${hm(c)}` : `${ymd(c)} ${hm(c)}`;
}

/**
 * Pickers (antd-mobile's DatePicker) draw a Date on the phone's own wall clock: this Date shows
 * the instant's China time there, and `fromChinaWallClock` reads a picked one back as China time.
 */
export function chinaWallClock(input: TimeInput): Date {
  const c = china(input);
  if (!c) return new Date(Number.NaN);
  return new Date(
    c.getUTCFullYear(),
    c.getUTCMonth(),
    c.getUTCDate(),
    c.getUTCHours(),
    c.getUTCMinutes(),
    c.getUTCSeconds(),
  );
}

/** The instant a picker's wall-clock Date names when read as China time. */
export function fromChinaWallClock(local: Date): Date {
  const wall = Date.UTC(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
  );
  return new Date(wall - CHINA_OFFSET_MS);
}

/** A countdown or a length of time (zone-free): 3725 s → 01:02:05; `short` drops a zero hour. */
export function formatCountdown(seconds: number, short = false): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const ms = `${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return short && h === 0 ? ms : `${pad(h)}:${ms}`;
}

/**
 * SPEC §9: image URLs are prefixed with a CDN. Stored paths (/uploads/…) get the app's CDN base
 * when one is configured; absolute and data URLs pass through.
 */
export function imageUrl(path: string, cdnBase = ''): string {
  if (!path || /^(https?:|data:|blob:)/.test(path) || !cdnBase) return path;
  return `${cdnBase.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
