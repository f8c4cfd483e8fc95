import { type Insertable, sql, type Updateable } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { BargainClaimTable, BargainDb } from '../bargain.tables.ts';
import { type ClaimRow, selectBargains, selectClaims } from '../bargain-rows.repo.ts';

/** SQL of the free order's claims: the user's claim, the deal port's locks, the operator's audit. */
export class ClaimRepo {
  constructor(private readonly db: BargainDb) {}

  /** The helps of a bargain for the audit flags (starter excluded). */
  helpStats(bargainId: number, db: BargainDb = this.db) {
    return db
      .selectFrom('bargain_help')
      .select(['is_new_user', 'ip'])
      .where('bargain_id', '=', bargainId)
      .where('is_starter', '=', false)
      .execute();
  }

  lockBargains(trx: BargainDb, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return selectBargains(trx)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** The user's claim on the item, locked (one per user and item). */
  claimOfUserItem(trx: BargainDb, userId: number, itemId: number) {
    return trx
      .selectFrom('bargain_claim as c')
      .leftJoin('shop_order as o', 'o.id', 'c.order_id')
      .select(['c.id', 'c.bargain_id', 'c.status', 'c.approved_at', 'o.status as order_status'])
      .where('c.user_id', '=', userId)
      .where('c.item_id', '=', itemId)
      .forUpdate('c')
      .executeTakeFirst();
  }

  adminClaims(status: ClaimRow['status'] | undefined, limit: number, offset: number) {
    let q = selectClaims(this.db);
    let n = this.db.selectFrom('bargain_claim');
    if (status) {
      q = q.where('c.status', '=', status);
      n = n.where('status', '=', status);
    }
    return Promise.all([
      q
        .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'c.user_id')
        .select('u.nickname')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      n.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  insertClaim(trx: BargainDb, row: Insertable<BargainClaimTable>) {
    return trx
      .insertInto('bargain_claim')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** A placed deal: a fresh claim, or an approved (or re-placed) one moving to its new order. */
  upsertOrdered(
    trx: BargainDb,
    row: Insertable<BargainClaimTable> & { order_id: number; order_no: string },
  ) {
    return trx
      .insertInto('bargain_claim')
      .values(row)
      .onConflict((oc) =>
        oc.column('bargain_id').doUpdateSet({
          status: 'ordered',
          order_id: row.order_id,
          order_no: row.order_no,
        }),
      )
      .execute();
  }

  lockClaim(trx: BargainDb, id: number) {
    return trx
      .selectFrom('bargain_claim')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  updateClaim(trx: BargainDb, id: number, set: Updateable<BargainClaimTable>) {
    return trx.updateTable('bargain_claim').set(set).where('id', '=', id).execute();
  }
}
