import type { Insertable } from 'kysely';
import type { OrderDb, OrderItemTable, ShopOrderTable } from '../order.tables.ts';

/**
 * The statements of a placement batch: each one carries every submit of the batch, so a batch
 * of N orders costs the same handful of round trips as one order.
 */
export class PlacementRepo {
  /** Submit keys of these users that are already taken (a repeat of a committed submit). */
  async takenKeys(trx: OrderDb, keys: readonly { userId: number; clientKey: string }[]) {
    if (!keys.length) return [];
    return trx
      .selectFrom('order_group')
      .select(['id', 'user_id', 'client_key'])
      .where((eb) =>
        eb.or(
          keys.map((k) =>
            eb.and([eb('user_id', '=', k.userId), eb('client_key', '=', k.clientKey)]),
          ),
        ),
      )
      .execute();
  }

  /** New submit groups; a key another transaction took meanwhile is missing from the answer. */
  insertGroups(
    trx: OrderDb,
    rows: readonly { user_id: number; client_key: string; total_amount: number }[],
  ) {
    return trx
      .insertInto('order_group')
      .values([...rows])
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returning(['id', 'group_no', 'user_id', 'client_key'])
      .execute();
  }

  insertOrders(trx: OrderDb, rows: readonly Insertable<ShopOrderTable>[]) {
    return trx
      .insertInto('shop_order')
      .values([...rows])
      .returning(['id', 'order_no', 'expires_at', 'group_id', 'store_id'])
      .execute();
  }

  async insertItems(trx: OrderDb, rows: readonly Insertable<OrderItemTable>[]) {
    if (rows.length)
      await trx
        .insertInto('order_item')
        .values([...rows])
        .execute();
  }

  async insertEvents(trx: OrderDb, orderIds: readonly number[], status: string, note: string) {
    if (!orderIds.length) return;
    await trx
      .insertInto('order_event')
      .values(orderIds.map((order_id) => ({ order_id, status, note })))
      .execute();
  }
}
