import type { ProductCard } from '@chaopin/contracts';

/** The columns every product listing selects (product `p` joined to its store `s`). */
export const CARD_COLUMNS = [
  'p.id',
  'p.title',
  'p.main_image',
  'p.price',
  'p.origin_price',
  'p.sales',
  'p.store_id',
  's.name as store_name',
] as const;

export interface CardRow {
  id: number;
  title: string;
  main_image: string;
  price: number;
  origin_price: number;
  sales: number;
  store_id: number;
  store_name: string;
}

export function toProductCard(r: CardRow): ProductCard {
  return {
    id: r.id,
    title: r.title,
    image: r.main_image,
    price: r.price,
    originPrice: r.origin_price,
    sales: r.sales,
    storeId: r.store_id,
    storeName: r.store_name,
  };
}

const CHINA_OFFSET_MS = 8 * 3600_000;

/** The calendar day in China (UTC+8, no daylight saving) as YYYY-MM-DD. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}
