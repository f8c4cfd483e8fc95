import { type AnyDb, viewOf } from '../../../platform/db.ts';
import type { CatalogueTables } from '../catalogue.tables.ts';

/** A SKU's product and live price (fen): what an activity checks when an operator picks a SKU. */
export interface SkuBasics {
  id: number;
  product_id: number;
  price: number;
}

/**
 * What other modules read of a SKU (`sku`) when they only need its product and price, written
 * once here instead of once per module; the full live view (title, stock, store) is
 * SkuLookupService. `db` is the caller's database or transaction.
 */
export const skuReads = {
  /**
   * A SKU's and a product's columns that other modules may show, for a join in their own query
   * (one statement, as before): `leftJoin(skuReads.skuView(this.db).as('s'), 's.id', 'x.sku_id')
   * .leftJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')`. Only compiled
   * into the caller's statement, so `db` may be any handle on the database.
   */
  skuView(anyDb: AnyDb) {
    const db = viewOf<CatalogueTables>(anyDb);
    return db
      .selectFrom('sku')
      .select([
        'id',
        'product_id',
        'name',
        'price',
        'origin_price',
        'stock',
        'image',
        'free_shipping',
      ]);
  },

  productView(anyDb: AnyDb) {
    const db = viewOf<CatalogueTables>(anyDb);
    return db
      .selectFrom('product')
      .select([
        'id',
        'store_id',
        'category_id',
        'title',
        'subtitle',
        'main_image',
        'price',
        'origin_price',
        'sales',
        'status',
      ]);
  },

  /** A SKU's id and its product's title. */
  titled(anyDb: AnyDb, id: number): Promise<{ id: number; title: string } | undefined> {
    const db = viewOf<CatalogueTables>(anyDb);
    return db
      .selectFrom('sku as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .select(['s.id', 'p.title'])
      .where('s.id', '=', id)
      .executeTakeFirst();
  },

  /** The SKUs that exist among `ids`. */
  basics(anyDb: AnyDb, ids: readonly number[]): Promise<SkuBasics[]> {
    const db = viewOf<CatalogueTables>(anyDb);
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('sku')
      .select(['id', 'product_id', 'price'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  },

  async basic(anyDb: AnyDb, id: number): Promise<SkuBasics | undefined> {
    const db = viewOf<CatalogueTables>(anyDb);
    return (await skuReads.basics(db, [id]))[0];
  },
};
