import type { BargainEditionId } from '@chaopin/contracts';
import { sql } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { BargainDb } from '../bargain.tables.ts';
import { type BargainRow, selectBargains, selectItems } from '../bargain-rows.repo.ts';

/** SQL of the bargain's pages: an edition's items, my bargains, my helps, who helped me. */
export class BrowseRepo {
  constructor(private readonly db: BargainDb) {}

  itemsOfEdition(edition: BargainEditionId) {
    return selectItems(this.db)
      .where('i.edition', '=', edition)
      .where('i.enabled', '=', true)
      .orderBy('i.sort')
      .orderBy('i.id')
      .execute();
  }

  enabledCounts() {
    return this.db
      .selectFrom('bargain_item')
      .where('enabled', '=', true)
      .select(['edition', sql<number>`count(*)::int`.as('n')])
      .groupBy('edition')
      .execute();
  }

  latestOf(userId: number, itemIds: readonly number[]) {
    if (!itemIds.length) return Promise.resolve([]);
    return selectBargains(this.db)
      .distinctOn('item_id')
      .where('user_id', '=', userId)
      .where('item_id', 'in', [...itemIds])
      .orderBy('item_id')
      .orderBy('id', 'desc')
      .execute();
  }

  running(userId: number, edition: BargainEditionId) {
    return selectBargains(this.db)
      .where('user_id', '=', userId)
      .where('edition', '=', edition)
      .where('status', '=', 'running')
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
  }

  mine(
    userId: number,
    f: { edition?: BargainEditionId; status?: BargainRow['status'] },
    limit: number,
    offset: number,
  ) {
    let q = this.db.selectFrom('bargain').where('user_id', '=', userId);
    if (f.edition) q = q.where('edition', '=', f.edition);
    if (f.status) q = q.where('status', '=', f.status);
    return Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  helpOf(bargainId: number, userId: number) {
    return this.db
      .selectFrom('bargain_help')
      .select(['cut'])
      .where('bargain_id', '=', bargainId)
      .where('helper_id', '=', userId)
      .executeTakeFirst();
  }

  helpers(bargainId: number) {
    return this.db
      .selectFrom('bargain_help as h')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'h.helper_id')
      .select(['u.nickname', 'u.avatar', 'h.cut', 'h.is_starter', 'h.is_new_user', 'h.created_at'])
      .where('h.bargain_id', '=', bargainId)
      .orderBy('h.id')
      .execute();
  }

  myHelps(userId: number, edition: BargainEditionId | undefined, limit: number, offset: number) {
    let q = this.db
      .selectFrom('bargain_help as h')
      .innerJoin('bargain as b', 'b.id', 'h.bargain_id')
      .where('h.helper_id', '=', userId)
      .where('h.is_starter', '=', false);
    if (edition) q = q.where('b.edition', '=', edition);
    return Promise.all([
      q
        .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'b.user_id')
        .select([
          'h.bargain_id',
          'h.cut',
          'h.reward_kind',
          'h.reward_amount',
          'h.coupon_template_id',
          'h.created_at',
          'b.edition',
          'b.item_id',
          'b.status',
          'u.nickname',
          'u.avatar',
        ])
        .orderBy('h.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  thanks(
    userId: number,
    f: { edition?: BargainEditionId; bargainId?: number },
    limit: number,
    offset: number,
  ) {
    let q = this.db
      .selectFrom('bargain_help as h')
      .innerJoin('bargain as b', 'b.id', 'h.bargain_id')
      .where('b.user_id', '=', userId)
      .where('h.is_starter', '=', false);
    if (f.edition) q = q.where('b.edition', '=', f.edition);
    if (f.bargainId) q = q.where('b.id', '=', f.bargainId);
    return Promise.all([
      q
        .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'h.helper_id')
        .select([
          'h.bargain_id',
          'b.item_id',
          'h.cut',
          'h.is_new_user',
          'h.created_at',
          'u.nickname',
          'u.avatar',
        ])
        .orderBy('h.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q
        .select([
          sql<number>`count(*)::int`.as('n'),
          sql<number>`coalesce(sum(h.cut), 0)::int`.as('cut'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
  }
}
