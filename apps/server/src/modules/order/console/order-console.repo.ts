import { sql } from 'kysely';
import { storeReads } from '../../catalogue/index.ts';
import { userReads } from '../../user/index.ts';
import type { AddressSnapshotJson, OrderDb } from '../order.tables.ts';

/** SQL of the console's order detail and of its writes (ship, address, remark). */
export class OrderConsoleRepo {
  constructor(private readonly db: OrderDb) {}

  /** One order with its store, group and buyer (any store: the service checks the scope). */
  byId(id: number) {
    return this.db
      .selectFrom('shop_order as o')
      .innerJoin('order_group as g', 'g.id', 'o.group_id')
      .leftJoin(storeReads.storeView(this.db).as('st'), 'st.id', 'o.store_id')
      .leftJoin(userReads.publicView(this.db).as('u'), 'u.id', 'o.user_id')
      .selectAll('o')
      .select([
        'g.group_no',
        'st.name as store_name',
        'u.nickname as buyer_nickname',
        'u.phone as buyer_phone',
      ])
      .where('o.id', '=', id)
      .executeTakeFirst();
  }

  items(orderId: number) {
    return this.db
      .selectFrom('order_item')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  }

  events(orderId: number) {
    return this.db
      .selectFrom('order_event')
      .select(['status', 'note', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  }

  /** The payments that named this order: the one that paid it, and tries left unfinished. */
  payments(userId: number, orderId: number) {
    return this.db
      .selectFrom('payment')
      .select(['payment_no', 'channel', 'amount', 'status', 'created_at', 'finished_at'])
      .where('user_id', '=', userId)
      .where('purpose', '=', 'order')
      .where(sql<boolean>`order_ids @> ${JSON.stringify([orderId])}::jsonb`)
      .orderBy('id')
      .execute();
  }

  /** The order row a write starts from, locked (by number for shipping, by id otherwise). */
  lockByNo(trx: OrderDb, orderNo: string) {
    return this.locked(trx).where('order_no', '=', orderNo).executeTakeFirst();
  }

  lockById(trx: OrderDb, id: number) {
    return this.locked(trx).where('id', '=', id).executeTakeFirst();
  }

  private locked(trx: OrderDb) {
    return trx
      .selectFrom('shop_order')
      .select([
        'id',
        'order_no',
        'user_id',
        'store_id',
        'status',
        'carrier',
        'tracking_no',
        'address',
        'merchant_remark',
      ])
      .forUpdate();
  }

  async setAddress(trx: OrderDb, id: number, address: AddressSnapshotJson): Promise<boolean> {
    const row = await trx
      .updateTable('shop_order')
      .set({ address: JSON.stringify(address), updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', ['unpaid', 'unshipped'])
      .returning('id')
      .executeTakeFirst();
    return Boolean(row);
  }

  async setRemark(trx: OrderDb, id: number, remark: string): Promise<void> {
    await trx
      .updateTable('shop_order')
      .set({ merchant_remark: remark, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  addEvent(trx: OrderDb, orderId: number, status: string, note: string) {
    return trx
      .insertInto('order_event')
      .values({ order_id: orderId, status, note })
      .execute()
      .then(() => undefined);
  }
}

export type ConsoleOrderRow = NonNullable<Awaited<ReturnType<OrderConsoleRepo['byId']>>>;
export type LockedOrderRow = NonNullable<Awaited<ReturnType<OrderConsoleRepo['lockByNo']>>>;
