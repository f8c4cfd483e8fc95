import type { RefundRowStatus } from '../aftersale/index.ts';
import type { LogisticsDb } from './logistics.tables.ts';

/** Refund states in which the money is still disputed (read-only: the after-sales module owns them). */
const OPEN_REFUND: RefundRowStatus[] = ['pending', 'approved', 'returning', 'refunding'];

/** SQL of the sweeper's own table: which shipments were seen signed and auto-confirmed. */
export class ShipmentRepo {
  constructor(private readonly db: LogisticsDb) {}

  /** Starts tracking a shipped order (inside the shipping transaction); a repeat does nothing. */
  async track(trx: LogisticsDb, orderNo: string, userId: number, checkAt: Date): Promise<void> {
    await trx
      .insertInto('logistics_shipment')
      .values({ order_no: orderNo, user_id: userId, next_check_at: checkAt })
      .onConflict((oc) => oc.column('order_no').doNothing())
      .execute();
  }

  /** Unsigned shipments due for a look, locked so that only one node handles each. */
  lockDueUnsigned(trx: LogisticsDb, now: Date, limit: number) {
    return trx
      .selectFrom('logistics_shipment')
      .select(['order_no', 'user_id'])
      .where('signed_at', 'is', null)
      .where('next_check_at', '<=', now)
      .orderBy('next_check_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** Records the signing once; false when it already was (another node won). */
  async markSigned(trx: LogisticsDb, orderNo: string, signedAt: Date): Promise<boolean> {
    const row = await trx
      .updateTable('logistics_shipment')
      .set({ signed_at: signedAt })
      .where('order_no', '=', orderNo)
      .where('signed_at', 'is', null)
      .returning('order_no')
      .executeTakeFirst();
    return row !== undefined;
  }

  async checkLater(trx: LogisticsDb, orderNo: string, at: Date): Promise<void> {
    await trx
      .updateTable('logistics_shipment')
      .set({ next_check_at: at })
      .where('order_no', '=', orderNo)
      .execute();
  }

  /**
   * Signed shipments whose grace period ended before `cutoff`, not yet auto-confirmed, with no
   * refund in progress (the buyer's receipt is not confirmed under a dispute: the order waits until
   * the refund is decided or withdrawn); locked.
   */
  lockDueConfirm(trx: LogisticsDb, cutoff: Date, limit: number) {
    return trx
      .selectFrom('logistics_shipment')
      .select(['order_no', 'user_id'])
      .where('signed_at', 'is not', null)
      .where('auto_confirmed_at', 'is', null)
      .where('signed_at', '<=', cutoff)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('refund')
              .select('refund.id')
              .whereRef('refund.order_no', '=', 'logistics_shipment.order_no')
              .where('refund.status', 'in', OPEN_REFUND),
          ),
        ),
      )
      .orderBy('signed_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  async markAutoConfirmed(trx: LogisticsDb, orderNo: string, at: Date): Promise<boolean> {
    const row = await trx
      .updateTable('logistics_shipment')
      .set({ auto_confirmed_at: at })
      .where('order_no', '=', orderNo)
      .where('auto_confirmed_at', 'is', null)
      .returning('order_no')
      .executeTakeFirst();
    return row !== undefined;
  }

  signedAt(orderNo: string) {
    return this.db
      .selectFrom('logistics_shipment')
      .select('signed_at')
      .where('order_no', '=', orderNo)
      .executeTakeFirst();
  }
}
