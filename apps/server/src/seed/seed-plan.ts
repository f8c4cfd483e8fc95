import {
  BANNERS,
  type LeafWords,
  type SpecAxis,
  STORES,
  TITLE_PREFIXES,
  TOP_CATEGORIES,
  type TopWords,
} from './demo-words.ts';
import { leafArt, productArt, zh } from './illustrations/catalogue.ts';
import { productGallery } from './illustrations/gallery.ts';
import type { DrawingId } from './illustrations/library.ts';
import { bannerArt, iconArt, logoArt } from './svg-art.ts';

/**
 * The demo catalogue as plain data, before any id exists. Everything comes from one seeded PRNG,
 * so every install gets the same shops, titles, prices and images; only dates follow `now`.
 */
export interface DemoPlan {
  blobs: { key: string; svg: string }[];
  stores: { name: string; description: string; logoKey: string }[];
  /** First-level categories in order, each with its children. */
  categories: { name: string; iconKey: string; children: { name: string; iconKey: string }[] }[];
  products: PlannedProduct[];
  banners: { title: string; imageKey: string; top: number }[];
  menu: { name: string; iconKey: string; top: number }[];
}

export interface PlannedProduct {
  storeIndex: number;
  top: number;
  leaf: number;
  /** The title's product word, e.g. 吹风机: it picks the drawing. */
  noun: string;
  /** The title's promotional prefix ('' for none). */
  prefix: string;
  title: string;
  subtitle: string;
  detail: string;
  imageKeys: string[];
  price: number;
  originPrice: number;
  sales: number;
  status: 0 | 1;
  createdAt: Date;
  skus: PlannedSku[];
  /** Its text promises 包邮, so every SKU ships free (what the page says is what the order charges). */
  freeShipping: boolean;
}

export interface PlannedSku {
  name: string;
  specs: Record<string, string>;
  price: number;
  originPrice: number;
  stock: number;
  imageIndex: number;
}

export const DEMO_PRODUCT_COUNT = 240;

/** Whether a product's words promise free shipping (包邮, 顺丰包邮, 一件包邮…). */
export function promisesFreeShipping(...texts: readonly string[]): boolean {
  return texts.some((t) => t.includes('包邮'));
}
const DAY_MS = 86_400_000;
const MIN_PRICE_FEN = 990;
const MAX_PRICE_FEN = 299_900;

/** mulberry32: tiny, fast and good enough for demo data; the point is reproducibility. */
function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, shuffle };
}
type Rng = ReturnType<typeof createRng>;

/** Prices the way shops write them: 9.9, 39.9, 129, 1299 (in fen). */
function shopPrice(yuan: number): number {
  let price: number;
  if (yuan < 10) price = 9.9;
  else if (yuan < 100) price = Math.floor(yuan) + 0.9;
  else if (yuan < 1000) price = Math.round(yuan / 10) * 10 - 1;
  else price = Math.round(yuan / 100) * 100 - 1;
  return Math.min(MAX_PRICE_FEN, Math.max(MIN_PRICE_FEN, Math.round(price * 100)));
}

/** Picks n distinct values of an axis, kept in the axis order (so priced values ascend). */
function pickValues(rng: Rng, axis: SpecAxis, n: number): { value: string; rank: number }[] {
  const ranked = axis.values.map((value, rank) => ({ value, rank }));
  return rng
    .shuffle(ranked)
    .slice(0, Math.min(n, ranked.length))
    .sort((a, b) => a.rank - b.rank);
}

function planSkus(rng: Rng, leaf: LeafWords, baseYuan: number, imageCount: number): PlannedSku[] {
  const [first, second] = leaf.specs;
  if (!first) throw new Error(`category ${leaf.name} has no spec axis`);
  // At most 3 × 2 combinations, or up to 6 values of a single axis.
  const firstValues = pickValues(rng, first, second ? rng.int(1, 3) : rng.int(1, 6));
  const secondValues = second ? pickValues(rng, second, rng.int(1, 2)) : [undefined];
  const skus: PlannedSku[] = [];
  firstValues.forEach((a, colourIndex) => {
    for (const b of secondValues) {
      const priceStep = (first.priced ? a.rank : 0) + (second?.priced && b ? b.rank : 0);
      const price = shopPrice(baseYuan * (1 + 0.35 * priceStep));
      const originPrice = Math.max(
        price,
        Math.round((price * (1.2 + rng.next() * 0.6)) / 100) * 100,
      );
      const specs: Record<string, string> = { [first.name]: a.value };
      if (second && b) specs[second.name] = b.value;
      skus.push({
        name: Object.values(specs).join(' / '),
        specs,
        price,
        originPrice,
        stock: rng.next() < 0.08 ? 0 : rng.int(1, 500),
        imageIndex: colourIndex % imageCount,
      });
    }
  });
  return skus;
}

function planProduct(rng: Rng, seq: number, ti: number, li: number, now: Date): PlannedProduct {
  const top = TOP_CATEGORIES[ti] as TopWords;
  const leaf = top.children[li] as LeafWords;
  const prefix = rng.pick(TITLE_PREFIXES);
  // Drawn one by one, in the order the title reads, so the sequence of draws stays the same.
  const style = rng.pick(top.styles);
  const noun = rng.pick(leaf.nouns);
  const tail = rng.pick(top.tails);
  const title = `${prefix ? `${prefix} ` : ''}${style}${noun}${tail}`;
  const points = rng.shuffle(top.sellingPoints).slice(0, 3);
  const imageKeys = Array.from(
    { length: rng.int(3, 5) },
    (_, n) => `seed/product/${seq}-${n + 1}.svg`,
  );
  const [lo, hi] = leaf.priceYuan;
  const baseYuan = lo + (hi - lo) * rng.next() ** 2; // skewed towards the cheap end, like real shelves
  const skus = planSkus(rng, leaf, baseYuan, imageKeys.length);
  const cheapest = skus.reduce((min, sku) => (sku.price < min.price ? sku : min));
  const shops = STORES.flatMap((s, i) => (s.tops.includes(ti) ? [i] : []));
  const subtitle = points.join('｜');
  return {
    storeIndex: rng.pick(shops),
    top: ti,
    leaf: li,
    noun,
    prefix,
    title,
    subtitle,
    detail: `${title}。精选${leaf.name}，${points.join('、')}。`,
    imageKeys,
    price: cheapest.price,
    originPrice: cheapest.originPrice,
    sales: Math.floor(Math.exp(rng.next() * Math.log(20_000))) - 1,
    // A few products are off the shelf, spread evenly so every listing test meets some.
    status: seq % 25 === 8 ? 0 : 1,
    createdAt: new Date(now.getTime() - Math.floor(rng.next() * 90 * DAY_MS)),
    skus,
    freeShipping: promisesFreeShipping(title, subtitle),
  };
}

/** The word on a product's main-image badge, from its title prefix. */
const BADGES: Readonly<Record<string, string>> = {
  '2025新款': '新款',
  官方正品: '正品',
  爆款: '爆款',
  限时特惠: '特惠',
  潮品优选: '优选',
  热卖: '热卖',
};

/** Spec values as a Chinese shopper reads them, for image text (which carries no Latin). */
const SIZE_WORDS: Readonly<Record<string, string>> = {
  S: '小码',
  M: '中码',
  L: '大码',
  XL: '加大码',
  XXL: '特大码',
};
function specWord(value: string): string {
  return (
    SIZE_WORDS[value] ??
    value
      .replace(/(\d)ml/g, '$1毫升')
      .replace(/(\d)kg/g, '$1千克')
      .replace(/(\d)g/g, '$1克')
      .replace(/GB/g, '')
  );
}

/** The first spec axis in a line: "3种口味可选", or its one value: "规格 单件装". */
function specLine(leaf: LeafWords, skus: readonly PlannedSku[]): string {
  const axis = leaf.specs[0];
  if (!axis) return '';
  const values = [...new Set(skus.map((s) => s.specs[axis.name] ?? ''))];
  return values.length > 1
    ? `${values.length}种${axis.name}可选`
    : `${axis.name} ${specWord(values[0] ?? '')}`;
}

/** The product's gallery: drawn from its own noun, title, selling points and colours. */
function galleryOf(p: PlannedProduct, seq: number): string[] {
  const top = TOP_CATEGORIES[p.top] as TopWords;
  const leaf = top.children[p.leaf] as LeafWords;
  const colourAxis = leaf.specs[0]?.name === '颜色' ? '颜色' : undefined;
  const colours = colourAxis ? [...new Set(p.skus.map((s) => s.specs[colourAxis] ?? ''))] : [];
  return productGallery(
    {
      seq,
      title: p.title,
      art: productArt(top.name, leaf.name, p.noun),
      name: zh(p.noun),
      points: p.subtitle.split('｜'),
      badge: BADGES[p.prefix] ?? '好物',
      colours,
      specLine: specLine(leaf, p.skus),
      scene: top.scene,
      sceneLine: top.sceneLine,
    },
    p.imageKeys.length,
  );
}

export function buildDemoPlan(now: Date): DemoPlan {
  const rng = createRng(20_251_111);
  const blobs: DemoPlan['blobs'] = [];

  const stores = STORES.map((s, i) => {
    const logoKey = `seed/store/${i + 1}.svg`;
    blobs.push({ key: logoKey, svg: logoArt({ top: s.tops[0] ?? 0, mark: s.mark }) });
    return { name: s.name, description: s.description, logoKey };
  });

  let iconNo = 0;
  const icon = (top: number, art: DrawingId, variant: number) => {
    iconNo += 1;
    const key = `seed/category/${iconNo}.svg`;
    blobs.push({ key, svg: iconArt({ top, art, variant }) });
    return key;
  };
  // A sub-category's icon shows its own drawing.
  const categories = TOP_CATEGORIES.map((top, ti) => ({
    name: top.name,
    iconKey: icon(ti, top.art, 0),
    children: top.children.map((leaf, li) => ({
      name: leaf.name,
      iconKey: icon(ti, leafArt(top.name, leaf.name), li + 1),
    })),
  }));

  // Spread products evenly over the leaf categories, then shuffle so ids mix categories.
  const leaves = TOP_CATEGORIES.flatMap((top, ti) =>
    top.children.map((_, li) => [ti, li] as const),
  );
  const slots = rng.shuffle(
    Array.from({ length: DEMO_PRODUCT_COUNT }, (_, i) => leaves[i % leaves.length] ?? [0, 0]),
  );
  const products = slots.map(([ti, li], i) => planProduct(rng, i + 1, ti, li, now));
  products.forEach((p, i) => {
    const svgs = galleryOf(p, i + 1);
    p.imageKeys.forEach((key, n) => {
      blobs.push({ key, svg: svgs[n] ?? '' });
    });
  });

  const banners = BANNERS.map((b, i) => {
    const imageKey = `seed/banner/${i + 1}.svg`;
    blobs.push({
      key: imageKey,
      svg: bannerArt({
        top: b.top,
        art: TOP_CATEGORIES[b.top]?.art ?? 'dress',
        variant: i,
        label: b.label,
        subline: b.title.slice(b.title.indexOf(' ') + 1),
      }),
    });
    return { title: b.title, imageKey, top: b.top };
  });

  const menu = TOP_CATEGORIES.map((top, ti) => {
    const iconKey = `seed/menu/${ti + 1}.svg`;
    blobs.push({ key: iconKey, svg: iconArt({ top: ti, art: top.art, variant: 3 }) });
    return { name: top.name, iconKey, top: ti };
  });

  return { blobs, stores, categories, products, banners, menu };
}
