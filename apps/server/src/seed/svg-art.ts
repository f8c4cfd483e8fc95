/**
 * Generated artwork for the demo shop's chrome: category icons, banners, shop logos and the home
 * activity cards and popup, drawn with the illustration library (product galleries are in
 * illustrations/gallery.ts). Text is Chinese only; the viewer's browser renders it with its CJK
 * fonts.
 */
import { inkFor, mix, PRODUCT_COLOURS } from './illustrations/colour.ts';
import { type DrawingId, drawArt } from './illustrations/library.ts';

/** Gradient start, gradient end, accent; one per first-level category, in TOP_CATEGORIES order. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#ff9a9e', '#fecfef', '#e0457b'],
  ['#667eea', '#a3bded', '#2d3a8c'],
  ['#f6d365', '#fda085', '#d9486b'],
  ['#a8e063', '#56ab2f', '#2f6b16'],
  ['#4facfe', '#00f2fe', '#1d3b8f'],
  ['#fbc2eb', '#a6c1ee', '#6a4c93'],
  ['#ffecd2', '#fcb69f', '#e07a3f'],
  ['#43e97b', '#38f9d7', '#0f7a5c'],
];

const CJK_FONTS =
  "'PingFang SC','Hiragino Sans GB','Noto Sans CJK SC','Microsoft YaHei',sans-serif";

function palette(top: number) {
  return PALETTES[top % PALETTES.length] ?? ['#eeeeee', '#cccccc', '#333333'];
}

/** The drawing in a colour of its own: `variant` moves through the product colours. */
function art(id: DrawingId, top: number, variant: number): string {
  const body = PRODUCT_COLOURS[(top * 3 + variant) % PRODUCT_COLOURS.length] as string;
  return drawArt(id, inkFor(body, palette(top)[2]));
}

function gradient(id: string, from: string, to: string, angle: number): string {
  return `<defs><linearGradient id="${id}" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

/** Soft circles in the background; positions come from `variant` so each image differs. */
function bubbles(variant: number, width: number, height: number): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    const x = ((variant * 97 + i * 211) % 100) / 100;
    const y = ((variant * 53 + i * 137) % 100) / 100;
    const r = 30 + ((variant * 31 + i * 71) % 90);
    out += `<circle cx="${Math.round(x * width)}" cy="${Math.round(y * height)}" r="${r}" fill="#fff" opacity=".18"/>`;
  }
  return out;
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${CJK_FONTS}">${body}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The drawing on a white disc at (cx, cy), `size` across. */
function badge(id: DrawingId, top: number, variant: number, cx: number, cy: number, size: number) {
  const scale = Math.round((size * 0.78 * 1000) / 200) / 1000;
  const at = (v: number) => Math.round(v * 10) / 10;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${size / 2}" fill="#fff" opacity=".85"/>` +
    `<g transform="translate(${at(cx - 100 * scale)} ${at(cy - 100 * scale)}) scale(${scale})">${art(id, top, variant)}</g>`
  );
}

/** A 750×300 home banner: the drawing on the right, a Chinese headline and sub-line on the left. */
export function bannerArt(opts: {
  top: number;
  art: DrawingId;
  variant: number;
  label: string;
  subline: string;
}): string {
  const [from, to, accent] = palette(opts.top);
  return svg(
    750,
    300,
    `${gradient('g', from, to, 20)}<rect width="750" height="300" fill="url(#g)"/>` +
      bubbles(opts.variant, 750, 300) +
      badge(opts.art, opts.top, opts.variant, 590, 150, 240) +
      `<text x="48" y="112" font-size="56" font-weight="800" fill="#ffffff">${escapeXml(opts.label)}</text>` +
      `<text x="48" y="160" font-size="28" fill="#ffffff" opacity=".92">${escapeXml(opts.subline)}</text>` +
      `<rect x="48" y="192" width="180" height="56" rx="28" fill="${accent}"/>` +
      `<text x="138" y="229" text-anchor="middle" font-size="26" font-weight="700" fill="#ffffff">立即抢购</text>`,
  );
}

/** A 120×120 round icon for categories and home menu entries. */
export function iconArt(opts: { top: number; art: DrawingId; variant: number }): string {
  const [from, to] = palette(opts.top);
  const scale = 0.46;
  return svg(
    120,
    120,
    `${gradient('g', mix(from, '#ffffff', 0.55), mix(to, '#ffffff', 0.55), 45 + opts.variant * 40)}<circle cx="60" cy="60" r="60" fill="url(#g)"/>` +
      `<g transform="translate(${60 - 100 * scale} ${58 - 100 * scale}) scale(${scale})">${art(opts.art, opts.top, opts.variant)}</g>`,
  );
}

/** A 200×200 shop logo: a coloured tile with the shop's character. */
export function logoArt(opts: { top: number; mark: string }): string {
  const [from, to] = palette(opts.top);
  return svg(
    200,
    200,
    `${gradient('g', from, to, 135)}<rect width="200" height="200" rx="40" fill="url(#g)"/>` +
      `<circle cx="100" cy="100" r="70" fill="#fff" opacity=".25"/>` +
      `<text x="100" y="126" text-anchor="middle" font-size="76" font-weight="800" fill="#ffffff">${escapeXml(opts.mark)}</text>`,
  );
}

/** A 330×200 home activity card: a headline, a sub-line and the drawing in the corner. */
export function activityArt(opts: {
  top: number;
  art: DrawingId;
  title: string;
  subline: string;
}): string {
  const [from, to] = palette(opts.top);
  return svg(
    330,
    200,
    `${gradient('g', from, to, 30)}<rect width="330" height="200" rx="20" fill="url(#g)"/>` +
      bubbles(opts.top + 3, 330, 200) +
      badge(opts.art, opts.top, 1, 262, 138, 112) +
      `<text x="24" y="64" font-size="36" font-weight="800" fill="#ffffff">${escapeXml(opts.title)}</text>` +
      `<text x="24" y="104" font-size="22" fill="#ffffff" opacity=".92">${escapeXml(opts.subline)}</text>`,
  );
}

/** A 600×800 home popup poster with a call to action. */
export function popupArt(opts: {
  top: number;
  art: DrawingId;
  title: string;
  subline: string;
  /** The button's words (马上去看 unless given). */
  cta?: string;
}) {
  const [from, to, accent] = palette(opts.top);
  return svg(
    600,
    800,
    `${gradient('g', from, to, 160)}<rect width="600" height="800" rx="32" fill="url(#g)"/>` +
      bubbles(opts.top + 7, 600, 800) +
      `<text x="300" y="150" text-anchor="middle" font-size="64" font-weight="800" fill="#ffffff">${escapeXml(opts.title)}</text>` +
      `<text x="300" y="220" text-anchor="middle" font-size="32" fill="#ffffff">${escapeXml(opts.subline)}</text>` +
      badge(opts.art, opts.top, 2, 300, 420, 320) +
      `<rect x="150" y="630" width="300" height="80" rx="40" fill="${accent}"/>` +
      `<text x="300" y="683" text-anchor="middle" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(opts.cta ?? '马上去看')}</text>`,
  );
}
