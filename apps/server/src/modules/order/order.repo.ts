import type { OrderTab } from '@chaopin/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type {
  AddressSnapshotJson,
  OrderDb,
  OrderItemTable,
  OrderStatus,
  ShopOrderTable,
} from './order.tables.ts';

export type OrderRow = Selectable<ShopOrderTable> & { group_no: string; store_name: string };
export type ItemRow = Selectable<OrderItemTable>;
/** What the order lists need of an after-sales request (the aftersale module's `refund` rows). */
export interface RefundBrief {
  id: number;
  order_id: number;
  refund_no: string;
  status: string;
}

const TAB_STATUS: Record<Exclude<OrderTab, 'all' | 'aftersale'>, OrderStatus> = {
  unpaid: 'unpaid',
  unshipped: 'unshipped',
  unreceived: 'unreceived',
  unevaluated: 'unevaluated',
};

/** SQL for orders: groups (one per submit), orders (one per store), items and the timeline. */
export class OrderRepo {
  constructor(private readonly db: OrderDb) {}

  private orders(db: OrderDb = this.db) {
    return db
      .selectFrom('shop_order as o')
      .innerJoin('order_group as g', 'g.id', 'o.group_id')
      .innerJoin('store as s', 's.id', 'o.store_id')
      .selectAll('o')
      .select(['g.group_no', 's.name as store_name']);
  }

  /** The submit's group, or undefined when another submit already holds (user, clientKey). */
  insertGroup(trx: OrderDb, values: { user_id: number; client_key: string; total_amount: number }) {
    return trx
      .insertInto('order_group')
      .values(values)
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returning(['id', 'group_no'])
      .executeTakeFirst();
  }

  findGroupByKey(userId: number, clientKey: string) {
    return this.db
      .selectFrom('order_group')
      .select(['id', 'group_no', 'total_amount'])
      .where('user_id', '=', userId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
  }

  insertOrder(trx: OrderDb, values: Insertable<ShopOrderTable>) {
    return trx
      .insertInto('shop_order')
      .values(values)
      .returning(['id', 'order_no', 'expires_at'])
      .executeTakeFirstOrThrow();
  }

  insertItems(trx: OrderDb, items: Insertable<OrderItemTable>[]) {
    return trx.insertInto('order_item').values(items).execute();
  }

  addEvents(trx: OrderDb, orderIds: number[], status: string, note = '') {
    if (orderIds.length === 0) return Promise.resolve();
    return trx
      .insertInto('order_event')
      .values(orderIds.map((order_id) => ({ order_id, status, note })))
      .execute()
      .then(() => undefined);
  }

  byGroupId(groupId: number, db: OrderDb = this.db) {
    return this.orders(db).where('o.group_id', '=', groupId).orderBy('o.id').execute();
  }

  /** An order of this user by its number, or every order of a submit by its pay number. */
  byNumber(userId: number, no: string, db: OrderDb = this.db) {
    return this.orders(db)
      .where('o.user_id', '=', userId)
      .where('o.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('o.order_no', '=', no), eb('g.group_no', '=', no)]))
      .orderBy('o.id')
      .execute();
  }

  /** order id → buyer, for the given orders. */
  async ownersOf(db: OrderDb, ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('shop_order')
      .select(['id', 'user_id'])
      .where('id', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.id, r.user_id]));
  }

  byOrderNoAnyUser(no: string) {
    return this.orders().where('o.order_no', '=', no).executeTakeFirst();
  }

  byIdAnyUser(id: number, db: OrderDb = this.db) {
    return this.orders(db).where('o.id', '=', id).executeTakeFirst();
  }

  /** Orders among these that took a red-packet deduction. */
  redPacketsOf(db: OrderDb, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('shop_order')
      .select(['id', 'user_id', 'order_no', 'redpacket_amount'])
      .where('id', 'in', ids)
      .where('redpacket_amount', '>', 0)
      .execute();
  }

  /** Orders among these that took a points deduction. */
  pointsOf(db: OrderDb, ids: number[]) {
    if (!ids.length) return Promise.resolve([]);
    return db
      .selectFrom('shop_order')
      .select(['id', 'user_id', 'order_no', 'points_used'])
      .where('id', 'in', ids)
      .where('points_used', '>', 0)
      .execute();
  }

  /** Locks the rows (FOR UPDATE) so a payment and a cancel serialize on them. */
  lockByIds(trx: OrderDb, ids: number[]) {
    return trx
      .selectFrom('shop_order')
      .select([
        'id',
        'status',
        'pay_amount',
        'store_id',
        'order_no',
        'expires_at',
        'platform_discount',
        'redpacket_amount',
        'points_amount',
      ])
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Moves orders from one status to another; only rows still in `from` change. */
  transition(
    trx: OrderDb,
    ids: number[],
    from: OrderStatus | OrderStatus[],
    to: OrderStatus,
    extra: Partial<Record<keyof ShopOrderTable, unknown>> = {},
  ) {
    if (ids.length === 0) {
      return Promise.resolve([] as { id: number; user_id: number; order_no: string }[]);
    }
    return trx
      .updateTable('shop_order')
      .set({ ...extra, status: to, updated_at: sql`now()` } as never)
      .where('id', 'in', ids)
      .where('status', 'in', Array.isArray(from) ? from : [from])
      .returning(['id', 'user_id', 'order_no'])
      .execute();
  }

  softDelete(userId: number, id: number, statuses: OrderStatus[]) {
    return this.db
      .updateTable('shop_order')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('status', 'in', statuses)
      .returning('id')
      .executeTakeFirst();
  }

  setAddress(id: number, address: AddressSnapshotJson) {
    return this.db
      .updateTable('shop_order')
      .set({ address: JSON.stringify(address), updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['unpaid', 'unshipped'])
      .returning('id')
      .executeTakeFirst();
  }

  itemsOf(orderIds: number[], db: OrderDb = this.db) {
    if (orderIds.length === 0) return Promise.resolve([] as ItemRow[]);
    return db
      .selectFrom('order_item')
      .selectAll()
      .where('order_id', 'in', orderIds)
      .orderBy('id')
      .execute();
  }

  eventsOf(orderId: number) {
    return this.db
      .selectFrom('order_event')
      .select(['status', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  }

  async page(userId: number, tab: OrderTab, limit: number, offset: number) {
    let q = this.db
      .selectFrom('shop_order as o')
      .where('o.user_id', '=', userId)
      .where('o.deleted_at', 'is', null);
    // The after-sales tab: orders with at least one after-sales request (the aftersale module's table).
    if (tab === 'aftersale') {
      q = q.where((eb) =>
        eb.exists(eb.selectFrom('refund as r').select('r.id').whereRef('r.order_id', '=', 'o.id')),
      );
    } else if (tab !== 'all') q = q.where('o.status', '=', TAB_STATUS[tab]);
    const [count, ids] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.select('o.id').orderBy('o.id', 'desc').limit(limit).offset(offset).execute(),
    ]);
    const rows = ids.length
      ? await this.orders()
          .where(
            'o.id',
            'in',
            ids.map((r) => r.id),
          )
          .orderBy('o.id', 'desc')
          .execute()
      : [];
    return { total: Number(count.n), rows };
  }

  /**
   * The after-sales requests of these orders, read from the aftersale module's table like the
   * 售后 tab's filter above (the order lists show their state).
   */
  refundsOf(orderIds: number[], db: OrderDb = this.db): Promise<RefundBrief[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('refund')
      .select(['id', 'order_id', 'refund_no', 'status'])
      .where('order_id', 'in', orderIds)
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * The badges of 我的's order shortcuts in one statement: orders per waiting status (an unpaid
   * one only until its deadline) and orders with an open after-sales request.
   */
  async counts(userId: number) {
    const row = await this.db
      .selectFrom('shop_order as o')
      .where('o.user_id', '=', userId)
      .where('o.deleted_at', 'is', null)
      .select((eb) => [
        sql<number>`count(*) filter (where o.status = 'unpaid' and o.expires_at > now())`.as(
          'unpaid',
        ),
        sql<number>`count(*) filter (where o.status = 'unshipped')`.as('unshipped'),
        sql<number>`count(*) filter (where o.status = 'unreceived')`.as('unreceived'),
        sql<number>`count(*) filter (where o.status = 'unevaluated')`.as('unevaluated'),
        eb.fn
          .count<number>('o.id')
          .filterWhere((w) =>
            w.exists(
              w
                .selectFrom('refund as r')
                .select('r.id')
                .whereRef('r.order_id', '=', 'o.id')
                .where('r.status', 'in', ['pending', 'approved', 'returning', 'refunding']),
            ),
          )
          .as('aftersale'),
      ])
      .executeTakeFirstOrThrow();
    return {
      unpaid: Number(row.unpaid),
      unshipped: Number(row.unshipped),
      unreceived: Number(row.unreceived),
      unevaluated: Number(row.unevaluated),
      aftersale: Number(row.aftersale),
    };
  }

  /** Whether the user has ever paid for an order (deleted or refunded ones count too). */
  async hasPaidOrder(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('shop_order')
      .select('id')
      .where('user_id', '=', userId)
      .where('paid_at', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Sales of live rooms: paid orders placed from each room and their GMV (paid amount minus
   * what was refunded, to the fen). An order refunded in full no longer counts.
   */
  async roomSales(
    roomIds: readonly number[],
  ): Promise<Map<number, { orders: number; gmv: number }>> {
    const out = new Map<number, { orders: number; gmv: number }>();
    if (roomIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('shop_order as o')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('refund')
            .select(['order_id', sql<string>`sum(amount)`.as('back')])
            .where('status', '=', 'refunded')
            .groupBy('order_id')
            .as('r'),
        (join) => join.onRef('r.order_id', '=', 'o.id'),
      )
      .select([
        'o.live_room_id',
        sql<string>`count(*) filter (where o.pay_amount > coalesce(r.back, 0))`.as('orders'),
        sql<string>`coalesce(sum(o.pay_amount - coalesce(r.back, 0)), 0)`.as('gmv'),
      ])
      .where('o.live_room_id', 'in', [...roomIds])
      .where('o.paid_at', 'is not', null)
      .groupBy('o.live_room_id')
      .execute();
    for (const r of rows) {
      if (r.live_room_id !== null) {
        out.set(r.live_room_id, { orders: Number(r.orders), gmv: Number(r.gmv) });
      }
    }
    return out;
  }

  /** Unpaid orders past their deadline, locked so that only one node cancels each. */
  lockExpired(trx: OrderDb, limit: number) {
    return trx
      .selectFrom('shop_order')
      .select('id')
      .where('status', '=', 'unpaid')
      .where('expires_at', '<=', sql<Date>`now()`)
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }
}
