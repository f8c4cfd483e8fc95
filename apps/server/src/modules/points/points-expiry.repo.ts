import { sql } from 'kysely';
import type { Db } from '../../database.ts';

/**
 * Postings that give back points spent earlier (a cancelled order, a refund, a returned mall
 * purchase, a game's entry back): they undo a spend rather than earn, so they restore the lots
 * the spend took and do not start a lot of their own.
 */
export const RETURN_KINDS = ['points_release', 'points_refund', 'exchange_back', 'game_refund'];

export interface ExpiringRow {
  user_id: number;
  account_id: number;
  /** Points of lots earned before the cut still unspent (never above the balance). */
  left: number;
}

/** SQL for points expiry: what is left of the lots earned before a cut, user by user. */
export class PointsExpiryRepo {
  /**
   * What is left, oldest lots spent first, of the points each user earned before `cut`:
   * earned before the cut − everything spent (net of returns), at most the balance.
   */
  private left(db: Db, cut: Date) {
    const returns = sql.join(RETURN_KINDS.map((k) => sql.lit(k)));
    return db
      .selectFrom('ledger_account as a')
      .innerJoin('ledger_entry as e', 'e.account_id', 'a.id')
      .innerJoin('ledger_txn as t', 't.id', 'e.txn_id')
      .where('a.kind', '=', 'points')
      .where('a.balance', '>', 0)
      .groupBy(['a.id', 'a.user_id', 'a.balance'])
      .select([
        sql<number>`a.user_id`.as('user_id'),
        sql<number>`a.id`.as('account_id'),
        sql<number>`least(a.balance,
          coalesce(sum(e.amount) filter (where e.amount > 0 and t.kind not in (${returns})
            and e.created_at < ${cut}), 0)
          + coalesce(sum(e.amount) filter (where e.amount < 0), 0)
          + coalesce(sum(e.amount) filter (where e.amount > 0 and t.kind in (${returns})), 0)
        )::int`.as('left'),
      ]);
  }

  /** Users whose lots before `cut` still hold points and whose `year` expiry is not posted. */
  async dueExpiry(db: Db, cut: Date, year: number, limit: number): Promise<ExpiringRow[]> {
    const rows = await db
      .selectFrom(this.left(db, cut).as('l'))
      .selectAll()
      .where('l.left', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger_txn as x')
              .select('x.id')
              .where('x.kind', '=', 'points_expire')
              .whereRef('x.ref', '=', sql<string>`l.user_id || ':' || ${String(year)}`),
          ),
        ),
      )
      .orderBy('l.account_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, left: Number(r.left) }));
  }

  /** One user's left of the lots before `cut`, read after locking the account. */
  async leftOf(trx: Db, accountId: number, cut: Date): Promise<number> {
    await trx
      .selectFrom('ledger_account')
      .select('id')
      .where('id', '=', accountId)
      .forUpdate()
      .execute();
    const row = await this.left(trx, cut).where('a.id', '=', accountId).executeTakeFirst();
    return Math.max(0, Number(row?.left ?? 0));
  }

  /** Users whose lots before `cut` still hold points and who have not had `year`'s notice. */
  async dueNotice(db: Db, cut: Date, year: number, limit: number): Promise<ExpiringRow[]> {
    const rows = await db
      .selectFrom(this.left(db, cut).as('l'))
      .selectAll()
      .where('l.left', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('points_expiry_notice as n')
              .select('n.user_id')
              .whereRef('n.user_id', '=', 'l.user_id')
              .where('n.year', '=', year),
          ),
        ),
      )
      .orderBy('l.account_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, left: Number(r.left) }));
  }

  /** Records a user's notice for `year`; false when another node or sweep already did. */
  async markNoticed(trx: Db, userId: number, year: number, points: number): Promise<boolean> {
    const row = await trx
      .insertInto('points_expiry_notice')
      .values({ user_id: userId, year, points })
      .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return Boolean(row);
  }
}
