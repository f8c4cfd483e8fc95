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

/** SPEC §3 chat time style: YYYY-M-D HH:MM:SS. */
export function formatDateTime(input: string | number | Date): string {
  const d = new Date(input);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function formatDate(input: string | number | Date): string {
  return formatDateTime(input).split(' ')[0] ?? '';
}

/**
 * SPEC §9: image URLs are prefixed with a CDN. Stored paths (/uploads/…) get VITE_CDN_BASE when
 * one is configured; absolute and data URLs pass through.
 */
export function imageUrl(
  path: string,
  cdnBase: string = import.meta.env?.VITE_CDN_BASE ?? '',
): string {
  if (!path || /^(https?:|data:|blob:)/.test(path) || !cdnBase) return path;
  return `${cdnBase.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
