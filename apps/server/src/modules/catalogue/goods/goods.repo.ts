import { sql } from 'kysely';
import { ON_SHELF } from '../browse/catalogue.repo.ts';
import type { CatalogueDb } from '../catalogue.tables.ts';

/** SQL for product detail and store pages. */
export class GoodsRepo {
  constructor(private readonly db: CatalogueDb) {}

  /** An on-shelf product, or undefined. */
  onShelfProduct(id: number) {
    return this.db
      .selectFrom('product')
      .select([
        'id',
        'store_id',
        'title',
        'subtitle',
        'main_image',
        'images',
        'video',
        'detail',
        'price',
        'origin_price',
        'sales',
        'rx',
      ])
      .where('id', '=', id)
      .where('status', '=', ON_SHELF)
      .executeTakeFirst();
  }

  /** A product's SKUs in id order (the order the merchant created them). */
  skus(productId: number) {
    return this.db
      .selectFrom('sku')
      .select(['id', 'name', 'specs', 'price', 'origin_price', 'stock', 'image'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
  }

  /** A store with its on-shelf product count and follower count, or undefined. */
  store(id: number) {
    return this.db
      .selectFrom('store as s')
      .select([
        's.id',
        's.name',
        's.logo',
        's.description',
        's.score',
        's.created_at',
        's.license_key',
        (eb) =>
          eb
            .selectFrom('product as p')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('p.store_id', '=', 's.id')
            .where('p.status', '=', ON_SHELF)
            .as('product_count'),
        (eb) =>
          eb
            .selectFrom('store_follow as f')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('f.store_id', '=', 's.id')
            .as('follower_count'),
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  /** Remembers the store's generated licence image (written once; a rerun writes the same key). */
  async setLicenseKey(storeId: number, key: string): Promise<void> {
    await this.db
      .updateTable('store')
      .set({ license_key: key })
      .where('id', '=', storeId)
      .execute();
  }

  async isCollected(userId: number, productId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('product_favorite')
      .select('product_id')
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async isFollowed(userId: number, storeId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('store_follow')
      .select('store_id')
      .where('user_id', '=', userId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One footprint per user, product and day: a repeat view only moves its time. */
  async recordFootprint(userId: number, productId: number, day: string): Promise<void> {
    await this.db
      .insertInto('product_footprint')
      .values({ user_id: userId, product_id: productId, day })
      .onConflict((oc) =>
        oc.columns(['user_id', 'product_id', 'day']).doUpdateSet({ viewed_at: sql`now()` }),
      )
      .execute();
  }
}
