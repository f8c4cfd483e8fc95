import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import { userReads } from '../user/index.ts';
import type { DrawDb, DrawPrizeTable, DrawResultTable, DrawWheelTable } from './draw.tables.ts';

/** SQL of the lucky draw (points move through the ledger, prizes through Rewards and orders). */
export class DrawRepo {
  constructor(private readonly db: DrawDb) {}

  // --- wheels and prizes ------------------------------------------------------------------------

  wheel(id: number, db: DrawDb = this.db) {
    return db.selectFrom('draw_wheel').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The wheel running now (the latest started, not ended), if any. */
  current(now: Date) {
    return this.db
      .selectFrom('draw_wheel')
      .selectAll()
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  insertWheel(trx: DrawDb, row: Insertable<DrawWheelTable>): Promise<{ id: number }> {
    return trx.insertInto('draw_wheel').values(row).returning('id').executeTakeFirstOrThrow();
  }

  updateWheel(trx: DrawDb, id: number, row: Updateable<DrawWheelTable>) {
    return trx.updateTable('draw_wheel').set(row).where('id', '=', id).executeTakeFirst();
  }

  /** Writes each slot's prize in place (results keep their prize ids); later slots are dropped. */
  async putPrizes(
    trx: DrawDb,
    wheelId: number,
    prizes: readonly Omit<Insertable<DrawPrizeTable>, 'wheel_id' | 'enabled'>[],
  ): Promise<void> {
    for (const p of prizes) {
      await trx
        .insertInto('draw_prize')
        .values({ ...p, wheel_id: wheelId, enabled: true })
        .onConflict((oc) =>
          oc.columns(['wheel_id', 'slot']).doUpdateSet({
            kind: p.kind,
            title: p.title,
            coupon_template_id: p.coupon_template_id ?? null,
            amount: p.amount ?? null,
            sku_id: p.sku_id ?? null,
            weight: p.weight,
            stock: p.stock ?? null,
            enabled: true,
          }),
        )
        .execute();
    }
    await trx
      .updateTable('draw_prize')
      .set({ enabled: false })
      .where('wheel_id', '=', wheelId)
      .where('slot', '>=', prizes.length)
      .execute();
  }

  /** The wheel's slots in order, with a product's picture. */
  prizes(wheelId: number, db: DrawDb = this.db) {
    return db
      .selectFrom('draw_prize as d')
      .leftJoin(skuReads.skuView(this.db).as('s'), 's.id', 'd.sku_id')
      .leftJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')
      .selectAll('d')
      .select(sql<string | null>`coalesce(s.image, p.main_image)`.as('image'))
      .where('d.wheel_id', '=', wheelId)
      .where('d.enabled', '=', true)
      .orderBy('d.slot')
      .execute();
  }

  /** Prizes won per slot (the operator's view). */
  wonCounts(wheelId: number) {
    return this.db
      .selectFrom('draw_result')
      .select(['prize_id', sql<number>`count(*)::int`.as('n')])
      .where('wheel_id', '=', wheelId)
      .groupBy('prize_id')
      .execute();
  }

  /**
   * Takes one unit of a limited prize: the row lock of the UPDATE orders concurrent spins, and
   * only those that still see a unit left get one. An unlimited prize (stock null) always passes;
   * a stock set to null by an operator's update meanwhile cannot happen for a limited kind.
   */
  async takeUnit<P extends Selectable<DrawPrizeTable>>(
    trx: DrawDb,
    prize: P,
  ): Promise<P | undefined> {
    // An unlimited prize is not written at all: no row lock for every spin to queue on.
    if (prize.stock === null) return prize;
    const row = await trx
      .updateTable('draw_prize')
      .set({ stock: sql`stock - 1` })
      .where('id', '=', prize.id)
      .where('enabled', '=', true)
      .where('stock', '>', 0)
      .returningAll()
      .executeTakeFirst();
    // The row as the UPDATE saw it: an operator's edit of the slot meanwhile is what is given.
    return row ? { ...prize, ...row } : undefined;
  }

  couponTemplate(id: number) {
    return this.db
      .selectFrom('coupon_template')
      .select(['id', 'name'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  sku(id: number) {
    return skuReads.titled(this.db, id);
  }

  userExists(id: number): Promise<boolean> {
    return userReads.exists(this.db, id);
  }

  /**
   * A savepoint around giving one prize: a unit taken concurrently or a coupon the user can no
   * longer receive undoes only that attempt, and the spin draws again among the rest.
   */
  async savepoint(trx: DrawDb): Promise<void> {
    await sql`savepoint draw_give`.execute(trx);
  }

  async rollbackToSavepoint(trx: DrawDb): Promise<void> {
    await sql`rollback to savepoint draw_give`.execute(trx);
    await sql`release savepoint draw_give`.execute(trx);
  }

  async releaseSavepoint(trx: DrawDb): Promise<void> {
    await sql`release savepoint draw_give`.execute(trx);
  }

  // --- paying for a spin ------------------------------------------------------------------------

  /** Uses one of the day's free spins if any is left (a conditional UPDATE on the day's row). */
  async takeFree(
    trx: DrawDb,
    p: { wheelId: number; userId: number; day: string; max: number },
  ): Promise<boolean> {
    if (p.max <= 0) return false;
    await trx
      .insertInto('draw_day')
      .values({ wheel_id: p.wheelId, user_id: p.userId, day: p.day })
      .onConflict((oc) => oc.columns(['wheel_id', 'user_id', 'day']).doNothing())
      .execute();
    const row = await trx
      .updateTable('draw_day')
      .set({ free_used: sql`free_used + 1` })
      .where('wheel_id', '=', p.wheelId)
      .where('user_id', '=', p.userId)
      .where('day', '=', p.day)
      .where('free_used', '<', p.max)
      .returning('free_used')
      .executeTakeFirst();
    return Boolean(row);
  }

  async freeUsed(wheelId: number, userId: number, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('draw_day')
      .select('free_used')
      .where('wheel_id', '=', wheelId)
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.free_used ?? 0;
  }

  private granted(db: DrawDb, userId: number) {
    return db
      .selectFrom('draw_chance_grant')
      .select(sql<number>`coalesce(sum(count), 0)::int`.as('n'))
      .where('user_id', '=', userId);
  }

  /**
   * Spends one earned chance if the user has one left: a conditional UPDATE of the user's row
   * (concurrent spins of the user queue on it and re-check). A grant committed meanwhile can only
   * be missed; a refund's reversal committed meanwhile leaves grants below spent: a debt that later
   * grants pay before any chance is left again.
   */
  async takeChance(trx: DrawDb, userId: number): Promise<boolean> {
    await trx
      .insertInto('draw_chance')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await trx
      .updateTable('draw_chance')
      .set({ spent: sql`spent + 1` })
      .where('user_id', '=', userId)
      .where((eb) => eb('spent', '<', this.granted(trx, userId)))
      .returning('spent')
      .executeTakeFirst();
    return Boolean(row);
  }

  async chances(userId: number, db: DrawDb = this.db): Promise<number> {
    const [granted, spent] = await Promise.all([
      this.granted(db, userId).executeTakeFirstOrThrow(),
      db.selectFrom('draw_chance').select('spent').where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return Math.max(0, granted.n - (spent?.spent ?? 0));
  }

  /** Gives chances once per (user, source, ref) by one insert; answers whether this call did. */
  async grantChances(
    trx: DrawDb,
    p: { userId: number; source: 'order' | 'admin'; ref: string; count: number; orderNo?: string },
  ): Promise<boolean> {
    const granted = await trx
      .insertInto('draw_chance_grant')
      .values({
        user_id: p.userId,
        source: p.source,
        ref: p.ref,
        count: p.count,
        order_no: p.orderNo ?? null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'source', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return Boolean(granted);
  }

  /**
   * Undoes the order's grant once: a grant of minus its chances keyed by the order number, and
   * the grant's day key freed (renamed after the order) so the day's next paid order earns again.
   * Answers the chances taken back (0: the order earned none, or this ran before).
   */
  async reverseOrderGrant(trx: DrawDb, userId: number, orderNo: string): Promise<number> {
    const grant = await trx
      .selectFrom('draw_chance_grant')
      .select(['id', 'ref', 'count'])
      .where('order_no', '=', orderNo)
      .where('user_id', '=', userId)
      .where('source', '=', 'order')
      .executeTakeFirst();
    if (!grant) return 0;
    const reversed = await trx
      .insertInto('draw_chance_grant')
      .values({
        user_id: userId,
        source: 'refund',
        ref: orderNo,
        count: -grant.count,
        order_no: orderNo,
      })
      .onConflict((oc) => oc.columns(['user_id', 'source', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!reversed) return 0;
    await trx
      .updateTable('draw_chance_grant')
      .set({ ref: `${grant.ref}:${orderNo}` })
      .where('id', '=', grant.id)
      .execute();
    return grant.count;
  }

  /** Chances spent beyond the grants (a refunded order's chance already used), paid by the next. */
  async chanceDebt(userId: number, db: DrawDb = this.db): Promise<number> {
    const [granted, spent] = await Promise.all([
      this.granted(db, userId).executeTakeFirstOrThrow(),
      db.selectFrom('draw_chance').select('spent').where('user_id', '=', userId).executeTakeFirst(),
    ]);
    return Math.max(0, (spent?.spent ?? 0) - granted.n);
  }

  // --- results ----------------------------------------------------------------------------------

  /**
   * The spin's row, written first: the unique (user, client key) makes a concurrent retry wait
   * for this transaction and then find the key taken. Undefined: the key names an earlier spin.
   */
  async openResult(
    trx: DrawDb,
    row: Pick<Insertable<DrawResultTable>, 'wheel_id' | 'user_id' | 'client_key'>,
  ): Promise<number | undefined> {
    const r = await trx
      .insertInto('draw_result')
      .values({ ...row, kind: 'nothing', title: '', cost_kind: 'free' })
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return r?.id;
  }

  closeResult(trx: DrawDb, id: number, row: Updateable<DrawResultTable>) {
    return trx.updateTable('draw_result').set(row).where('id', '=', id).execute();
  }

  private results(db: DrawDb = this.db) {
    return db
      .selectFrom('draw_result as r')
      .leftJoin('draw_prize as d', 'd.id', 'r.prize_id')
      .selectAll('r')
      .select('d.slot');
  }

  resultByKey(userId: number, clientKey: string) {
    return this.results()
      .where('r.user_id', '=', userId)
      .where('r.client_key', '=', clientKey)
      .executeTakeFirst();
  }

  result(id: number, db?: DrawDb) {
    return this.results(db).where('r.id', '=', id).executeTakeFirst();
  }

  /** Results newest first: a user's (any wheel or one) or a wheel's (the operator). */
  page(f: { userId?: number; wheelId?: number }, limit: number, offset: number) {
    let list = this.results();
    let count = this.db.selectFrom('draw_result as r').select(sql<number>`count(*)::int`.as('n'));
    if (f.userId !== undefined) {
      list = list.where('r.user_id', '=', f.userId);
      count = count.where('r.user_id', '=', f.userId);
    }
    if (f.wheelId !== undefined) {
      list = list.where('r.wheel_id', '=', f.wheelId);
      count = count.where('r.wheel_id', '=', f.wheelId);
    }
    return Promise.all([
      list.orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
  }

  /** Product prizes locked for the placement batch, in id order, with their order's status. */
  lockResults(trx: DrawDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return trx
      .selectFrom('draw_result as r')
      .leftJoin('shop_order as o', 'o.id', 'r.order_id')
      .select(['r.id', 'r.user_id', 'r.kind', 'r.order_id', 'o.status as order_status'])
      .where('r.id', 'in', ids)
      .orderBy('r.id')
      .forUpdate('r')
      .execute();
  }

  recordOrder(trx: DrawDb, id: number, orderId: number, orderNo: string) {
    return trx
      .updateTable('draw_result')
      .set({ order_id: orderId, order_no: orderNo })
      .where('id', '=', id)
      .execute();
  }
}
