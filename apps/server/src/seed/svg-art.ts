/**
 * Generated placeholder artwork for the demo catalogue: a gradient in the category's palette and a
 * simple vector motif. No text beyond short Latin labels, so nothing depends on installed fonts.
 */

export type Motif = 'dress' | 'shirt' | 'bottle' | 'fruit' | 'phone' | 'house' | 'bear' | 'shoe';

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

/** Motif shapes drawn in a 100×100 box; `fg` fills the body, `ac` the details. */
function motifShapes(motif: Motif, fg: string, ac: string): string {
  switch (motif) {
    case 'dress':
      return `<path d="M40 10h20l3 16-6 6 17 58H26l17-58-6-6z" fill="${fg}"/>
        <rect x="37" y="30" width="26" height="4" rx="2" fill="${ac}"/>`;
    case 'shirt':
      return `<path d="M32 14l12-4q6 8 12 0l12 4 18 18-12 10-8-7v55H34V35l-8 7-12-10z" fill="${fg}"/>
        <circle cx="50" cy="40" r="2.5" fill="${ac}"/><circle cx="50" cy="55" r="2.5" fill="${ac}"/>`;
    case 'bottle':
      return `<rect x="32" y="38" width="36" height="52" rx="8" fill="${fg}"/>
        <rect x="40" y="16" width="20" height="24" rx="3" fill="${ac}"/>
        <rect x="38" y="55" width="24" height="16" rx="3" fill="${ac}" opacity=".35"/>`;
    case 'fruit':
      return `<circle cx="50" cy="58" r="30" fill="${fg}"/>
        <path d="M50 30q2-14 14-18-2 14-14 18z" fill="${ac}"/>
        <path d="M50 30v-8" stroke="${ac}" stroke-width="3" stroke-linecap="round"/>`;
    case 'phone':
      return `<rect x="30" y="8" width="40" height="84" rx="8" fill="${fg}"/>
        <rect x="34" y="16" width="32" height="62" rx="3" fill="${ac}" opacity=".45"/>
        <circle cx="50" cy="85" r="3" fill="${ac}"/>`;
    case 'house':
      return `<path d="M12 50L50 16l38 34v40H12z" fill="${fg}"/>
        <rect x="42" y="62" width="16" height="28" rx="2" fill="${ac}"/>
        <rect x="22" y="56" width="12" height="12" fill="${ac}" opacity=".5"/>`;
    case 'bear':
      return `<circle cx="28" cy="30" r="12" fill="${fg}"/><circle cx="72" cy="30" r="12" fill="${fg}"/>
        <circle cx="50" cy="55" r="32" fill="${fg}"/>
        <circle cx="39" cy="50" r="4" fill="${ac}"/><circle cx="61" cy="50" r="4" fill="${ac}"/>
        <ellipse cx="50" cy="66" rx="9" ry="6" fill="${ac}" opacity=".6"/>`;
    case 'shoe':
      return `<path d="M8 70q0-24 18-30l14 10q22 6 46 12 10 3 10 12v8H8z" fill="${fg}"/>
        <rect x="8" y="78" width="88" height="6" rx="3" fill="${ac}"/>
        <path d="M40 52l8-6M48 56l8-6" stroke="${ac}" stroke-width="3" stroke-linecap="round"/>`;
  }
}

function palette(top: number) {
  return PALETTES[top % PALETTES.length] ?? ['#eeeeee', '#cccccc', '#333333'];
}

function gradient(id: string, from: string, to: string, angle: number): string {
  return `<defs><linearGradient id="${id}" gradientTransform="rotate(${angle} .5 .5)">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
  </linearGradient></defs>`;
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
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A 750×750 product photo stand-in; `variant` moves and tilts the motif between a product's images. */
export function productArt(opts: {
  top: number;
  motif: Motif;
  variant: number;
  label: string;
}): string {
  const [from, to, accent] = palette(opts.top);
  const angle = (opts.variant * 37) % 360;
  const tilt = ((opts.variant % 5) - 2) * 6;
  const scale = 4.2 + (opts.variant % 3) * 0.5;
  const offset = (750 - 100 * scale) / 2;
  return svg(
    750,
    750,
    `${gradient('g', from, to, angle)}<rect width="750" height="750" fill="url(#g)"/>
    ${bubbles(opts.variant, 750, 750)}
    <g transform="translate(${offset} ${offset - 30}) rotate(${tilt} 50 50) scale(${scale})">
      ${motifShapes(opts.motif, '#ffffff', accent)}
    </g>
    <text x="375" y="705" text-anchor="middle" font-family="Helvetica, Arial, sans-serif"
      font-size="34" font-weight="700" fill="#ffffff" opacity=".85">${escapeXml(opts.label)}</text>`,
  );
}

/** The viewer's browser renders these SVGs, so Chinese text uses its CJK fonts. */
const CJK_FONTS = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";

/** A 750×300 home banner: motif on the right, a Chinese headline and sub-line on the left. */
export function bannerArt(opts: {
  top: number;
  motif: Motif;
  variant: number;
  label: string;
  subline: string;
}): string {
  const [from, to, accent] = palette(opts.top);
  return svg(
    750,
    300,
    `${gradient('g', from, to, 20)}<rect width="750" height="300" rx="0" fill="url(#g)"/>
    ${bubbles(opts.variant, 750, 300)}
    <g transform="translate(480 30) scale(2.4)">${motifShapes(opts.motif, '#ffffff', accent)}</g>
    <text x="48" y="112" font-family="${CJK_FONTS}" font-size="56" font-weight="800"
      fill="#ffffff">${escapeXml(opts.label)}</text>
    <text x="48" y="160" font-family="${CJK_FONTS}" font-size="28" fill="#ffffff"
      opacity=".92">${escapeXml(opts.subline)}</text>
    <rect x="48" y="192" width="180" height="56" rx="28" fill="${accent}"/>
    <text x="138" y="229" text-anchor="middle" font-family="${CJK_FONTS}"
      font-size="26" font-weight="700" fill="#ffffff">立即抢购</text>`,
  );
}

/** A 120×120 round icon for categories and home menu entries. */
export function iconArt(opts: { top: number; motif: Motif; variant: number }): string {
  const [from, to, accent] = palette(opts.top);
  return svg(
    120,
    120,
    `${gradient('g', from, to, 45 + opts.variant * 40)}<circle cx="60" cy="60" r="60" fill="url(#g)"/>
    <g transform="translate(25 25) scale(.7)">${motifShapes(opts.motif, '#ffffff', accent)}</g>`,
  );
}

/** A 200×200 shop logo: a coloured disc with up to three Latin initials. */
export function logoArt(opts: { top: number; initials: string }): string {
  const [from, to] = palette(opts.top);
  return svg(
    200,
    200,
    `${gradient('g', from, to, 135)}<rect width="200" height="200" rx="40" fill="url(#g)"/>
    <circle cx="100" cy="100" r="70" fill="#fff" opacity=".25"/>
    <text x="100" y="122" text-anchor="middle" font-family="Helvetica, Arial, sans-serif"
      font-size="60" font-weight="800" fill="#ffffff">${escapeXml(opts.initials)}</text>`,
  );
}

/** A 330×200 home activity card: a headline, a sub-line and the motif in the corner. */
export function activityArt(opts: {
  top: number;
  motif: Motif;
  title: string;
  subline: string;
}): string {
  const [from, to, accent] = palette(opts.top);
  return svg(
    330,
    200,
    `${gradient('g', from, to, 30)}<rect width="330" height="200" rx="20" fill="url(#g)"/>
    ${bubbles(opts.top + 3, 330, 200)}
    <g transform="translate(200 70) scale(1.2)">${motifShapes(opts.motif, '#ffffff', accent)}</g>
    <text x="24" y="64" font-family="${CJK_FONTS}" font-size="36" font-weight="800"
      fill="#ffffff">${escapeXml(opts.title)}</text>
    <text x="24" y="104" font-family="${CJK_FONTS}" font-size="22" fill="#ffffff"
      opacity=".92">${escapeXml(opts.subline)}</text>`,
  );
}

/** A 600×800 home popup poster with a call to action. */
export function popupArt(opts: { top: number; motif: Motif; title: string; subline: string }) {
  const [from, to, accent] = palette(opts.top);
  return svg(
    600,
    800,
    `${gradient('g', from, to, 160)}<rect width="600" height="800" rx="32" fill="url(#g)"/>
    ${bubbles(opts.top + 7, 600, 800)}
    <text x="300" y="150" text-anchor="middle" font-family="${CJK_FONTS}" font-size="64"
      font-weight="800" fill="#ffffff">${escapeXml(opts.title)}</text>
    <text x="300" y="220" text-anchor="middle" font-family="${CJK_FONTS}" font-size="32"
      fill="#ffffff">${escapeXml(opts.subline)}</text>
    <g transform="translate(150 260) scale(3)">${motifShapes(opts.motif, '#ffffff', accent)}</g>
    <rect x="150" y="630" width="300" height="80" rx="40" fill="${accent}"/>
    <text x="300" y="683" text-anchor="middle" font-family="${CJK_FONTS}" font-size="34"
      font-weight="700" fill="#ffffff">马上去看</text>`,
  );
}
