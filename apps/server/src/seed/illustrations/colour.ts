/**
 * Colours for the seed illustrations: the product's own colour (from its colour SKU, or picked by
 * a hash of its title) and the shades a flat drawing needs, plus small hashing helpers so every
 * variation is reproducible.
 */

/** The colours a drawing paints with. */
export interface Ink {
  /** Main body colour: the product's colour. */
  b: string;
  /** Shading on the body (a darker tone of b). */
  s: string;
  /** Highlights (a lighter tone of b). */
  l: string;
  /** Details that must stand out from the body: dark on light bodies, light on dark ones. */
  d: string;
  /** An accent from the image's theme (labels, trims, ribbons). */
  a: string;
}

/** Colour SKU values → a product colour. Keys are the seed's 颜色 values. */
export const NAMED_COLOURS: Readonly<Record<string, string>> = {
  黑色: '#2e3038',
  白色: '#f6f5f1',
  红色: '#e2464a',
  藏青色: '#2f4470',
  卡其色: '#c8a779',
  浅灰色: '#b8bec7',
  樱花粉: '#f4acc1',
  燕麦色: '#e4d5bb',
};

/** Product colours for products without a colour SKU: saturated but friendly. */
export const PRODUCT_COLOURS: readonly string[] = [
  '#ff7a6b',
  '#5aa9e6',
  '#3fbf9f',
  '#f7b733',
  '#9b8cf2',
  '#f28ab2',
  '#2a9d8f',
  '#e9a15b',
  '#4d6fb8',
  '#e76f51',
];

/** Theme colours for backgrounds, badges and price tags. */
export const THEME_COLOURS: readonly string[] = [
  '#ff6f61',
  '#ff9f43',
  '#f9c74f',
  '#43aa8b',
  '#4d96ff',
  '#7b6cf6',
  '#e85d9e',
  '#20b2aa',
];

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes `hex` towards `to` by t (0 = hex, 1 = to). */
export function mix(hex: string, to: string, t: number): string {
  const a = rgb(hex);
  const b = rgb(to);
  return `#${hex2(a[0] + (b[0] - a[0]) * t)}${hex2(a[1] + (b[1] - a[1]) * t)}${hex2(a[2] + (b[2] - a[2]) * t)}`;
}

/** Relative brightness, 0 (black) to 1 (white). */
export function lightness(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

/** Hue in degrees, or -1 for greys. */
export function hue(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => v / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d < 0.12) return -1;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** A few dozen body and accent pairs recur across the catalogue: each ink is worked out once. */
const inks = new Map<string, Ink>();

/** The ink for a body colour and an accent. */
export function inkFor(body: string, accent: string): Ink {
  const key = body + accent;
  const known = inks.get(key);
  if (known) return known;
  const light = lightness(body);
  const ink: Ink = {
    b: body,
    s: mix(body, '#000000', light > 0.85 ? 0.18 : 0.2),
    l: mix(body, '#ffffff', 0.45),
    d: light < 0.35 ? mix(body, '#ffffff', 0.5) : mix(body, '#1b1e26', light > 0.85 ? 0.55 : 0.6),
    a: accent,
  };
  inks.set(key, ink);
  return ink;
}

/** FNV-1a: a stable 32-bit hash of a string. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, n) drawn from `seed` and a salt, so one hash gives many independent choices. */
export function roll(seed: number, salt: number, n: number): number {
  let h = Math.imul(seed ^ Math.imul(salt + 1, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % n;
}

/** A theme colour whose hue is far enough from the product's, so the product stands out. */
export function themeFor(seed: number, salt: number, body: string): string {
  const bodyHue = hue(body);
  const start = roll(seed, salt, THEME_COLOURS.length);
  for (let i = 0; i < THEME_COLOURS.length; i++) {
    const theme = THEME_COLOURS[(start + i) % THEME_COLOURS.length] as string;
    const gap = Math.abs(hue(theme) - bodyHue);
    if (bodyHue < 0 || Math.min(gap, 360 - gap) > 40) return theme;
  }
  return THEME_COLOURS[start] as string;
}
