import { sql } from 'kysely';
import { ON_SHELF } from '../browse/catalogue.repo.ts';
import { CARD_COLUMNS } from '../browse/product-card.ts';
import type { CatalogueDb } from '../catalogue.tables.ts';

/** SQL for a user's favourites, footprints and followed stores; every query is scoped to the user. */
export class CollectionRepo {
  constructor(private readonly db: CatalogueDb) {}

  async productOnShelf(productId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('product')
      .select('id')
      .where('id', '=', productId)
      .where('status', '=', ON_SHELF)
      .executeTakeFirst();
    return row !== undefined;
  }

  async storeExists(storeId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('store')
      .select('id')
      .where('id', '=', storeId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async addFavorite(userId: number, productId: number): Promise<void> {
    await this.db
      .insertInto('product_favorite')
      .values({ user_id: userId, product_id: productId })
      .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
      .execute();
  }

  async removeFavorites(userId: number, productIds: number[]): Promise<number> {
    const res = await this.db
      .deleteFrom('product_favorite')
      .where('user_id', '=', userId)
      .where('product_id', 'in', productIds)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async countFavorites(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('product_favorite')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Favourites newest first, off-shelf ones included (status tells). */
  pageFavorites(userId: number, limit: number, offset: number) {
    return this.db
      .selectFrom('product_favorite as f')
      .innerJoin('product as p', 'p.id', 'f.product_id')
      .innerJoin('store as s', 's.id', 'p.store_id')
      .select([...CARD_COLUMNS, 'p.status', 'f.created_at'])
      .where('f.user_id', '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.product_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countFootprints(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('product_footprint')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Footprints by day, newest first; `day` as YYYY-MM-DD. */
  pageFootprints(userId: number, limit: number, offset: number) {
    return this.db
      .selectFrom('product_footprint as b')
      .innerJoin('product as p', 'p.id', 'b.product_id')
      .innerJoin('store as s', 's.id', 'p.store_id')
      .select([
        ...CARD_COLUMNS,
        'p.status',
        'b.id as footprint_id',
        'b.viewed_at',
        sql<string>`to_char(b.day, 'YYYY-MM-DD')`.as('day'),
      ])
      .where('b.user_id', '=', userId)
      .orderBy('b.day', 'desc')
      .orderBy('b.viewed_at', 'desc')
      .orderBy('b.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async deleteFootprints(userId: number, ids: number[] | 'all'): Promise<number> {
    let query = this.db.deleteFrom('product_footprint').where('user_id', '=', userId);
    if (ids !== 'all') query = query.where('id', 'in', ids);
    const res = await query.executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async follow(userId: number, storeId: number): Promise<void> {
    await this.db
      .insertInto('store_follow')
      .values({ user_id: userId, store_id: storeId })
      .onConflict((oc) => oc.columns(['user_id', 'store_id']).doNothing())
      .execute();
  }

  async unfollow(userId: number, storeId: number): Promise<number> {
    const res = await this.db
      .deleteFrom('store_follow')
      .where('user_id', '=', userId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async countFollows(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('store_follow')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  pageFollows(userId: number, limit: number, offset: number) {
    return this.db
      .selectFrom('store_follow as f')
      .innerJoin('store as s', 's.id', 'f.store_id')
      .select([
        's.id',
        's.name',
        's.logo',
        's.score',
        'f.created_at',
        (eb) =>
          eb
            .selectFrom('product as p')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('p.store_id', '=', 's.id')
            .where('p.status', '=', ON_SHELF)
            .as('product_count'),
        (eb) =>
          eb
            .selectFrom('store_follow as o')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('o.store_id', '=', 's.id')
            .as('follower_count'),
      ])
      .where('f.user_id', '=', userId)
      .orderBy('f.created_at', 'desc')
      .orderBy('f.store_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }
}
