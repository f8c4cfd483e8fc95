import { type Insertable, sql } from 'kysely';
import type { CartDb, CartItemTable } from './cart.tables.ts';

/** Namespace of the per-user advisory lock that serialises a user's cart adds. */
const CART_LOCK = 4102;

const LINE_COLUMNS = [
  'id',
  'sku_id',
  'quantity',
  'selected',
  'title',
  'image',
  'sku_name',
] as const;

/** SQL for cart lines. Every query is scoped to the line's owner. */
export class CartRepo {
  constructor(readonly db: CartDb) {}

  /** Runs `work` in a transaction holding the user's cart lock (line limit, merges). */
  withUserLock<T>(userId: number, work: (trx: CartDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${CART_LOCK}, ${userId})`.execute(trx);
      return work(trx);
    });
  }

  transaction<T>(work: (trx: CartDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  lines(userId: number, db: CartDb = this.db) {
    return db
      .selectFrom('cart_item')
      .select(LINE_COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  line(userId: number, id: number, db: CartDb = this.db) {
    return db
      .selectFrom('cart_item')
      .select(LINE_COLUMNS)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  insert(db: CartDb, values: Insertable<CartItemTable>) {
    return db
      .insertInto('cart_item')
      .values(values)
      .returning(['id', 'quantity'])
      .executeTakeFirstOrThrow();
  }

  update(
    db: CartDb,
    userId: number,
    id: number,
    values: Partial<
      Pick<CartItemTable, 'title' | 'image' | 'sku_name' | 'quantity'> & { selected: boolean }
    >,
  ) {
    return db
      .updateTable('cart_item')
      .set({ ...values, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(['id', 'quantity'])
      .executeTakeFirst();
  }

  setSelected(db: CartDb, userId: number, ids: readonly number[] | 'all', selected: boolean) {
    let query = db
      .updateTable('cart_item')
      .set({ selected, updated_at: sql`now()` })
      .where('user_id', '=', userId);
    if (ids !== 'all') {
      if (ids.length === 0) return Promise.resolve([]);
      query = query.where('id', 'in', ids);
    }
    return query.returning('id').execute();
  }

  deleteLines(db: CartDb, userId: number, ids: readonly number[]) {
    return db
      .deleteFrom('cart_item')
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .returning('id')
      .execute();
  }

  deleteBySkus(db: CartDb, userId: number, skuIds: readonly number[]) {
    if (skuIds.length === 0) return Promise.resolve([]);
    return db
      .deleteFrom('cart_item')
      .where('user_id', '=', userId)
      .where('sku_id', 'in', skuIds)
      .returning('id')
      .execute();
  }
}
