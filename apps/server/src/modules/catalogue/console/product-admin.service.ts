import {
  type PageOf,
  type ProductAdminDetail,
  type ProductAdminQuery,
  type ProductAdminRow,
  type ProductSaveBody,
  type ProductSaveData,
  STORE_OPTIONS_MAX,
  type StoreOption,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import { type ConsoleActor, inScope, storeFilter } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { ON_SHELF } from '../browse/catalogue.repo.ts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import type { AuditPort } from './audit-port.ts';
import type { ProductAdminRepo } from './product-admin.repo.ts';
import { saveProductIn } from './product-save.ts';

const DEFAULT_PAGE_SIZE = 20;
const FOREIGN_KEY_VIOLATION = '23503';

type Cache = Pick<CatalogueCache, 'catalogueChanged'>;

/**
 * The console's products: the list and edit form of a 商家 (their store) or the operator (every
 * store), and every product write, each checked against the caller's stores and recorded in the
 * audit log in its own transaction. The shoppers' listings are refreshed after each commit.
 */
export class ProductAdminService {
  constructor(
    private readonly db: Db,
    private readonly repo: ProductAdminRepo,
    private readonly audit: AuditPort,
    private readonly cache: Cache,
  ) {}

  async list(actor: ConsoleActor, q: ProductAdminQuery): Promise<PageOf<ProductAdminRow>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? DEFAULT_PAGE_SIZE;
    const empty = { list: [], total: 0, pageNum, pageSize };
    const storeIds = storeFilter(actor, q.storeId);
    if (storeIds && storeIds.length === 0) return empty;
    let categoryIds: number[] | undefined;
    if (q.categoryId !== undefined) {
      categoryIds = await this.repo.categoryWithChildren(q.categoryId);
      if (!categoryIds.length) return empty;
    }
    const filter = {
      storeIds,
      categoryIds,
      onShelf: q.status === undefined ? undefined : q.status === 'on',
      q: q.q,
      stockOut: q.stockOut,
      rx: q.rx,
    };
    const total = await this.repo.count(filter);
    const offset = (pageNum - 1) * pageSize;
    if (offset >= total) return { ...empty, total };
    const rows = await this.repo.page(filter, q.sort ?? 'id', q.order ?? 'desc', pageSize, offset);
    return {
      list: rows.map((r) => ({
        id: r.id,
        title: r.title,
        mainImage: r.main_image,
        storeId: r.store_id,
        storeName: r.store_name,
        categoryId: r.category_id,
        categoryName: r.category_name,
        minPrice: r.min_price ?? 0,
        maxPrice: r.max_price ?? 0,
        stock: r.stock ?? 0,
        soldOutSkus: r.sold_out ?? 0,
        skuCount: r.sku_count ?? 0,
        sales: r.sales,
        status: r.status === ON_SHELF ? 'on' : 'off',
        rx: r.rx,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  /** The stores the caller may pick in a filter or a form (a 商家: their own). */
  async storeOptions(actor: ConsoleActor, q: string | undefined): Promise<StoreOption[]> {
    const storeIds = storeFilter(actor);
    if (storeIds && storeIds.length === 0) return [];
    return this.repo.storeOptions(storeIds, q, STORE_OPTIONS_MAX);
  }

  /** Every field of the edit form; another store's product is not found. */
  async detail(actor: ConsoleActor, id: number): Promise<ProductAdminDetail> {
    const p = await this.repo.detail(id);
    if (!p || !inScope(actor, p.store_id)) throw new AppError('PRODUCT_NOT_FOUND');
    const skus = await this.repo.skus(id);
    return {
      id: p.id,
      storeId: p.store_id,
      storeName: p.store_name,
      categoryId: p.category_id,
      categoryName: p.category_name,
      topCategoryId: p.parent_id ?? p.category_id,
      title: p.title,
      subtitle: p.subtitle,
      mainImage: p.main_image,
      images: p.images,
      video: p.video,
      detail: p.detail,
      price: p.price,
      originPrice: p.origin_price,
      sales: p.sales,
      status: p.status === ON_SHELF ? 'on' : 'off',
      rx: p.rx,
      createdAt: p.created_at.toISOString(),
      updatedAt: p.updated_at.toISOString(),
      skus: skus.map((s) => ({
        id: s.id,
        name: s.name,
        specs: s.specs,
        price: s.price,
        originPrice: s.origin_price,
        stock: s.stock,
        image: s.image,
        freeShipping: s.free_shipping,
      })),
    };
  }

  /**
   * Creates a product with its SKUs, or edits one. A 商家 creates only in their own store and
   * never moves a product to another store.
   */
  async save(actor: ConsoleActor, body: ProductSaveBody): Promise<ProductSaveData> {
    const saved = await this.db
      .transaction()
      .execute((trx) => saveProductIn(trx, this.repo, actor, body, this.audit))
      .catch((err: unknown) => {
        // The category was deleted while this save ran (its row lock was waited on).
        if ((err as { code?: string }).code === FOREIGN_KEY_VIOLATION) {
          throw new AppError('CATEGORY_NOT_FOUND');
        }
        throw err;
      });
    await this.cache.catalogueChanged();
    return saved;
  }

  /**
   * 上架/下架 of one or many products, all or nothing: any id that does not exist or is another
   * store's refuses the batch. Answers how many changed state (each one audited).
   */
  async setShelf(actor: ConsoleActor, ids: readonly number[], on: boolean) {
    const unique = [...new Set(ids)];
    const changed = await this.db.transaction().execute(async (trx) => {
      const rows = await this.repo.lockProducts(narrowDb(trx), unique);
      if (rows.length !== unique.length || rows.some((r) => !inScope(actor, r.store_id))) {
        throw new AppError('PRODUCT_NOT_FOUND');
      }
      const status = on ? ON_SHELF : 0;
      const moving = rows.filter((r) => (r.status === ON_SHELF) !== on);
      if (!moving.length) return 0;
      await this.repo.setShelf(
        narrowDb(trx),
        moving.map((r) => r.id),
        on,
      );
      for (const r of moving) {
        await this.audit.record(trx, actor, {
          resource: 'product',
          resourceId: r.id,
          action: on ? 'shelf.on' : 'shelf.off',
          storeId: r.store_id,
          before: { status: r.status === ON_SHELF ? 'on' : 'off' },
          after: { status: status === ON_SHELF ? 'on' : 'off' },
        });
      }
      return moving.length;
    });
    if (changed) await this.cache.catalogueChanged();
    return { changed };
  }

  /** Sets a SKU's stock (another store's SKU is not found). */
  async setStock(actor: ConsoleActor, skuId: number, stock: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const sku = await this.repo.lockSku(narrowDb(trx), skuId);
      if (!sku || !inScope(actor, sku.store_id)) throw new AppError('SKU_NOT_FOUND');
      await this.repo.setStock(narrowDb(trx), skuId, stock);
      await this.audit.record(trx, actor, {
        resource: 'sku',
        resourceId: skuId,
        action: 'stock',
        storeId: sku.store_id,
        before: { productId: sku.product_id, name: sku.name, stock: sku.stock },
        after: { productId: sku.product_id, name: sku.name, stock },
      });
    });
    await this.cache.catalogueChanged();
  }
}
