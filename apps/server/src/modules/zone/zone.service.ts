import type {
  AdminZoneBody,
  AdminZoneItemsBody,
  AdminZoneSaved,
  ZoneCategories,
  ZoneInfo,
  ZoneList,
  ZonePage,
  ZonePageQuery,
  ZoneProduct,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ZoneProductRow, ZoneRepo } from './zone.repo.ts';

const DAY_MS = 86_400_000;
/** A daily sale rotates through at most this many of its pool's products. */
const POOL_MAX = 200;

/** The next midnight in China time after `now` (when the daily sale turns over). */
export function nextChinaMidnight(now: Date): Date {
  return new Date(Date.parse(`${chinaDay(now)}T00:00:00+08:00`) + DAY_MS);
}

/**
 * Today's daily-sale list: `size` products of the pool, starting where the day's number puts it,
 * so that consecutive days show different products (wrapping round a pool smaller than a week).
 */
export function dailyPick<T>(pool: readonly T[], size: number, now: Date): T[] {
  if (pool.length <= size) return [...pool];
  const dayNo = Math.floor(Date.parse(`${chinaDay(now)}T00:00:00Z`) / DAY_MS);
  const start = (dayNo * size) % pool.length;
  return Array.from({ length: size }, (_, i) => pool[(start + i) % pool.length] as T);
}

export function toZoneInfo(z: ZoneInfo): ZoneInfo {
  return {
    key: z.key,
    title: z.title,
    banner: z.banner,
    rules: z.rules,
    theme: z.theme,
    kind: z.kind,
  };
}

function toZoneProduct(r: ZoneProductRow): ZoneProduct {
  const stock = Number(r.stock);
  return {
    productId: r.product_id,
    skuId: r.sku_id,
    title: r.title,
    image: r.main_image,
    price: Number(r.price),
    originPrice: Number(r.origin_price),
    sales: r.sales,
    stock,
    soldOut: stock <= 0,
    label: r.label,
    storeName: r.store_name,
  };
}

/** Zones: the operator's pages of products, read by everyone. */
export class ZoneService {
  constructor(
    private readonly db: Db,
    private readonly repo: ZoneRepo,
    private readonly rules: { dailySaleSize: number },
  ) {}

  async zone(key: string) {
    const z = await this.repo.byKey(key);
    if (!z) throw new AppError('ZONE_NOT_FOUND');
    return z;
  }

  async list(): Promise<ZoneList> {
    return (await this.repo.list()).map((z) => ({ ...toZoneInfo(z), itemCount: z.item_count }));
  }

  async page(q: ZonePageQuery, now = new Date()): Promise<ZonePage> {
    const z = await this.zone(q.key);
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    if (z.kind === 'daily') {
      const { rows } = await this.repo.page(z.id, POOL_MAX, 0);
      const today = dailyPick(rows, this.rules.dailySaleSize, now);
      return {
        zone: toZoneInfo(z),
        list: today.slice((pageNum - 1) * pageSize, pageNum * pageSize).map(toZoneProduct),
        total: today.length,
        pageNum,
        pageSize,
        endsAt: nextChinaMidnight(now).toISOString(),
      };
    }
    const { rows, total } = await this.repo.page(
      z.id,
      pageSize,
      (pageNum - 1) * pageSize,
      q.categoryId,
    );
    return {
      zone: toZoneInfo(z),
      list: rows.map(toZoneProduct),
      total,
      pageNum,
      pageSize,
      endsAt: null,
    };
  }

  async categories(key: string): Promise<ZoneCategories> {
    const z = await this.zone(key);
    const rows = await this.repo.categories(z.id);
    return {
      zone: toZoneInfo(z),
      list: rows.map((c) => ({ id: c.id, name: c.name, icon: c.icon, count: Number(c.count) })),
    };
  }

  /** The operator creates or edits a zone (by key). */
  async save(b: AdminZoneBody): Promise<AdminZoneSaved> {
    const title = b.title.trim();
    if (!title) throw new AppError('ZONE_INVALID');
    return this.db.transaction().execute(async (trx) => {
      const { id } = await this.repo.upsert(narrowDb(trx), { ...b, title });
      const n = await trx
        .selectFrom('zone_item')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('zone_id', '=', id)
        .executeTakeFirstOrThrow();
      return { key: b.key, items: Number(n.n) };
    });
  }

  /**
   * The operator replaces a zone's products. Every product must exist and every SKU must be one
   * of its product's; a product listed twice is refused. All or nothing.
   */
  async setItems(b: AdminZoneItemsBody): Promise<AdminZoneSaved> {
    const productIds = b.items.map((i) => i.productId);
    if (new Set(productIds).size !== productIds.length) throw new AppError('ZONE_ITEMS_INVALID');
    return this.db.transaction().execute(async (trx) => {
      const zone = await this.repo.anyByKey(narrowDb(trx), b.key);
      if (!zone) throw new AppError('ZONE_NOT_FOUND');
      const found = new Set((await this.repo.products(narrowDb(trx), productIds)).map((p) => p.id));
      if (productIds.some((id) => !found.has(id))) throw new AppError('PRODUCT_NOT_FOUND');
      const skuIds = b.items.flatMap((i) => (i.skuId ? [i.skuId] : []));
      const skuProduct = new Map(
        (await this.repo.skus(narrowDb(trx), skuIds)).map((s) => [s.id, s.product_id]),
      );
      for (const i of b.items) {
        if (i.skuId && skuProduct.get(i.skuId) !== i.productId) throw new AppError('SKU_NOT_FOUND');
      }
      await this.repo.replaceItems(
        narrowDb(trx),
        zone.id,
        b.items.map((i, n) => ({
          product_id: i.productId,
          sku_id: i.skuId ?? null,
          label: (i.label ?? '').trim(),
          sort: i.sort ?? (n + 1) * 10,
        })),
      );
      return { key: b.key, items: b.items.length };
    });
  }
}
