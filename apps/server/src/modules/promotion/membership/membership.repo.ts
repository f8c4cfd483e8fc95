import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { MemberPurchaseTable, PromotionDb } from '../promotion.tables.ts';

/** SQL for membership purchases. */
export class MembershipRepo {
  constructor(private readonly db: PromotionDb) {}

  byKey(userId: number, clientKey: string, db: PromotionDb = this.db) {
    return db
      .selectFrom('member_purchase')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
  }

  byNo(purchaseNo: string) {
    return this.db
      .selectFrom('member_purchase')
      .selectAll()
      .where('purchase_no', '=', purchaseNo)
      .executeTakeFirst();
  }

  byPaymentNo(trx: PromotionDb, paymentNo: string) {
    return trx
      .selectFrom('member_purchase')
      .selectAll()
      .where('payment_no', '=', paymentNo)
      .executeTakeFirst();
  }

  /** Inserts the purchase unless its key was used: undefined then (the earlier one stands). */
  insert(trx: PromotionDb, values: Insertable<MemberPurchaseTable>) {
    return trx
      .insertInto('member_purchase')
      .values(values)
      .onConflict((oc) => oc.columns(['user_id', 'client_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** pending → paid, once. */
  markPaid(trx: PromotionDb, id: number, memberUntil: Date) {
    return trx
      .updateTable('member_purchase')
      .set({ status: 'paid', paid_at: sql`now()`, member_until: memberUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
  }
}
