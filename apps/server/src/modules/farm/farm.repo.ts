import { type Insertable, sql } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import { userReads } from '../user/index.ts';
import type { FarmDb, FarmFruitTable, FarmTreeTable, FarmWaterLogTable } from './farm.tables.ts';

type Source = FarmWaterLogTable['source'];

/** SQL of the farm game: fruit kinds, kettles, trees and the water log. */
export class FarmRepo {
  constructor(private readonly db: FarmDb) {}

  // --- fruit kinds ----------------------------------------------------------------------------

  private fruits(db: FarmDb = this.db) {
    return db
      .selectFrom('farm_fruit as f')
      .leftJoin('coupon_template as ct', 'ct.id', 'f.coupon_template_id')
      .leftJoin(skuReads.skuView(this.db).as('s'), 's.id', 'f.sku_id')
      .leftJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')
      .selectAll('f')
      .select(['ct.name as coupon_name', 'p.title as product_title'])
      .where('f.deleted_at', 'is', null);
  }

  fruitList(enabledOnly: boolean) {
    let q = this.fruits();
    if (enabledOnly) q = q.where('f.enabled', '=', true);
    return q.orderBy('f.sort').orderBy('f.id').execute();
  }

  fruit(id: number) {
    return this.fruits().where('f.id', '=', id).executeTakeFirst();
  }

  insertFruit(row: Insertable<FarmFruitTable>) {
    return this.db.insertInto('farm_fruit').values(row).returning('id').executeTakeFirstOrThrow();
  }

  updateFruit(id: number, row: Insertable<FarmFruitTable>) {
    return this.db
      .updateTable('farm_fruit')
      .set(row)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
  }

  /** Hides the kind from new plantings (its planted trees keep their copy). */
  deleteFruit(id: number) {
    return this.db
      .updateTable('farm_fruit')
      .set({ deleted_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
  }

  // --- kettle and log -------------------------------------------------------------------------

  async kettle(userId: number, db: FarmDb = this.db): Promise<{ water: number; debt: number }> {
    const row = await db
      .selectFrom('farm_kettle')
      .select(['water', 'debt'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { water: row?.water ?? 0, debt: row?.debt ?? 0 };
  }

  /** Water into the kettle; a debt (water a refund could not take back) is paid from it first. */
  addWater(trx: FarmDb, userId: number, amount: number) {
    return trx
      .insertInto('farm_kettle')
      .values({ user_id: userId, water: amount })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          water: sql`farm_kettle.water + greatest(excluded.water - farm_kettle.debt, 0)`,
          debt: sql`greatest(farm_kettle.debt - excluded.water, 0)`,
          updated_at: sql`now()`,
        }),
      )
      .returning('water')
      .executeTakeFirstOrThrow();
  }

  /**
   * A refunded order's water back: from the kettle as far as it holds, the rest (poured into the
   * tree already) as a debt. Both sides of the SET read the row before the update.
   */
  takeBack(trx: FarmDb, userId: number, amount: number) {
    return trx
      .updateTable('farm_kettle')
      .set({
        water: sql`greatest(water - ${amount}, 0)`,
        debt: sql`debt + greatest(${amount} - water, 0)`,
        updated_at: sql`now()`,
      })
      .where('user_id', '=', userId)
      .returning(['water', 'debt'])
      .executeTakeFirst();
  }

  /** The water an order gave (0: none). */
  async orderWater(trx: FarmDb, userId: number, orderNo: string): Promise<number> {
    const row = await trx
      .selectFrom('farm_water_log')
      .select('amount')
      .where('source', '=', 'order')
      .where('ref', '=', orderNo)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.amount ?? 0;
  }

  /** Takes water only when the kettle holds that much (the row lock serialises taps). */
  takeWater(trx: FarmDb, userId: number, amount: number) {
    return trx
      .updateTable('farm_kettle')
      .set({ water: sql`water - ${amount}`, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('water', '>=', amount)
      .returning('water')
      .executeTakeFirst();
  }

  /** A movement, once per (source, ref): undefined when it was written before. */
  insertLog(trx: FarmDb, row: Insertable<FarmWaterLogTable>) {
    return trx
      .insertInto('farm_water_log')
      .values(row)
      .onConflict((oc) => oc.columns(['source', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  log(userId: number, limit: number) {
    return this.db
      .selectFrom('farm_water_log')
      .select(['id', 'source', 'amount', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** How many movements of each source the user had on the day. */
  async dayCounts(userId: number, day: string): Promise<Map<Source, number>> {
    const rows = await this.db
      .selectFrom('farm_water_log')
      .select(['source', sql<number>`count(*)::int`.as('n')])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .groupBy('source')
      .execute();
    return new Map(rows.map((r) => [r.source, r.n]));
  }

  hasLog(source: Source, ref: string) {
    return this.db
      .selectFrom('farm_water_log')
      .select('id')
      .where('source', '=', source)
      .where('ref', '=', ref)
      .executeTakeFirst();
  }

  // --- trees ----------------------------------------------------------------------------------

  private trees(db: FarmDb = this.db) {
    return db
      .selectFrom('farm_tree as t')
      .innerJoin('farm_fruit as f', 'f.id', 't.fruit_id')
      .leftJoin('coupon_template as ct', 'ct.id', 't.coupon_template_id')
      .leftJoin(skuReads.skuView(this.db).as('s'), 's.id', 't.sku_id')
      .leftJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')
      .leftJoin('shop_order as o', 'o.id', 't.order_id')
      .selectAll('t')
      .select([
        'f.name as fruit_name',
        'f.image',
        'ct.name as coupon_name',
        'p.title as product_title',
        'o.status as order_status',
      ]);
  }

  /** The user's latest tree (live or the last harvested one). */
  current(userId: number) {
    return this.trees()
      .where('t.user_id', '=', userId)
      .orderBy('t.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A tree of this user (another user's id answers nothing). */
  tree(id: number, userId: number) {
    return this.trees().where('t.id', '=', id).where('t.user_id', '=', userId).executeTakeFirst();
  }

  /** Plants unless the user has a live tree (the partial unique index decides under races). */
  insertTree(trx: FarmDb, row: Insertable<FarmTreeTable>) {
    return trx
      .insertInto('farm_tree')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').where('state', 'in', ['growing', 'ripe']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
  }

  /** Adds growth to the user's growing tree, capped at ripe; it turns ripe when it gets there. */
  grow(trx: FarmDb, userId: number, step: number, now: Date) {
    const reached = sql<boolean>`growth + ${step} >= water_needed`;
    return trx
      .updateTable('farm_tree')
      .set({
        growth: sql`least(growth + ${step}, water_needed)`,
        state: sql`case when ${reached} then 'ripe' else 'growing' end`,
        ripe_at: sql`case when ${reached} then ${now}::timestamptz else null end`,
      })
      .where('user_id', '=', userId)
      .where('state', '=', 'growing')
      .returning(['id', 'growth', 'state'])
      .executeTakeFirst();
  }

  /** The live tree's state (which error a refused tap gets). */
  liveState(userId: number, db: FarmDb = this.db) {
    return db
      .selectFrom('farm_tree')
      .select(['id', 'state'])
      .where('user_id', '=', userId)
      .where('state', 'in', ['growing', 'ripe'])
      .executeTakeFirst();
  }

  /** ripe → harvested, once (a coupon tree). */
  harvest(trx: FarmDb, id: number, userId: number, now: Date) {
    return trx
      .updateTable('farm_tree')
      .set({ state: 'harvested', harvested_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('state', '=', 'ripe')
      .returning(['id', 'coupon_template_id'])
      .executeTakeFirst();
  }

  lockTrees(trx: FarmDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return trx
      .selectFrom('farm_tree')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  orderStatus(trx: FarmDb, orderId: number) {
    return trx
      .selectFrom('shop_order')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirst();
  }

  /** A product tree's ¥0 order was placed: the tree is harvested with it. */
  recordOrder(trx: FarmDb, id: number, orderId: number, orderNo: string, now: Date) {
    return trx
      .updateTable('farm_tree')
      .set({ state: 'harvested', harvested_at: now, order_id: orderId, order_no: orderNo })
      .where('id', '=', id)
      .execute();
  }

  // --- friends --------------------------------------------------------------------------------

  user(id: number) {
    return userReads.publicUser(this.db, id);
  }
}
