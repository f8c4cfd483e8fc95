import {
  BANNERS,
  type LeafWords,
  type SpecAxis,
  STORES,
  TITLE_PREFIXES,
  TOP_CATEGORIES,
  type TopWords,
} from './demo-words.ts';
import { bannerArt, iconArt, logoArt, productArt } from './svg-art.ts';

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
  const title = `${prefix ? `${prefix} ` : ''}${rng.pick(top.styles)}${rng.pick(leaf.nouns)}${rng.pick(top.tails)}`;
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
  return {
    storeIndex: rng.pick(shops),
    top: ti,
    leaf: li,
    title,
    subtitle: points.join('｜'),
    detail: `${title}。精选${leaf.name}，${points.join('、')}。`,
    imageKeys,
    price: cheapest.price,
    originPrice: cheapest.originPrice,
    sales: Math.floor(Math.exp(rng.next() * Math.log(20_000))) - 1,
    // A few products are off the shelf, spread evenly so every listing test meets some.
    status: seq % 25 === 8 ? 0 : 1,
    createdAt: new Date(now.getTime() - Math.floor(rng.next() * 90 * DAY_MS)),
    skus,
  };
}

export function buildDemoPlan(now: Date): DemoPlan {
  const rng = createRng(20_251_111);
  const blobs: DemoPlan['blobs'] = [];

  const stores = STORES.map((s, i) => {
    const logoKey = `seed/store/${i + 1}.svg`;
    blobs.push({ key: logoKey, svg: logoArt({ top: s.tops[0] ?? 0, initials: s.initials }) });
    return { name: s.name, description: s.description, logoKey };
  });

  let iconNo = 0;
  const icon = (top: number, variant: number) => {
    iconNo += 1;
    const key = `seed/category/${iconNo}.svg`;
    const motif = TOP_CATEGORIES[top]?.motif ?? 'house';
    blobs.push({ key, svg: iconArt({ top, motif, variant }) });
    return key;
  };
  const categories = TOP_CATEGORIES.map((top, ti) => ({
    name: top.name,
    iconKey: icon(ti, 0),
    children: top.children.map((leaf, li) => ({ name: leaf.name, iconKey: icon(ti, li + 1) })),
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
    const motif = TOP_CATEGORIES[p.top]?.motif ?? 'house';
    p.imageKeys.forEach((key, n) => {
      const label = `CHAOPIN No.${String(i + 1).padStart(3, '0')}`;
      blobs.push({ key, svg: productArt({ top: p.top, motif, variant: i * 7 + n, label }) });
    });
  });

  const banners = BANNERS.map((b, i) => {
    const imageKey = `seed/banner/${i + 1}.svg`;
    const motif = TOP_CATEGORIES[b.top]?.motif ?? 'house';
    blobs.push({
      key: imageKey,
      svg: bannerArt({
        top: b.top,
        motif,
        variant: i,
        label: b.label,
        subline: b.title.slice(b.title.indexOf(' ') + 1),
      }),
    });
    return { title: b.title, imageKey, top: b.top };
  });

  const menu = TOP_CATEGORIES.map((top, ti) => {
    const iconKey = `seed/menu/${ti + 1}.svg`;
    blobs.push({ key: iconKey, svg: iconArt({ top: ti, motif: top.motif, variant: 3 }) });
    return { name: top.name, iconKey, top: ti };
  });

  return { blobs, stores, categories, products, banners, menu };
}
