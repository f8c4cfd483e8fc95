/** Calendar boundaries in China time (UTC+8, no daylight saving), where the programme's days are. */
const OFFSET_MS = 8 * 3_600_000;

/** The start of today and of this month in Asia/Shanghai, as instants. */
export function dayAndMonthStart(now = new Date()): { today: Date; month: Date } {
  const local = new Date(now.getTime() + OFFSET_MS);
  const today =
    Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - OFFSET_MS;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - OFFSET_MS;
  return { today: new Date(today), month: new Date(month) };
}

/** [start, end) of a YYYY-MM month in Asia/Shanghai. */
export function monthRange(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return [new Date(Date.UTC(y, m - 1, 1) - OFFSET_MS), new Date(Date.UTC(y, m, 1) - OFFSET_MS)];
}

/** The calendar day (YYYY-MM-DD) of an instant in China time. */
export function chinaDay(at = new Date()): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The day before a YYYY-MM-DD day. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
