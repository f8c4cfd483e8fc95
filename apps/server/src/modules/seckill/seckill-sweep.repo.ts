import { sql } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import { userReads } from '../user/index.ts';
import type { SeckillDb } from './seckill.tables.ts';

/**
 * The sweeper's statements (SQL only here): due 提醒我 reminders, settling ended sessions, the
 * items on sale for the counter's reconcile. SeckillRepo extends this with the rest.
 */
export class SeckillSweepRepo {
  constructor(protected readonly db: SeckillDb) {}

  /** Reminders due now, claimed for this transaction (other nodes skip them). */
  dueReminders(trx: SeckillDb, limit: number) {
    return trx
      .selectFrom('seckill_subscription as b')
      .innerJoin('seckill_item as i', 'i.id', 'b.item_id')
      .innerJoin('seckill_session as s', 's.id', 'i.session_id')
      .innerJoin(skuReads.productView(this.db).as('p'), 'p.id', 'i.product_id')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'b.user_id')
      .select([
        'b.user_id',
        'b.item_id',
        'b.sms',
        'u.phone',
        'p.title',
        'i.flash_price',
        's.start_at',
      ])
      .where('b.reminded_at', 'is', null)
      .where('b.remind_at', '<=', sql<Date>`now()`)
      .orderBy('b.remind_at')
      .limit(limit)
      .forUpdate('b')
      .skipLocked()
      .execute();
  }

  async markReminded(trx: SeckillDb, pairs: { user_id: number; item_id: number }[]): Promise<void> {
    if (!pairs.length) return;
    await trx
      .updateTable('seckill_subscription')
      .set({ reminded_at: sql`now()` })
      .where((eb) =>
        eb.or(
          pairs.map((p) => eb.and([eb('user_id', '=', p.user_id), eb('item_id', '=', p.item_id)])),
        ),
      )
      .execute();
  }

  /** Ended sessions not yet settled, claimed for this transaction. */
  endedUnsettled(trx: SeckillDb, limit: number) {
    return trx
      .selectFrom('seckill_session')
      .select('id')
      .where('settled_at', 'is', null)
      .where('end_at', '<=', sql<Date>`now()`)
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** Settles a session: answers each item's unsold units (to go back to its SKU). */
  async settle(trx: SeckillDb, sessionId: number) {
    await trx
      .updateTable('seckill_session')
      .set({ settled_at: sql`now()` })
      .where('id', '=', sessionId)
      .execute();
    return trx
      .selectFrom('seckill_item')
      .select(['id', 'sku_id', sql<number>`flash_stock - sold`.as('left')])
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Items on sale now (for the counter's reconcile). */
  openItems() {
    return this.db
      .selectFrom('seckill_item as i')
      .innerJoin('seckill_session as s', 's.id', 'i.session_id')
      .select(['i.id', sql<number>`i.flash_stock - i.sold`.as('left'), 'i.sold'])
      .where('s.settled_at', 'is', null)
      .where('s.start_at', '<=', sql<Date>`now() + interval '5 minutes'`)
      .where('s.end_at', '>', sql<Date>`now()`)
      .limit(500)
      .execute();
  }
}
