// The message centre's tabs and 我的's message icon show the same badge.

/** Badge text: nothing for 0, 99+ past 99. */
export function badgeText(n: number | undefined): string | null {
  if (!n) return null;
  return n > 99 ? '99+' : String(n);
}
