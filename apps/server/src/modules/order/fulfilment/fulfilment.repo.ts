import { sql } from 'kysely';
import type { OrderDb } from '../order.tables.ts';

/** SQL for the end of an order's life: lines being evaluated. */
export class FulfilmentRepo {
  /** The line, locked, if it belongs to this order. */
  lockItem(trx: OrderDb, orderId: number, itemId: number) {
    return trx
      .selectFrom('order_item')
      .select(['id', 'product_id', 'evaluated_at'])
      .where('id', '=', itemId)
      .where('order_id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Marks the line evaluated; undefined when it already was. */
  markEvaluated(trx: OrderDb, itemId: number) {
    return trx
      .updateTable('order_item')
      .set({ evaluated_at: sql`now()` })
      .where('id', '=', itemId)
      .where('evaluated_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
  }

  async unevaluatedCount(trx: OrderDb, orderId: number): Promise<number> {
    const row = await trx
      .selectFrom('order_item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', orderId)
      .where('evaluated_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
