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
