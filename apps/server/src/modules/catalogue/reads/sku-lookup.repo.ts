import type { CatalogueDb } from '../catalogue.tables.ts';

/** SQL for reading SKUs with their product and store, for the cart and orders. */
export class SkuLookupRepo {
  constructor(private readonly db: CatalogueDb) {}

  byIds(ids: readonly number[], db: CatalogueDb = this.db) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('sku')
      .innerJoin('product as p', 'p.id', 'sku.product_id')
      .innerJoin('store as s', 's.id', 'p.store_id')
      .select([
        'sku.id',
        'sku.product_id',
        'sku.name',
        'sku.price',
        'sku.stock',
        'sku.image',
        'p.title',
        'p.main_image',
        'p.status',
        'p.store_id',
        's.name as store_name',
      ])
      .where('sku.id', 'in', [...new Set(ids)])
      .execute();
  }
}
