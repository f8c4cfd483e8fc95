import type { CommissionState } from '@chaopin/contracts';
import { type Insertable, sql } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { CommissionTable, PromotionDb } from '../promotion.tables.ts';

export interface IncomeFilter {
  state: 'all' | CommissionState;
  level: 'all' | '1' | '2';
  /** [from, to) of the month asked for. */
  range?: [Date, Date];
}

/** SQL for commissions: one row per (order line, level). */
export class CommissionRepo {
  constructor(private readonly db: PromotionDb) {}

  /** Inserts what is not there yet: a (line, level) already earned is skipped. */
  async insert(trx: PromotionDb, rows: Insertable<CommissionTable>[]): Promise<number> {
    if (!rows.length) return 0;
    const done = await trx
      .insertInto('commission')
      .values(rows)
      .onConflict((oc) => oc.columns(['order_item_id', 'level']).doNothing())
      .returning('id')
      .execute();
    return done.length;
  }

  rates(trx: PromotionDb, productIds: readonly number[]) {
    if (!productIds.length) return Promise.resolve([]);
    return trx
      .selectFrom('commission_rate')
      .selectAll()
      .where('product_id', 'in', [...productIds])
      .execute();
  }

  async productExists(productId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('product')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    return Boolean(row);
  }

  setRate(productId: number, l1: number | null, l2: number | null) {
    return this.db
      .insertInto('commission_rate')
      .values({ product_id: productId, l1_bp: l1, l2_bp: l2 })
      .onConflict((oc) => oc.column('product_id').doUpdateSet({ l1_bp: l1, l2_bp: l2 }))
      .execute();
  }

  /** Received: the order's pending commissions freeze until the after-sales window closes. */
  freeze(trx: PromotionDb, orderNo: string, settleAt: Date) {
    return trx
      .updateTable('commission')
      .set({ state: 'frozen', frozen_at: sql`now()`, settle_at: settleAt })
      .where('order_no', '=', orderNo)
      .where('state', '=', 'pending')
      .execute();
  }

  lockOfItem(trx: PromotionDb, orderItemId: number) {
    return trx
      .selectFrom('commission')
      .selectAll()
      .where('order_item_id', '=', orderItemId)
      .orderBy('level')
      .forUpdate()
      .execute();
  }

  update(
    trx: PromotionDb,
    id: number,
    set: { amount: number; refunded: number; state: CommissionState; voided: boolean },
  ) {
    return trx
      .updateTable('commission')
      .set({
        amount: set.amount,
        refunded: set.refunded,
        state: set.state,
        voided_at: set.voided ? sql`now()` : null,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Frozen commissions past their settle time, claimed by this node (others skip them). */
  claimDue(trx: PromotionDb, now: Date, limit: number) {
    return trx
      .selectFrom('commission')
      .select(['id', 'beneficiary_id', 'amount'])
      .where('state', '=', 'frozen')
      .where('settle_at', '<=', now)
      .orderBy('settle_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  markSettled(trx: PromotionDb, ids: number[]) {
    return trx
      .updateTable('commission')
      .set({ state: 'settled', settled_at: sql`now()` })
      .where('id', 'in', ids)
      .where('state', '=', 'frozen')
      .execute();
  }

  private filtered(userId: number, f: IncomeFilter) {
    let q = this.db.selectFrom('commission as c').where('c.beneficiary_id', '=', userId);
    if (f.state !== 'all') q = q.where('c.state', '=', f.state);
    if (f.level !== 'all') q = q.where('c.level', '=', Number(f.level));
    if (f.range)
      q = q.where('c.created_at', '>=', f.range[0]).where('c.created_at', '<', f.range[1]);
    return q;
  }

  page(userId: number, f: IncomeFilter, limit: number, offset: number) {
    return Promise.all([
      this.filtered(userId, f)
        .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'c.buyer_id')
        .selectAll('c')
        .select(['u.nickname', 'u.avatar'])
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.filtered(userId, f)
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`coalesce(sum(c.amount), 0)::int`.as('sum'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
  }

  /** 推广中心's figures in one statement. */
  summary(userId: number, todayFrom: Date, monthFrom: Date) {
    return this.db
      .selectFrom('commission')
      .where('beneficiary_id', '=', userId)
      .where('state', '<>', 'void')
      .select([
        sql<number>`coalesce(sum(amount) filter (where created_at >= ${todayFrom}), 0)::int`.as(
          'today',
        ),
        sql<number>`coalesce(sum(amount) filter (where created_at >= ${monthFrom}), 0)::int`.as(
          'month',
        ),
        sql<number>`coalesce(sum(amount), 0)::int`.as('total'),
        sql<number>`coalesce(sum(amount) filter (where state = 'pending'), 0)::int`.as('pending'),
        sql<number>`coalesce(sum(amount) filter (where state = 'frozen'), 0)::int`.as('frozen'),
        sql<number>`coalesce(sum(amount) filter (where state = 'settled'), 0)::int`.as('settled'),
        sql<number>`count(distinct order_id)::int`.as('orders'),
      ])
      .executeTakeFirstOrThrow();
  }

  /** Per team member: orders that earned me commission and what they earned (not voided). */
  contributions(userId: number, buyerIds: readonly number[]) {
    if (!buyerIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('commission')
      .where('beneficiary_id', '=', userId)
      .where('buyer_id', 'in', [...buyerIds])
      .where('state', '<>', 'void')
      .select([
        'buyer_id',
        sql<number>`count(distinct order_id)::int`.as('orders'),
        sql<number>`coalesce(sum(amount), 0)::int`.as('amount'),
      ])
      .groupBy('buyer_id')
      .execute();
  }
}
