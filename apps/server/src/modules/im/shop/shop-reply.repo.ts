import type { DB, Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { ImDb, ImTables } from '../im.tables.ts';

export interface ShopReplyRow {
  welcome_text: string | null;
  away_text: string | null;
}

/**
 * A store's auto-reply texts and its buyers' away marks (tables of migration 0022; a buyer's row is
 * inserted, claiming the greeting, by the desk's statement per buyer message: DeskRepo.buyerWrote).
 */
export class ShopReplyRepo {
  /** The im tables, what every query here may name. */
  private readonly db: ImDb;
  /** The app's database, only to open a transaction: a change of the texts also records an audit row. */
  readonly #app: Db;

  constructor(app: Db) {
    this.db = narrowDb<ImTables, DB>(app);
    this.#app = app;
  }

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.#app.transaction().execute(work);
  }

  async texts(storeId: number, db: ImDb = this.db): Promise<ShopReplyRow | undefined> {
    return db
      .selectFrom('im_shop_reply')
      .select(['welcome_text', 'away_text'])
      .where('store_id', '=', storeId)
      .executeTakeFirst();
  }

  /** Sets the given texts (null = back to the default); a text left undefined stays as it is. */
  async setTexts(
    storeId: number,
    set: { welcome_text?: string | null; away_text?: string | null },
    now: number,
    db: ImDb = this.db,
  ): Promise<void> {
    await db
      .insertInto('im_shop_reply')
      .values({
        store_id: storeId,
        welcome_text: set.welcome_text ?? null,
        away_text: set.away_text ?? null,
        updated_ms: now,
      })
      .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...set, updated_ms: now }))
      .execute();
  }

  /**
   * Claims the away reply: moves away_ms to `now` only while it is at or before `since`, so one
   * caller per interval wins however many race; answers that slot's time, or undefined.
   */
  async claimAway(
    storeId: number,
    buyerId: string,
    since: number,
    now: number,
  ): Promise<number | undefined> {
    const row = await this.db
      .updateTable('im_shop_contact')
      .set({ away_ms: now })
      .where('store_id', '=', storeId)
      .where('buyer_id', '=', buyerId)
      .where('away_ms', '<=', since)
      .returning('away_ms')
      .executeTakeFirst();
    return row?.away_ms;
  }
}
