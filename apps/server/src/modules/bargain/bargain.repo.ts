import type { BargainEditionId } from '@chaopin/contracts';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Db } from '../../database.ts';
import type {
  BargainClaimTable,
  BargainHelpTable,
  BargainItemTable,
  BargainTable,
} from './bargain.tables.ts';

export type BargainRow = Selectable<BargainTable>;
export type ClaimRow = Selectable<BargainClaimTable>;

/** A claim that still holds a free unit: in audit, or ordered and its order not cancelled. */
const liveClaim = sql<boolean>`(c.status = 'audit' or (c.status = 'ordered' and coalesce(o.status, '') <> 'cancelled'))`;

/** SQL of the bargain (items, bargains, helps, claims, 晒单). */
export class BargainRepo {
  constructor(private readonly db: Db) {}

  // --- items ----------------------------------------------------------------------------------

  private items(db: Db = this.db) {
    return db
      .selectFrom('bargain_item as i')
      .innerJoin('sku as s', 's.id', 'i.sku_id')
      .innerJoin('product as p', 'p.id', 'i.product_id')
      .leftJoin('coupon_template as t', 't.id', 'i.coupon_template_id')
      .selectAll('i')
      .select([
        'p.title as title',
        's.name as sku_name',
        sql<string>`coalesce(nullif(s.image, ''), p.main_image)`.as('image'),
        's.price as price',
        't.name as coupon_name',
        (eb) =>
          eb
            .selectFrom('bargain_claim as c')
            .leftJoin('shop_order as o', 'o.id', 'c.order_id')
            .whereRef('c.item_id', '=', 'i.id')
            .where(liveClaim)
            .select(sql<number>`count(*)::int`.as('n'))
            .as('claimed'),
      ]);
  }

  itemsOfEdition(edition: BargainEditionId) {
    return this.items()
      .where('i.edition', '=', edition)
      .where('i.enabled', '=', true)
      .orderBy('i.sort')
      .orderBy('i.id')
      .execute();
  }

  item(id: number) {
    return this.items().where('i.id', '=', id).executeTakeFirst();
  }

  itemsById(ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.items()
      .where('i.id', 'in', [...ids])
      .execute();
  }

  adminItems(edition: BargainEditionId | undefined, limit: number, offset: number) {
    let q = this.items();
    if (edition) q = q.where('i.edition', '=', edition);
    let n = this.db.selectFrom('bargain_item');
    if (edition) n = n.where('edition', '=', edition);
    return Promise.all([
      q
        .orderBy('i.edition')
        .orderBy('i.sort')
        .orderBy('i.id')
        .limit(limit)
        .offset(offset)
        .execute(),
      n.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  enabledCounts() {
    return this.db
      .selectFrom('bargain_item')
      .where('enabled', '=', true)
      .select(['edition', sql<number>`count(*)::int`.as('n')])
      .groupBy('edition')
      .execute();
  }

  lockItem(trx: Db, id: number) {
    return trx
      .selectFrom('bargain_item')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Free units held by claims of the item (read under the item's lock). */
  async claimedOf(trx: Db, itemId: number): Promise<number> {
    const r = await trx
      .selectFrom('bargain_claim as c')
      .leftJoin('shop_order as o', 'o.id', 'c.order_id')
      .where('c.item_id', '=', itemId)
      .where(liveClaim)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return r.n;
  }

  insertItem(row: Insertable<BargainItemTable>) {
    return this.db
      .insertInto('bargain_item')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  }

  updateItem(id: number, set: Updateable<BargainItemTable>) {
    return this.db.updateTable('bargain_item').set(set).where('id', '=', id).execute();
  }

  bumpStarted(trx: Db, itemId: number) {
    return trx
      .updateTable('bargain_item')
      .set({ started_count: sql`started_count + 1` })
      .where('id', '=', itemId)
      .execute();
  }

  // --- bargains -------------------------------------------------------------------------------

  /** Bargains the user started on the item (any status, for the per-user limit), and running. */
  startedBy(trx: Db, itemId: number, userId: number) {
    return trx
      .selectFrom('bargain')
      .where('item_id', '=', itemId)
      .where('user_id', '=', userId)
      .select([
        sql<number>`count(*)::int`.as('n'),
        sql<number>`(count(*) filter (where status = 'running'))::int`.as('running'),
      ])
      .executeTakeFirstOrThrow();
  }

  insertBargain(trx: Db, row: Insertable<BargainTable>) {
    return trx
      .insertInto('bargain')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['item_id', 'user_id']).where('status', '=', 'running').doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
  }

  bargain(id: number, db: Db = this.db) {
    return db.selectFrom('bargain').selectAll().where('id', '=', id).executeTakeFirst();
  }

  lockBargain(trx: Db, id: number) {
    return trx
      .selectFrom('bargain')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  lockBargains(trx: Db, ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return trx
      .selectFrom('bargain')
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  /** Moves the bargain by one cut; the guard on helps_done makes a stale read write nothing. */
  async applyCut(
    trx: Db,
    b: BargainRow,
    cut: number,
    countsAsHelp: boolean,
    done: boolean,
  ): Promise<boolean> {
    const r = await trx
      .updateTable('bargain')
      .set({
        current_price: b.current_price - cut,
        helps_done: b.helps_done + (countsAsHelp ? 1 : 0),
        ...(done ? { status: 'succeeded', succeeded_at: new Date(), ended_at: new Date() } : {}),
      })
      .where('id', '=', b.id)
      .where('status', '=', 'running')
      .where('helps_done', '=', b.helps_done)
      .where('current_price', '=', b.current_price)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  latestOf(userId: number, itemIds: readonly number[]) {
    if (!itemIds.length) return Promise.resolve([]);
    return this.db
      .selectFrom('bargain')
      .selectAll()
      .distinctOn('item_id')
      .where('user_id', '=', userId)
      .where('item_id', 'in', [...itemIds])
      .orderBy('item_id')
      .orderBy('id', 'desc')
      .execute();
  }

  running(userId: number, edition: BargainEditionId) {
    return this.db
      .selectFrom('bargain')
      .selectAll()
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

  /** Running bargains past their time, locked, skipping those another node or a help holds. */
  dueRunning(trx: Db, limit: number) {
    return trx
      .selectFrom('bargain')
      .select('id')
      .where('status', '=', 'running')
      .where('expires_at', '<=', new Date())
      .orderBy('expires_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** The user's running bargain on the item that is past its time ends now (before a new start). */
  expireDueOf(trx: Db, itemId: number, userId: number) {
    return trx
      .updateTable('bargain')
      .set({ status: 'expired', ended_at: new Date() })
      .where('item_id', '=', itemId)
      .where('user_id', '=', userId)
      .where('status', '=', 'running')
      .where('expires_at', '<=', new Date())
      .execute();
  }

  expire(trx: Db, ids: number[]) {
    if (!ids.length) return Promise.resolve();
    return trx
      .updateTable('bargain')
      .set({ status: 'expired', ended_at: new Date() })
      .where('id', 'in', ids)
      .where('status', '=', 'running')
      .execute();
  }

  // --- helps ----------------------------------------------------------------------------------

  insertHelp(trx: Db, row: Insertable<BargainHelpTable>) {
    return trx
      .insertInto('bargain_help')
      .values(row)
      .onConflict((oc) => oc.columns(['bargain_id', 'helper_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** Moves a help's reward from one status to another; false when it was not in `from`. */
  async moveReward(
    id: number,
    from: BargainHelpTable['reward_status'],
    to: BargainHelpTable['reward_status'],
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('bargain_help')
      .set({ reward_status: to })
      .where('id', '=', id)
      .where('reward_status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  pendingRewards(limit: number, olderThan: Date) {
    return this.db
      .selectFrom('bargain_help')
      .select(['id', 'helper_id', 'coupon_template_id'])
      .where('reward_status', '=', 'pending')
      .where('created_at', '<', olderThan)
      .orderBy('id')
      .limit(limit)
      .execute();
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
      .innerJoin('app_user as u', 'u.id', 'h.helper_id')
      .select(['u.nickname', 'u.avatar', 'h.cut', 'h.is_starter', 'h.is_new_user', 'h.created_at'])
      .where('h.bargain_id', '=', bargainId)
      .orderBy('h.id')
      .execute();
  }

  /** The helps of a bargain for the audit flags (starter excluded). */
  helpStats(bargainId: number, db: Db = this.db) {
    return db
      .selectFrom('bargain_help')
      .select(['is_new_user', 'ip'])
      .where('bargain_id', '=', bargainId)
      .where('is_starter', '=', false)
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
        .innerJoin('app_user as u', 'u.id', 'b.user_id')
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
        .innerJoin('app_user as u', 'u.id', 'h.helper_id')
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

  // --- claims ---------------------------------------------------------------------------------

  private claims(db: Db = this.db) {
    return db
      .selectFrom('bargain_claim as c')
      .innerJoin('bargain as b', 'b.id', 'c.bargain_id')
      .leftJoin('shop_order as o', 'o.id', 'c.order_id')
      .leftJoin('bargain_post as bp', 'bp.claim_id', 'c.id')
      .selectAll('c')
      .select(['b.edition', 'o.status as order_status', 'o.received_at', 'bp.id as post_id']);
  }

  claim(id: number) {
    return this.claims().where('c.id', '=', id).executeTakeFirst();
  }

  claimOfBargain(bargainId: number, db: Db = this.db) {
    return this.claims(db).where('c.bargain_id', '=', bargainId).executeTakeFirst();
  }

  claimsOfBargains(bargainIds: readonly number[]) {
    if (!bargainIds.length) return Promise.resolve([]);
    return this.claims()
      .where('c.bargain_id', 'in', [...bargainIds])
      .execute();
  }

  /** The user's claim on the item, locked (one per user and item). */
  claimOfUserItem(trx: Db, userId: number, itemId: number) {
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
    let q = this.claims();
    let n = this.db.selectFrom('bargain_claim');
    if (status) {
      q = q.where('c.status', '=', status);
      n = n.where('status', '=', status);
    }
    return Promise.all([
      q
        .innerJoin('app_user as u', 'u.id', 'c.user_id')
        .select('u.nickname')
        .orderBy('c.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      n.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
  }

  insertClaim(trx: Db, row: Insertable<BargainClaimTable>) {
    return trx
      .insertInto('bargain_claim')
      .values(row)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  /** A placed deal: a fresh claim, or an approved (or re-placed) one moving to its new order. */
  upsertOrdered(
    trx: Db,
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

  lockClaim(trx: Db, id: number) {
    return trx
      .selectFrom('bargain_claim')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  updateClaim(trx: Db, id: number, set: Updateable<BargainClaimTable>) {
    return trx.updateTable('bargain_claim').set(set).where('id', '=', id).execute();
  }

  // --- 晒单 -----------------------------------------------------------------------------------

  insertPost(row: {
    claim_id: number;
    item_id: number;
    user_id: number;
    content: string;
    images: string;
  }) {
    return this.db
      .insertInto('bargain_post')
      .values(row)
      .onConflict((oc) => oc.column('claim_id').doNothing())
      .returning('id')
      .executeTakeFirst();
  }

  posts(itemId: number, limit: number, offset: number) {
    return Promise.all([
      this.db
        .selectFrom('bargain_post as p')
        .innerJoin('app_user as u', 'u.id', 'p.user_id')
        .select([
          'p.id',
          'p.item_id',
          'p.content',
          'p.images',
          'p.created_at',
          'u.nickname',
          'u.avatar',
        ])
        .where('p.item_id', '=', itemId)
        .orderBy('p.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('bargain_post')
        .where('item_id', '=', itemId)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ]);
  }

  // --- users ----------------------------------------------------------------------------------

  user(id: number, db: Db = this.db) {
    return db
      .selectFrom('app_user')
      .select(['id', 'nickname', 'avatar', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  couponTemplateExists(id: number) {
    return this.db
      .selectFrom('coupon_template')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
  }

  skuOf(skuId: number) {
    return this.db
      .selectFrom('sku')
      .select(['id', 'product_id', 'price'])
      .where('id', '=', skuId)
      .executeTakeFirst();
  }
}

export type ItemRow = Awaited<ReturnType<BargainRepo['itemsOfEdition']>>[number];
export type ClaimView = NonNullable<Awaited<ReturnType<BargainRepo['claim']>>>;
