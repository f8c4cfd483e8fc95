import type { LedgerReads, PointsLeftRow } from '../ledger/index.ts';
import type { PointsLedgerDb } from './points.tables.ts';

/**
 * Postings that give back points spent earlier (a cancelled order, a refund, a returned mall
 * purchase, a game's entry back): they undo a spend rather than earn, so they restore the lots
 * the spend took and do not start a lot of their own.
 */
export const RETURN_KINDS = ['points_release', 'points_refund', 'exchange_back', 'game_refund'];

/** A user whose points earned before a cut are not all spent: what is left of them. */
export type ExpiringRow = PointsLeftRow;

/**
 * SQL for points expiry: what is left of the lots earned before a cut, user by user (the ledger's
 * read, given to it), and the notices told.
 */
export class PointsExpiryRepo {
  constructor(private readonly ledgerReads: LedgerReads) {}

  /** Users whose lots before `cut` still hold points and whose `year` expiry is not posted. */
  dueExpiry(db: PointsLedgerDb, cut: Date, year: number, limit: number): Promise<ExpiringRow[]> {
    return this.ledgerReads.duePointsLeft(db, {
      cut,
      returnKinds: RETURN_KINDS,
      unposted: { kind: 'points_expire', refSuffix: `:${year}` },
      limit,
    });
  }

  /** One user's left of the lots before `cut`, read after locking the account. */
  leftOf(trx: PointsLedgerDb, accountId: number, cut: Date): Promise<number> {
    return this.ledgerReads.pointsLeftOf(trx, accountId, cut, RETURN_KINDS);
  }

  /** Users whose lots before `cut` still hold points and who have not had `year`'s notice. */
  async dueNotice(
    db: PointsLedgerDb,
    cut: Date,
    year: number,
    limit: number,
  ): Promise<ExpiringRow[]> {
    const rows = await db
      .selectFrom(this.ledgerReads.pointsLeft(cut, RETURN_KINDS, db).as('l'))
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
  async markNoticed(
    trx: PointsLedgerDb,
    userId: number,
    year: number,
    points: number,
  ): Promise<boolean> {
    const row = await trx
      .insertInto('points_expiry_notice')
      .values({ user_id: userId, year, points })
      .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return Boolean(row);
  }
}
