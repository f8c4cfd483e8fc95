import type { Db } from '../../../database.ts';

/**
 * What other modules read of a store (`store`): its id and name, for a join in their own query
 * (`leftJoin(storeReads.storeView(db).as('st'), 'st.id', 'x.store_id')`) or a lookup. `db` is
 * the caller's database or transaction.
 */
export const storeReads = {
  storeView(db: Db) {
    return db.selectFrom('store').select(['id', 'name']);
  },

  async names(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('store')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async exists(db: Db, id: number): Promise<boolean> {
    return (await storeReads.names(db, [id])).has(id);
  },
};
