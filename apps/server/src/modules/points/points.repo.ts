import { sql } from 'kysely';
import type { PointsDb } from './points.tables.ts';

/** SQL for sign-ins (the balance and the bill are the ledger's). */
export class PointsRepo {
  constructor(private readonly db: PointsDb) {}

  day(userId: number, day: string, db: PointsDb = this.db) {
    return db
      .selectFrom('points_signin')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'streak', 'points'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
  }

  /** Today's sign-in, unless there is one: undefined then (the first one stands). */
  insert(trx: PointsDb, row: { user_id: number; day: string; streak: number; points: number }) {
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
}
