import { type Insertable, sql } from 'kysely';
import type { OrderDb, PaymentStatus, PaymentTable } from '../order.tables.ts';

/** SQL for payments: one row per attempt to pay (orders or a top-up) through a channel. */
export class PaymentRepo {
  constructor(private readonly db: OrderDb) {}

  insert(values: Insertable<PaymentTable>, db: OrderDb = this.db) {
    return db
      .insertInto('payment')
      .values(values)
      .returning(['id', 'payment_no', 'amount'])
      .executeTakeFirstOrThrow();
  }

  byNo(paymentNo: string, db: OrderDb = this.db) {
    return db
      .selectFrom('payment')
      .selectAll()
      .where('payment_no', '=', paymentNo)
      .executeTakeFirst();
  }

  /** Moves a payment from one of `from` to `to`; undefined when it was not in `from` any more. */
  finish(trx: OrderDb, id: number, from: PaymentStatus[], to: PaymentStatus) {
    return trx
      .updateTable('payment')
      .set({ status: to, finished_at: sql`now()` })
      .where('id', '=', id)
      .where('status', 'in', from)
      .returning(['id', 'status'])
      .executeTakeFirst();
  }
}
