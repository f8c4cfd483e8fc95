import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import type { SkuForPricing, StockRepo } from './stock.repo.ts';

export interface StockLine {
  skuId: number;
  quantity: number;
}

/** Sums quantities per SKU and sorts by SKU id: rows are always locked in one global order. */
export function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const bySku = new Map<number, number>();
  for (const l of lines) bySku.set(l.skuId, (bySku.get(l.skuId) ?? 0) + l.quantity);
  return [...bySku.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([skuId, quantity]) => ({ skuId, quantity }));
}

/**
 * Stock of the catalogue's SKUs and products' sales, for the order module and the activities
 * (the console's product, shelf and stock edits are console/product-admin.service.ts).
 */
export class StockService {
  constructor(
    private readonly db: Db,
    private readonly repo: StockRepo,
    /** The catalogue read cache, told after a change has committed. */
    private readonly cache?: Pick<CatalogueCache, 'productChanged'>,
  ) {}

  /** After the transaction that reserved or released stock has committed. */
  async changed(productIds: Iterable<number>): Promise<void> {
    await this.cache?.productChanged(...new Set(productIds));
  }

  /** Current price, stock and shelf state of each SKU that exists. */
  /** `lock`: held FOR UPDATE until the caller's transaction ends (see StockRepo). */
  async skus(
    skuIds: number[],
    db: Db = this.db,
    lock = false,
  ): Promise<Map<number, SkuForPricing>> {
    const rows = await this.repo.skusForPricing([...new Set(skuIds)], narrowDb(db), lock);
    return new Map(rows.map((r) => [r.skuId, r]));
  }

  /**
   * Reserves stock inside the caller's transaction: one guarded decrement per SKU, so two
   * orders can never both take the last unit. Throws STOCK_NOT_ENOUGH (the caller's transaction
   * then rolls back every earlier decrement).
   */
  async reserve(trx: Db, lines: readonly StockLine[]): Promise<number[]> {
    const products: number[] = [];
    for (const line of mergeLines(lines)) {
      const row = await this.repo.decrement(narrowDb(trx), line.skuId, line.quantity);
      if (!row) throw new AppError('STOCK_NOT_ENOUGH');
      products.push(row.product_id);
    }
    return products;
  }

  /**
   * The order placement batch's stock, in one UPDATE for all its SKUs (group commit: the same
   * statement count whatever the batch size). The batch locked and checked the rows, so fewer
   * rows changed than asked means the batch is wrong: it throws and the batch rolls back.
   */
  async takeBatch(trx: Db, taken: ReadonlyMap<number, number>): Promise<void> {
    if ((await this.repo.takeBatch(narrowDb(trx), taken)) !== taken.size) {
      throw new Error('stock changed under the batch lock');
    }
  }

  /** Gives stock back; answers the products touched (for `changed` after commit). */
  async release(trx: Db, lines: readonly StockLine[]): Promise<number[]> {
    const products: number[] = [];
    for (const line of mergeLines(lines)) {
      const row = await this.repo.release(narrowDb(trx), line.skuId, line.quantity);
      if (row) products.push(row.product_id);
    }
    return products;
  }

  async addSales(trx: Db, lines: readonly { productId: number; quantity: number }[]) {
    for (const [productId, quantity] of byProductInIdOrder(lines)) {
      await this.repo.addSales(narrowDb(trx), productId, quantity);
    }
  }

  /** Refunded goods came back: they no longer count as sold. */
  async removeSales(trx: Db, lines: readonly { productId: number; quantity: number }[]) {
    for (const [productId, quantity] of byProductInIdOrder(lines)) {
      await this.repo.removeSales(narrowDb(trx), productId, quantity);
    }
  }
}

/** Quantities summed per product, in id order (rows locked in one order never deadlock). */
function byProductInIdOrder(lines: readonly { productId: number; quantity: number }[]) {
  const byProduct = new Map<number, number>();
  for (const l of lines) byProduct.set(l.productId, (byProduct.get(l.productId) ?? 0) + l.quantity);
  return [...byProduct.entries()].sort((a, b) => a[0] - b[0]);
}
