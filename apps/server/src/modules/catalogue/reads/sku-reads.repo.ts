import type { Db } from '../../../database.ts';

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
  /** The SKUs that exist among `ids`. */
  basics(db: Db, ids: readonly number[]): Promise<SkuBasics[]> {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('sku')
      .select(['id', 'product_id', 'price'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
  },

  async basic(db: Db, id: number): Promise<SkuBasics | undefined> {
    return (await skuReads.basics(db, [id]))[0];
  },
};
