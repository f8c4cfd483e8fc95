import { sql } from 'kysely';
import type { Db } from '../../database.ts';

/** SQL for sign-ins and the points bill (the balance lives in the ledger). */
export class PointsRepo {
  constructor(private readonly db: Db) {}

  day(userId: number, day: string, db: Db = this.db) {
    return db
      .selectFrom('points_signin')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'streak', 'points'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
  }

  /** Today's sign-in, unless there is one: undefined then (the first one stands). */
  insert(trx: Db, row: { user_id: number; day: string; streak: number; points: number }) {
    return trx
      .insertInto('points_signin')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
  }

  between(userId: number, from: string, to: string) {
    return this.db
      .selectFrom('points_signin')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'streak', 'points'])
      .where('user_id', '=', userId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .orderBy('day')
      .execute();
  }

  /** Whether a keyed posting exists (a task done once: today's share). */
  async posted(kind: string, ref: string, db: Db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('ledger_txn')
      .select('id')
      .where('kind', '=', kind)
      .where('ref', '=', ref)
      .executeTakeFirst();
    return Boolean(row);
  }

  /**
   * The day's first-order bonus an order earned: its key and points (undefined: none). Read
   * through the user's own entries (indexed by account), not a scan of every user's bonuses.
   */
  firstOrderOf(trx: Db, userId: number, orderNo: string) {
    return trx
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_txn as t', 't.id', 'e.txn_id')
      .select(['t.ref', 'e.amount'])
      .where('a.code', '=', `points:${userId}`)
      .where('t.kind', '=', 'first_order')
      .where('t.memo', '=', orderNo)
      .executeTakeFirst();
  }

  private bill(userId: number, range?: [Date, Date]) {
    let q = this.db
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_txn as t', 't.id', 'e.txn_id')
      .where('a.code', '=', `points:${userId}`);
    if (range) q = q.where('e.created_at', '>=', range[0]).where('e.created_at', '<', range[1]);
    return q;
  }

  billPage(userId: number, range: [Date, Date] | undefined, limit: number, offset: number) {
    return Promise.all([
      this.bill(userId, range)
        .select(['e.id', 'e.amount', 'e.created_at', 't.kind', 't.memo'])
        .orderBy('e.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.bill(userId, range)
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`coalesce(sum(e.amount) filter (where e.amount > 0), 0)::int`.as('earned'),
          sql<number>`coalesce(-sum(e.amount) filter (where e.amount < 0), 0)::int`.as('spent'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
  }
}
