import { sql } from 'kysely';
import type { CatalogueDb } from '../catalogue.tables.ts';

const ON_SHELF = 1;

export interface SkuForPricing {
  skuId: number;
  productId: number;
  storeId: number;
  categoryId: number;
  storeName: string;
  title: string;
  skuName: string;
  image: string;
  price: number;
  stock: number;
  onShelf: boolean;
  freeShipping: boolean;
  /** 处方药: placement asks the prescription port for a valid prescription covering it. */
  rx: boolean;
}

/**
 * Catalogue writes other modules need: stock reservation and release, sales counters. Every stock change is one guarded statement, never read-then-write.
 */
export class StockRepo {
  constructor(private readonly db: CatalogueDb) {}

  /**
   * `lock`: FOR UPDATE, in id order, so that transactions running at once on a pool take their
   * locks in one order and cannot deadlock (the order placement batch).
   */
  skusForPricing(
    skuIds: number[],
    db: CatalogueDb = this.db,
    lock = false,
  ): Promise<SkuForPricing[]> {
    if (skuIds.length === 0) return Promise.resolve([]);
    const q = db
      .selectFrom('sku as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .innerJoin('store as st', 'st.id', 'p.store_id')
      .select([
        's.id as skuId',
        'p.id as productId',
        'p.store_id as storeId',
        'p.category_id as categoryId',
        'st.name as storeName',
        'p.title as title',
        's.name as skuName',
        's.image as image',
        's.price as price',
        's.stock as stock',
        's.free_shipping as freeShipping',
        'p.rx as rx',
        sql<boolean>`p.status = ${ON_SHELF}`.as('onShelf'),
      ])
      .where('s.id', 'in', skuIds);
    return lock ? q.orderBy('s.id').forUpdate('s').execute() : q.execute();
  }

  /** Takes the units of a whole placement batch, one row per SKU; answers the rows changed. */
  async takeBatch(trx: CatalogueDb, taken: ReadonlyMap<number, number>): Promise<number> {
    if (!taken.size) return 0;
    const values = sql.join(
      [...taken].map(([id, q]) => sql`(${id}::int, ${q}::int)`),
      sql`, `,
    );
    const r = await sql`
      update sku set stock = sku.stock - t.q
      from (values ${values}) as t(id, q)
      where sku.id = t.id and sku.stock >= t.q`.execute(trx);
    return Number(r.numAffectedRows ?? 0);
  }

  /** Takes `quantity` from the SKU if that much is left; undefined when it is not. */
  decrement(db: CatalogueDb, skuId: number, quantity: number) {
    return db
      .updateTable('sku')
      .set({ stock: sql`stock - ${quantity}` })
      .where('id', '=', skuId)
      .where('stock', '>=', quantity)
      .returning(['id', 'stock', 'product_id'])
      .executeTakeFirst();
  }

  release(db: CatalogueDb, skuId: number, quantity: number) {
    return db
      .updateTable('sku')
      .set({ stock: sql`stock + ${quantity}` })
      .where('id', '=', skuId)
      .returning(['id', 'stock', 'product_id'])
      .executeTakeFirst();
  }

  addSales(db: CatalogueDb, productId: number, quantity: number) {
    return db
      .updateTable('product')
      .set({ sales: sql`sales + ${quantity}` })
      .where('id', '=', productId)
      .execute();
  }

  /** Sales that did not happen after all (refunded goods back); never below zero. */
  removeSales(db: CatalogueDb, productId: number, quantity: number) {
    return db
      .updateTable('product')
      .set({ sales: sql`greatest(sales - ${quantity}, 0)` })
      .where('id', '=', productId)
      .execute();
  }
}
