import dayjs, { type Dayjs } from 'dayjs';
import { formatChinaTime } from './format.ts';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * The console's date pickers show China time whatever the operator's own zone: a picker's value is
 * read as a China wall clock (its year, month, day, hour, minute, second), never as a local instant.
 */
export function chinaWallToIso(wall: Dayjs): string {
  const utc = Date.UTC(
    wall.year(),
    wall.month(),
    wall.date(),
    wall.hour(),
    wall.minute(),
    wall.second(),
  );
  return new Date(utc - CHINA_OFFSET_MS).toISOString();
}

/** An instant as the picker value that shows its China wall clock. */
export function isoToChinaWall(input: string | number | Date): Dayjs {
  // dayjs reads 'YYYY-MM-DD HH:mm:ss' as a local wall clock.
  return dayjs(formatChinaTime(input));
}

/** Now, as a China wall clock (what a picker compares its days and times with). */
export function chinaNow(now: number = Date.now()): Dayjs {
  return isoToChinaWall(now);
}
