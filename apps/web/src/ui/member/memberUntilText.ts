import { formatDate } from '../../core/format.ts';

/** The membership's end as a date, or null when there is none. */
export function memberUntilText(memberUntil: string | null): string | null {
  return memberUntil ? formatDate(memberUntil) : null;
}
