import { zh } from './catalogue.ts';
import {
  hashText,
  type Ink,
  inkFor,
  lightness,
  mix,
  NAMED_COLOURS,
  PRODUCT_COLOURS,
  roll,
  themeFor,
} from './colour.ts';
import { type DrawingId, drawArt, focusOf } from './library.ts';
import { type SceneKind, scene } from './scenes.ts';

/**
 * A product's gallery as 750×750 SVGs composed from its drawing: a front view, a close-up, a
 * lifestyle scene, a selling-points card, and the colours on offer (or its packaging). Every
 * choice comes from a hash of the product's title, so a reseed draws the same images.
 * All text is Chinese (digits aside); browsers render it with their CJK fonts. No image carries
 * a price: the operator changes prices, a drawn price would go stale and contradict the page.
 */

export type View = 'front' | 'detail' | 'scene' | 'card' | 'colours' | 'package';

export interface GalleryProduct {
  /** Makes products with the same title look different; the seed passes its sequence number. */
  seq: number;
  title: string;
  art: DrawingId;
  /** Short Chinese name for captions, e.g. 吹风机. */
  name: string;
  /** Up to three selling points. */
  points: readonly string[];
  /** A short badge word such as 爆款 or 新款. */
  badge: string;
  /** Colour SKU values in SKU order (image n shows colour n); empty when the product has none. */
  colours: readonly string[];
  /** The spec line on the card of a product without colours, e.g. 3种口味可选. */
  specLine: string;
  scene: SceneKind;
  /** The scene's caption, e.g. 温馨好家居. */
  sceneLine: string;
}

const SIZE = 750;
const FONT =
  "'PingFang SC','Hiragino Sans GB','Noto Sans CJK SC','Source Han Sans SC','Microsoft YaHei',sans-serif";
const TEXT_DARK = '#2b2d33';
const TEXT_SOFT = '#6b7280';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A text node; the text passes through zh(), so no Latin letter reaches an image. */
function text(
  x: number,
  y: number,
  size: number,
  fill: string,
  content: string,
  extra = '',
): string {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}"${extra}>${escapeXml(zh(content))}</text>`;
}

/** The drawing placed with its box centre at (cx, cy), scaled and tilted. */
function place(art: string, cx: number, cy: number, scale: number, tilt = 0): string {
  const tx = Math.round((cx - 100 * scale) * 10) / 10;
  const ty = Math.round((cy - 100 * scale) * 10) / 10;
  const turn = tilt ? ` rotate(${tilt} 100 100)` : '';
  return `<g transform="translate(${tx} ${ty}) scale(${scale})${turn}">${art}</g>`;
}

const PATTERNS = [
  '<circle cx="10" cy="10" r="4" fill="#fff"/>',
  '<rect width="14" height="40" fill="#fff"/>',
  '<path d="M0 0h40v40" fill="none" stroke="#fff" stroke-width="3"/>',
  '<circle cx="20" cy="20" r="12" fill="none" stroke="#fff" stroke-width="3"/>',
  '<path d="M0 20q10-12 20 0t20 0" fill="none" stroke="#fff" stroke-width="3"/>',
  '<path d="M20 12v16M12 20h16" stroke="#fff" stroke-width="4" stroke-linecap="round"/>',
];

/** A gradient background in the theme with a light repeating pattern over it. */
function backdrop(seed: number, salt: number, theme: string): string {
  const angle = roll(seed, salt, 8) * 45;
  const patternAngle = roll(seed, salt + 1, 4) * 15;
  const shape = PATTERNS[roll(seed, salt + 2, PATTERNS.length)];
  return (
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${mix(theme, '#ffffff', 0.88)}"/><stop offset="1" stop-color="${mix(theme, '#ffffff', 0.62)}"/></linearGradient>` +
    `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse" patternTransform="rotate(${patternAngle})">${shape}</pattern></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/><rect width="${SIZE}" height="${SIZE}" fill="url(#p)" opacity=".45"/>`
  );
}

/** A rounded label: a pill of `fill` with centred white text. */
function pill(x: number, y: number, size: number, fill: string, label: string): string {
  const shown = zh(label);
  const width = shown.length * size + size * 1.4;
  return (
    `<rect x="${x}" y="${y}" width="${width}" height="${size * 1.8}" rx="${size * 0.9}" fill="${fill}"/>` +
    text(
      x + width / 2,
      y + size * 1.25,
      size,
      '#fff',
      shown,
      ' text-anchor="middle" font-weight="700"',
    )
  );
}

/** One image's choices: the product's hash, its theme colours and the ink it is drawn in. */
interface Look {
  seed: number;
  theme: string;
  accent: string;
  ink: Ink;
  /** What the product stands in front of: white, or a tint when the product itself is white. */
  stage: string;
}

/** A white product on a white disc would vanish: it gets a tint of the theme instead. */
const stageFor = (body: string, theme: string) =>
  lightness(body) > 0.8 ? mix(theme, '#ffffff', 0.6) : '#ffffff';

/**
 * Image n draws the product in its n-th colour SKU (a SKU's image is image n), else in the
 * colour its hash picks.
 */
function looks(p: GalleryProduct, count: number): Look[] {
  const seed = hashText(`${p.seq}|${p.title}`);
  const own = PRODUCT_COLOURS[roll(seed, 1, PRODUCT_COLOURS.length)] as string;
  const bodyAt = (n: number) => NAMED_COLOURS[p.colours[n] ?? p.colours[0] ?? ''] ?? own;
  const theme = themeFor(seed, 2, bodyAt(0));
  const accent = mix(theme, '#000000', 0.18);
  return Array.from({ length: count }, (_, n) => ({
    seed,
    theme,
    accent,
    ink: inkFor(bodyAt(n), accent),
    stage: stageFor(bodyAt(n), theme),
  }));
}

function front(p: GalleryProduct, v: Look): string {
  const tilt = (roll(v.seed, 3, 5) - 2) * 3;
  const art = drawArt(p.art, v.ink);
  return (
    backdrop(v.seed, 10, v.theme) +
    `<circle cx="375" cy="320" r="245" fill="${v.stage}" opacity=".6"/>` +
    `<ellipse cx="375" cy="530" rx="190" ry="20" fill="${v.accent}" opacity=".16"/>` +
    place(art, 375, 330, 2.35, tilt) +
    pill(36, 36, 34, v.accent, p.badge) +
    `<rect x="30" y="590" width="690" height="130" rx="28" fill="#fff" opacity=".94"/>` +
    text(66, 648, 50, TEXT_DARK, p.name, ' font-weight="700"') +
    text(66, 697, 28, TEXT_SOFT, p.points[0] ?? '')
  );
}

function detail(p: GalleryProduct, v: Look): string {
  const art = drawArt(p.art, v.ink);
  const [fx, fy] = focusOf(p.art);
  const small = 1.3;
  const sx = Math.round(170 + (fx - 100) * small);
  const sy = Math.round(420 + (fy - 100) * small);
  const zoom = 4.2;
  return (
    backdrop(v.seed, 20, v.theme) +
    `<defs><clipPath id="c"><circle cx="480" cy="330" r="200"/></clipPath></defs>` +
    `<ellipse cx="170" cy="532" rx="120" ry="14" fill="${v.accent}" opacity=".16"/>` +
    place(art, 170, 420, small) +
    `<path d="M${sx} ${sy}L330 430" stroke="${v.accent}" stroke-width="4" stroke-dasharray="10 8"/>` +
    `<circle cx="${sx}" cy="${sy}" r="30" fill="none" stroke="${v.accent}" stroke-width="5"/>` +
    `<circle cx="480" cy="330" r="200" fill="${v.stage}"/>` +
    `<g clip-path="url(#c)">${place(art, 480 - (fx - 100) * zoom, 330 - (fy - 100) * zoom, zoom)}</g>` +
    `<circle cx="480" cy="330" r="206" fill="none" stroke="${v.accent}" stroke-width="14"/>` +
    text(60, 640, 48, TEXT_DARK, '细节特写', ' font-weight="700"') +
    text(60, 694, 30, TEXT_SOFT, `${p.name} · ${p.points[1] ?? p.points[0] ?? '品质之选'}`)
  );
}

function lifestyle(p: GalleryProduct, v: Look): string {
  const room = scene(p.scene, v.theme);
  const art = drawArt(p.art, v.ink);
  const scale = 1.9;
  const x = 400;
  let product: string;
  if (room.rail !== undefined) {
    // Clothes hang from the rail: the garment's shoulders (y≈22 in the box) under a hook.
    const top = room.rail + 40;
    product =
      `<path d="M${x} ${room.rail}v${30}" stroke="#a3aab4" stroke-width="6"/>` +
      `<path d="M${x - 70} ${top + 10}l70-20 70 20" stroke="#a3aab4" stroke-width="8" fill="none" stroke-linecap="round"/>` +
      place(art, x, top + (100 - 22) * scale, scale);
  } else {
    product =
      `<ellipse cx="${x}" cy="${room.floor}" rx="170" ry="16" fill="#000" opacity=".1"/>` +
      place(art, x, room.floor - 84 * scale, scale);
  }
  return (
    room.back +
    product +
    `<rect x="36" y="36" width="${Math.max(zh(p.sceneLine).length * 40, zh(p.name).length * 28) + 56}" height="120" rx="24" fill="#fff" opacity=".9"/>` +
    text(64, 88, 40, room.ink, p.sceneLine, ' font-weight="700"') +
    text(64, 134, 28, TEXT_SOFT, p.name)
  );
}

const CHECK = (x: number, y: number, fill: string) =>
  `<circle cx="${x}" cy="${y}" r="24" fill="${fill}"/><path d="M${x - 11} ${y}l8 8 14-16" stroke="#fff" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

function card(p: GalleryProduct, v: Look): string {
  const art = drawArt(p.art, v.ink);
  const rows = p.points
    .slice(0, 3)
    .map(
      (point, i) =>
        CHECK(84, 372 + i * 78, v.accent) + text(128, 385 + i * 78, 38, TEXT_DARK, point),
    )
    .join('');
  const swatches = p.colours
    .slice(0, 5)
    .map(
      (name, i) =>
        `<circle cx="${270 + i * 64}" cy="628" r="22" fill="${NAMED_COLOURS[name] ?? v.theme}" stroke="#d5dae0" stroke-width="3"/>`,
    )
    .join('');
  const spec = p.colours.length
    ? text(60, 640, 32, TEXT_SOFT, '可选颜色') + swatches
    : text(60, 640, 32, TEXT_SOFT, p.specLine);
  return (
    `<defs><linearGradient id="g"><stop offset="0" stop-color="${v.accent}"/><stop offset="1" stop-color="${v.theme}"/></linearGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="#fbfaf7"/><rect width="${SIZE}" height="250" fill="url(#g)"/>` +
    text(56, 118, 60, '#fff', p.name, ' font-weight="700"') +
    text(56, 176, 32, '#fff', '产品卖点', ' opacity=".9"') +
    `<circle cx="590" cy="200" r="130" fill="${v.stage}"/><circle cx="590" cy="200" r="130" fill="none" stroke="${v.theme}" stroke-width="8" opacity=".4"/>` +
    place(art, 590, 200, 1.1) +
    rows +
    `<path d="M60 584h630" stroke="#e5e7eb" stroke-width="3"/>` +
    spec +
    text(60, 714, 30, TEXT_SOFT, '正品保障 · 售后无忧')
  );
}

function colours(p: GalleryProduct, v: Look): string {
  const shown = p.colours.slice(0, 3);
  const gap = shown.length === 3 ? 230 : 320;
  const scale = shown.length === 3 ? 0.93 : 1.3;
  const tiles = shown
    .map((name, i) => {
      const x = Math.round(375 + (i - (shown.length - 1) / 2) * gap);
      const body = NAMED_COLOURS[name] ?? v.theme;
      const half = Math.round(100 * scale) + 12;
      return (
        `<rect x="${x - half}" y="${390 - half}" width="${2 * half}" height="${2 * half}" rx="26" fill="${stageFor(body, v.theme)}" opacity=".8"/>` +
        place(drawArt(p.art, inkFor(body, v.accent)), x, 390, scale) +
        text(x, 390 + half + 54, 34, TEXT_DARK, name, ' text-anchor="middle"')
      );
    })
    .join('');
  return (
    backdrop(v.seed, 40, v.theme) +
    text(
      375,
      112,
      54,
      TEXT_DARK,
      `${p.colours.length}色可选`,
      ' text-anchor="middle" font-weight="700"',
    ) +
    tiles +
    text(375, 706, 30, TEXT_SOFT, p.name, ' text-anchor="middle"')
  );
}

function packaging(p: GalleryProduct, v: Look): string {
  const art = drawArt(p.art, v.ink);
  const promises = ['正品保障', '极速发货', '售后无忧'];
  return (
    backdrop(v.seed, 50, v.theme) +
    `<path d="M150 300h300l40 40v200H150z" fill="#d9b48a"/><path d="M450 300l40 40v200l-40 20z" fill="#c49a6c"/>` +
    `<path d="M150 300l-50-60h300l50 60z" fill="#e6c9a3"/><rect x="270" y="300" width="60" height="240" fill="${v.accent}" opacity=".35"/>` +
    place(art, 470, 420, 1.5) +
    text(375, 112, 54, TEXT_DARK, '精心包装 安心送达', ' text-anchor="middle" font-weight="700"') +
    promises.map((word, i) => pill(60 + i * 220, 620, 30, v.accent, word)).join('')
  );
}

const VIEWS: Record<View, (p: GalleryProduct, v: Look) => string> = {
  front,
  detail,
  scene: lifestyle,
  card,
  colours,
  package: packaging,
};

/** Which views a gallery of `count` images shows, in order. */
export function galleryViews(count: number, hasColours: boolean): View[] {
  const five: View[] = ['front', 'detail', 'scene', 'card', hasColours ? 'colours' : 'package'];
  if (count >= 4) return five.slice(0, count);
  return ['front', 'scene', 'card'].slice(0, count) as View[];
}

function doc(p: GalleryProduct, view: View, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" font-family="${FONT}" data-art="${p.art}" data-view="${view}">${body}</svg>`;
}

/** The product's images, `count` of them, each a different view. */
export function productGallery(p: GalleryProduct, count: number): string[] {
  const all = looks(p, count);
  return galleryViews(count, p.colours.length > 1).map((view, n) =>
    doc(p, view, VIEWS[view](p, all[n] as Look)),
  );
}
