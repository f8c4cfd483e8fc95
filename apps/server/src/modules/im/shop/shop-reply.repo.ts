import type { Db } from '../../../database.ts';

export interface ShopReplyRow {
  welcome_text: string | null;
  away_text: string | null;
}

/** A store's auto-reply texts and its buyers' greeted/away marks (tables of migration 0022). */
export class ShopReplyRepo {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async texts(storeId: number, db: Db = this.db): Promise<ShopReplyRow | undefined> {
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
    db: Db = this.db,
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
   * Claims the greeting of this buyer: true for exactly one caller however many first messages
   * race (the insert of the conversation's row is the guard).
   */
  async claimGreeting(storeId: number, buyerId: string, now: number): Promise<boolean> {
    const row = await this.db
      .insertInto('im_shop_contact')
      .values({ store_id: storeId, buyer_id: buyerId, greeted_ms: now })
      .onConflict((oc) => oc.columns(['store_id', 'buyer_id']).doNothing())
      .returning('store_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the conversation's last away reply is older than `since` (cheap pre-check). */
  async awayDue(storeId: number, buyerId: string, since: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('im_shop_contact')
      .select('away_ms')
      .where('store_id', '=', storeId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst();
    return row !== undefined && row.away_ms <= since;
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
