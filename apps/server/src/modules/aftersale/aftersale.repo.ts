import { type Insertable, type Selectable, sql } from 'kysely';
import { storeReads } from '../catalogue/index.ts';
import { userReads } from '../user/index.ts';
import type { AftersaleDb, RefundRowStatus, RefundTable } from './aftersale.tables.ts';
import type { DiscountsBack } from './refundable.ts';

export type RefundRow = Selectable<RefundTable>;
/** A request with its store's name and its buyer, as the console shows it. */
export type AdminRefundSource = RefundRow & {
  store_name: string | null;
  buyer_nickname: string | null;
  buyer_phone: string | null;
};

/** What the console's 售后 queue narrows by (the stores already scoped: null = all). */
export interface AdminRefundFilter {
  storeIds: readonly number[] | null;
  status?: RefundRowStatus;
  type?: 'refund' | 'return';
  /** A refund or order number. */
  q?: string;
}

/** SQL for after-sales requests and their timeline. */
export class AftersaleRepo {
  constructor(private readonly db: AftersaleDb) {}

  /** Every request on these orders (for the refundable amounts and the line states). */
  /** What the refund gave back besides money (its line's red packet, coupon subsidy and points). */
  async setDiscountsBack(trx: AftersaleDb, id: number, back: DiscountsBack) {
    await trx
      .updateTable('refund')
      .set({
        redpacket_back: back.redPacket,
        subsidy_back: back.subsidy,
        points_back: back.points,
        points_cash_back: back.pointsCash,
      })
      .where('id', '=', id)
      .execute();
  }

  ofOrders(orderIds: number[], db: AftersaleDb = this.db) {
    if (orderIds.length === 0) return Promise.resolve([] as RefundRow[]);
    return db
      .selectFrom('refund')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('id')
      .execute();
  }

  insert(trx: AftersaleDb, values: Insertable<RefundTable>) {
    return trx
      .insertInto('refund')
      .values(values)
      .returning(['id', 'refund_no'])
      .executeTakeFirstOrThrow();
  }

  byNo(refundNo: string, db: AftersaleDb = this.db) {
    return db.selectFrom('refund').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
  }

  /** The request locked for a decision (FOR UPDATE), so concurrent decisions serialize. */
  lockByNo(trx: AftersaleDb, refundNo: string) {
    return trx
      .selectFrom('refund')
      .selectAll()
      .where('refund_no', '=', refundNo)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Moves a request from one of `from` to `to`; undefined when it was no longer in `from`. */
  transition(
    trx: AftersaleDb,
    id: number,
    from: RefundRowStatus[],
    to: RefundRowStatus,
    extra: Partial<{
      reject_reason: string;
      return_carrier: string;
      return_tracking_no: string;
      refunded_at: Date;
    }> = {},
  ) {
    return trx
      .updateTable('refund')
      .set({ ...extra, status: to, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returning('id')
      .executeTakeFirst();
  }

  /**
   * Requests waiting for a gateway's refund notify since before `before`, oldest first, each
   * marked as asked again now (so that several nodes do not ask for the same one at once).
   */
  async claimStuckRefunding(before: Date, limit: number) {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('refund')
        .select(['id', 'refund_no', 'order_id', 'amount'])
        .where('status', '=', 'refunding')
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return rows;
      await trx
        .updateTable('refund')
        .set({ updated_at: sql`now()` })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows;
    });
  }

  /** Marks the line's stock as returned; false when some request of the line already did. */
  async markStockReturned(trx: AftersaleDb, id: number, orderItemId: number): Promise<boolean> {
    const already = await trx
      .selectFrom('refund')
      .select('id')
      .where('order_item_id', '=', orderItemId)
      .where('stock_returned', '=', true)
      .executeTakeFirst();
    if (already) return false;
    await trx.updateTable('refund').set({ stock_returned: true }).where('id', '=', id).execute();
    return true;
  }

  addEvent(trx: AftersaleDb, refundId: number, status: string, note: string) {
    return trx
      .insertInto('refund_event')
      .values({ refund_id: refundId, status, note })
      .execute()
      .then(() => undefined);
  }

  eventsOf(refundId: number) {
    return this.db
      .selectFrom('refund_event')
      .select(['status', 'note', 'created_at'])
      .where('refund_id', '=', refundId)
      .orderBy('id')
      .execute();
  }

  /** Every request of one order: its line, state and amounts (what invoices must leave out). */
  async ofOrder(orderNo: string) {
    return this.db
      .selectFrom('refund')
      .select(['order_item_id', 'status', 'amount', 'shipping_amount'])
      .where('order_no', '=', orderNo)
      .execute();
  }

  /** A page of requests: a buyer's (optionally of one order) or, for the merchant, all of them. */
  async page(
    filter: { userId?: number; orderId?: number; status?: RefundRowStatus },
    limit: number,
    offset: number,
  ) {
    let q = this.db.selectFrom('refund as r');
    if (filter.userId !== undefined) q = q.where('r.user_id', '=', filter.userId);
    if (filter.orderId !== undefined) q = q.where('r.order_id', '=', filter.orderId);
    if (filter.status !== undefined) q = q.where('r.status', '=', filter.status);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll('r').orderBy('r.id', 'desc').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count.n), rows };
  }

  /** Requests with their store and buyer (the console's queue, detail and order page). */
  private admin(db: AftersaleDb = this.db) {
    return db
      .selectFrom('refund as r')
      .leftJoin(storeReads.storeView(db).as('st'), 'st.id', 'r.store_id')
      .leftJoin(userReads.publicView(db).as('u'), 'u.id', 'r.user_id')
      .selectAll('r')
      .select(['st.name as store_name', 'u.nickname as buyer_nickname', 'u.phone as buyer_phone']);
  }

  /** A page of the console's queue, newest first. */
  async adminPage(
    f: AdminRefundFilter,
    limit: number,
    offset: number,
  ): Promise<{ total: number; rows: AdminRefundSource[] }> {
    let q = this.db.selectFrom('refund as r');
    if (f.storeIds) q = q.where('r.store_id', 'in', [...f.storeIds]);
    if (f.status) q = q.where('r.status', '=', f.status);
    if (f.type) q = q.where('r.type', '=', f.type);
    const text = f.q?.trim();
    if (text)
      q = q.where((eb) => eb.or([eb('r.refund_no', '=', text), eb('r.order_no', '=', text)]));
    const count = await q
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const ids = q.select('r.id').orderBy('r.id', 'desc').limit(limit).offset(offset);
    const rows = await this.admin().where('r.id', 'in', ids).orderBy('r.id', 'desc').execute();
    return { total: Number(count.n), rows };
  }

  adminByNo(refundNo: string, db: AftersaleDb = this.db): Promise<AdminRefundSource | undefined> {
    return this.admin(db).where('r.refund_no', '=', refundNo).executeTakeFirst();
  }

  /** Every request of one order, oldest first, for the console's order page. */
  adminOfOrder(orderId: number): Promise<AdminRefundSource[]> {
    return this.admin().where('r.order_id', '=', orderId).orderBy('r.id').execute();
  }
}
