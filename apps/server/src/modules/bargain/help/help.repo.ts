import { type Insertable, sql } from 'kysely';
import type { BargainDb, BargainHelpTable, BargainTable } from '../bargain.tables.ts';
import { type BargainRow, selectBargains } from '../bargain-rows.repo.ts';

/** SQL of starting and helping: bargains, their cuts, helps and helpers' rewards, expiry. */
export class HelpRepo {
  constructor(private readonly db: BargainDb) {}

  // --- starting -------------------------------------------------------------------------------

  /** The user's running bargain on the item that is past its time ends now (before a new start). */
  expireDueOf(trx: BargainDb, itemId: number, userId: number) {
    return trx
      .updateTable('bargain')
      .set({ status: 'expired', ended_at: new Date() })
      .where('item_id', '=', itemId)
      .where('user_id', '=', userId)
      .where('status', '=', 'running')
      .where('expires_at', '<=', new Date())
      .execute();
  }

  insertBargain(trx: BargainDb, row: Insertable<BargainTable>) {
    return trx
      .insertInto('bargain')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['item_id', 'user_id']).where('status', '=', 'running').doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
  }

  bumpStarted(trx: BargainDb, itemId: number) {
    return trx
      .updateTable('bargain_item')
      .set({ started_count: sql`started_count + 1` })
      .where('id', '=', itemId)
      .execute();
  }

  // --- helping --------------------------------------------------------------------------------

  lockBargain(trx: BargainDb, id: number) {
    return selectBargains(trx).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  insertHelp(trx: BargainDb, row: Insertable<BargainHelpTable>) {
    return trx
      .insertInto('bargain_help')
      .values(row)
      .onConflict((oc) => oc.columns(['bargain_id', 'helper_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** Moves the bargain by one cut; the guard on helps_done makes a stale read write nothing. */
  async applyCut(
    trx: BargainDb,
    b: BargainRow,
    cut: number,
    countsAsHelp: boolean,
    done: boolean,
  ): Promise<boolean> {
    const r = await trx
      .updateTable('bargain')
      .set({
        current_price: b.current_price - cut,
        helps_done: b.helps_done + (countsAsHelp ? 1 : 0),
        ...(done ? { status: 'succeeded', succeeded_at: new Date(), ended_at: new Date() } : {}),
      })
      .where('id', '=', b.id)
      .where('status', '=', 'running')
      .where('helps_done', '=', b.helps_done)
      .where('current_price', '=', b.current_price)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  // --- rewards --------------------------------------------------------------------------------

  /**
   * Moves a help's reward from one status to another; false when it was not in `from`. In a
   * transaction the row stays locked until commit, so a second mover waits and then finds it moved.
   */
  async moveReward(
    trx: BargainDb,
    id: number,
    from: BargainHelpTable['reward_status'],
    to: BargainHelpTable['reward_status'],
  ): Promise<boolean> {
    const r = await trx
      .updateTable('bargain_help')
      .set({ reward_status: to })
      .where('id', '=', id)
      .where('reward_status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Coupon rewards left pending (helps written before coupons were given in the help's own transaction). */
  pendingRewards(limit: number, olderThan: Date) {
    return this.db
      .selectFrom('bargain_help')
      .select(['id', 'helper_id', 'coupon_template_id'])
      .where('reward_status', '=', 'pending')
      .where('created_at', '<', olderThan)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /**
   * A savepoint around giving a coupon reward: a template that cannot give one undoes only that
   * attempt, and the help commits with its reward failed.
   */
  async savepoint(trx: BargainDb): Promise<void> {
    await sql`savepoint bargain_reward`.execute(trx);
  }

  async rollbackToSavepoint(trx: BargainDb): Promise<void> {
    await sql`rollback to savepoint bargain_reward`.execute(trx);
    await sql`release savepoint bargain_reward`.execute(trx);
  }

  async releaseSavepoint(trx: BargainDb): Promise<void> {
    await sql`release savepoint bargain_reward`.execute(trx);
  }

  // --- expiry ---------------------------------------------------------------------------------

  /** Running bargains past their time, locked, skipping those another node or a help holds. */
  dueRunning(trx: BargainDb, limit: number) {
    return trx
      .selectFrom('bargain')
      .select('id')
      .where('status', '=', 'running')
      .where('expires_at', '<=', new Date())
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  expire(trx: BargainDb, ids: number[]) {
    if (!ids.length) return Promise.resolve();
    return trx
      .updateTable('bargain')
      .set({ status: 'expired', ended_at: new Date() })
      .where('id', 'in', ids)
      .where('status', '=', 'running')
      .execute();
  }
}
