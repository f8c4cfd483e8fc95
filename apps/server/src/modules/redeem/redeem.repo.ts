import { type Insertable, sql } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import type { RedeemBatchTable, RedeemDb } from './redeem.tables.ts';

/** Rows inserted per statement when a batch's codes are written. */
const INSERT_CHUNK = 1000;

/** SQL of redeem batches and codes. */
export class RedeemRepo {
  constructor(private readonly db: RedeemDb) {}

  async insertBatch(
    trx: RedeemDb,
    batch: Insertable<RedeemBatchTable>,
    codes: readonly { hash: string; tail: string }[],
  ): Promise<number> {
    const { id } = await trx
      .insertInto('redeem_batch')
      .values(batch)
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('redeem_code')
        .values(
          codes
            .slice(i, i + INSERT_CHUNK)
            .map((c) => ({ batch_id: id, code_hash: c.hash, code_tail: c.tail })),
        )
        .execute();
    }
    return id;
  }

  batch(id: number, db: RedeemDb = this.db) {
    return db.selectFrom('redeem_batch').selectAll().where('id', '=', id).executeTakeFirst();
  }

  batches(limit: number, offset: number) {
    return Promise.all([
      this.db
        .selectFrom('redeem_batch')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('redeem_batch')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
  }

  /** Takes the sealed codes once: a second call (or a concurrent one, after the lock) gets none. */
  takeSealed(id: number): Promise<string | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('redeem_batch')
        .select('sealed_codes')
        .where('id', '=', id)
        .where('exported_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.sealed_codes) return null;
      await trx
        .updateTable('redeem_batch')
        .set({ sealed_codes: null, exported_at: new Date() })
        .where('id', '=', id)
        .execute();
      return row.sealed_codes;
    });
  }

  /**
   * Marks the code redeemed by the user if nobody has and its batch is in date: the row lock of
   * the UPDATE makes one of any number of concurrent attempts win, the others see it taken.
   */
  claim(trx: RedeemDb, hash: string, userId: number, now: Date) {
    return (
      trx
        .updateTable('redeem_code as c')
        .from('redeem_batch as b')
        .set({ redeemed_by: userId, redeemed_at: now })
        .whereRef('b.id', '=', 'c.batch_id')
        .where('c.code_hash', '=', hash)
        .where('c.redeemed_by', 'is', null)
        .where('b.expires_at', '>', now)
        // A product code is redeemed by its order (the deal port), never by this UPDATE.
        .where('b.kind', '<>', 'product')
        .returning([
          'c.id',
          'c.code_tail',
          'b.id as batch_id',
          'b.name',
          'b.kind',
          'b.coupon_template_id',
          'b.amount',
        ])
        .executeTakeFirst()
    );
  }

  countRedeemed(trx: RedeemDb, batchId: number) {
    return trx
      .updateTable('redeem_batch')
      .set({ redeemed: sql`redeemed + 1` })
      .where('id', '=', batchId)
      .execute();
  }

  /** A code with its batch and its product order's status (undefined: no such code). */
  lookup(hash: string) {
    return this.db
      .selectFrom('redeem_code as c')
      .innerJoin('redeem_batch as b', 'b.id', 'c.batch_id')
      .leftJoin('shop_order as o', 'o.id', 'c.order_id')
      .select([
        'c.id',
        'c.redeemed_by',
        'c.order_no',
        'b.name',
        'b.kind',
        'b.coupon_template_id',
        'b.amount',
        'b.sku_id',
        'b.expires_at',
        'o.status as order_status',
      ])
      .where('c.code_hash', '=', hash)
      .executeTakeFirst();
  }

  /**
   * Product codes locked for the placement batch (in id order, so that batches on a pool take
   * their locks in one order), with their batch and their last order's status.
   */
  lockCodes(trx: RedeemDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return trx
      .selectFrom('redeem_code as c')
      .innerJoin('redeem_batch as b', 'b.id', 'c.batch_id')
      .leftJoin('shop_order as o', 'o.id', 'c.order_id')
      .select([
        'c.id',
        'c.batch_id',
        'c.redeemed_by',
        'b.kind',
        'b.expires_at',
        'o.status as order_status',
      ])
      .where('c.id', 'in', ids)
      .orderBy('c.id')
      .forUpdate('c')
      .execute();
  }

  /** The code now belongs to the user's new order; answers whether it was a first redemption. */
  async recordOrder(
    trx: RedeemDb,
    p: { id: number; userId: number; orderId: number; orderNo: string; now: Date },
  ): Promise<{ batchId: number; first: boolean }> {
    const before = await trx
      .selectFrom('redeem_code')
      .select(['batch_id', 'redeemed_by'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('redeem_code')
      .set({
        redeemed_by: p.userId,
        redeemed_at: p.now,
        order_id: p.orderId,
        order_no: p.orderNo,
      })
      .where('id', '=', p.id)
      .execute();
    return { batchId: before.batch_id, first: before.redeemed_by === null };
  }

  /** Why a code did not redeem: unknown (undefined), taken, or its batch expired. */
  state(hash: string) {
    return this.db
      .selectFrom('redeem_code as c')
      .innerJoin('redeem_batch as b', 'b.id', 'c.batch_id')
      .select(['c.redeemed_by', 'b.expires_at'])
      .where('c.code_hash', '=', hash)
      .executeTakeFirst();
  }

  private mine(userId: number) {
    return this.db
      .selectFrom('redeem_code as c')
      .innerJoin('redeem_batch as b', 'b.id', 'c.batch_id')
      .where('c.redeemed_by', '=', userId);
  }

  private readonly shown = [
    'c.id',
    'c.code_tail',
    'c.redeemed_at',
    'c.order_no',
    'b.name',
    'b.kind',
    'b.coupon_template_id',
    'b.amount',
    't.name as coupon_name',
    'p.title as product_title',
  ] as const;

  /** The user's redemptions, newest first, with the coupon template's name when one. */
  history(userId: number, limit: number, offset: number) {
    return Promise.all([
      this.mine(userId)
        .leftJoin('coupon_template as t', 't.id', 'b.coupon_template_id')
        .leftJoin(skuReads.skuView(this.db).as('s'), 's.id', 'b.sku_id')
        .leftJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')
        .select(this.shown)
        .orderBy('c.redeemed_at', 'desc')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.mine(userId).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  one(userId: number, id: number) {
    return this.mine(userId)
      .leftJoin('coupon_template as t', 't.id', 'b.coupon_template_id')
      .leftJoin(skuReads.skuView(this.db).as('s'), 's.id', 'b.sku_id')
      .leftJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')
      .select(this.shown)
      .where('c.id', '=', id)
      .executeTakeFirst();
  }
}
