import { type AnyDb, viewOf } from '../../../platform/db.ts';
import type { CatalogueTables } from '../catalogue.tables.ts';

/**
 * What other modules read of a store (`store`): its id and name, for a join in their own query
 * (`leftJoin(storeReads.storeView(db).as('st'), 'st.id', 'x.store_id')`) or a lookup. `db` is
 * the caller's database or transaction.
 */
export const storeReads = {
  storeView(anyDb: AnyDb) {
    const db = viewOf<CatalogueTables>(anyDb);
    return db.selectFrom('store').select(['id', 'name']);
  },

  async names(anyDb: AnyDb, ids: readonly number[]): Promise<Map<number, string>> {
    const db = viewOf<CatalogueTables>(anyDb);
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('store')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async exists(anyDb: AnyDb, id: number): Promise<boolean> {
    const db = viewOf<CatalogueTables>(anyDb);
    return (await storeReads.names(db, [id])).has(id);
  },
};
