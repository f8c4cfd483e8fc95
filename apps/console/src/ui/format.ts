/** Money is integer fen everywhere; it becomes ¥12.90 only here. */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** A time in China time (UTC+8) whatever the operator's own zone: 2026-03-07 14:05:09. */
export function formatChinaTime(input: string | number | Date | null | undefined): string {
  if (input === null || input === undefined || input === '') return '—';
  const ms = new Date(input).getTime();
  if (Number.isNaN(ms)) return String(input);
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
