import { type Selectable, sql } from 'kysely';
import { skuReads } from '../catalogue/index.ts';
import { userReads } from '../user/index.ts';
import type { BargainClaimTable, BargainDb, BargainTable } from './bargain.tables.ts';

export type BargainRow = Selectable<BargainTable>;
export type ClaimRow = Selectable<BargainClaimTable>;

/** A claim that still holds a free unit: in audit, or ordered and its order not cancelled. */
const liveClaim = sql<boolean>`(c.status = 'audit' or (c.status = 'ordered' and coalesce(o.status, '') <> 'cancelled'))`;

/** An item as every page shows it: its SKU and product, its reward coupon's name, units claimed. */
export function selectItems(db: BargainDb) {
  return db
    .selectFrom('bargain_item as i')
    .innerJoin(skuReads.skuView(db).as('s'), 's.id', 'i.sku_id')
    .innerJoin(skuReads.productView(db).as('p'), 'p.id', 'i.product_id')
    .leftJoin('coupon_template as t', 't.id', 'i.coupon_template_id')
    .selectAll('i')
    .select([
      'p.title as title',
      's.name as sku_name',
      sql<string>`coalesce(nullif(s.image, ''), p.main_image)`.as('image'),
      's.price as price',
      's.free_shipping as free_shipping',
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

export function selectBargains(db: BargainDb) {
  return db.selectFrom('bargain').selectAll();
}

/** A claim with its edition, its order's state and its 晒单 (if posted). */
export function selectClaims(db: BargainDb) {
  return db
    .selectFrom('bargain_claim as c')
    .innerJoin('bargain as b', 'b.id', 'c.bargain_id')
    .leftJoin('shop_order as o', 'o.id', 'c.order_id')
    .leftJoin('bargain_post as bp', 'bp.claim_id', 'c.id')
    .selectAll('c')
    .select(['b.edition', 'o.status as order_status', 'o.received_at', 'bp.id as post_id']);
}

export type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];
export type ClaimView = Awaited<ReturnType<ReturnType<typeof selectClaims>['execute']>>[number];

/** The lookups every part of the bargain shares: items, bargains, claims and users by id. */
export class BargainRows {
  constructor(private readonly db: BargainDb) {}

  item(id: number) {
    return selectItems(this.db).where('i.id', '=', id).executeTakeFirst();
  }

  itemsById(ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return selectItems(this.db)
      .where('i.id', 'in', [...ids])
      .execute();
  }

  lockItem(trx: BargainDb, id: number) {
    return trx
      .selectFrom('bargain_item')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Free units held by claims of the item (read under the item's lock). */
  async claimedOf(trx: BargainDb, itemId: number): Promise<number> {
    const r = await trx
      .selectFrom('bargain_claim as c')
      .leftJoin('shop_order as o', 'o.id', 'c.order_id')
      .where('c.item_id', '=', itemId)
      .where(liveClaim)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return r.n;
  }

  bargain(id: number, db: BargainDb = this.db) {
    return selectBargains(db).where('id', '=', id).executeTakeFirst();
  }

  /** Bargains the user started on the item (any status, for the per-user limit), and running. */
  startedBy(trx: BargainDb, itemId: number, userId: number) {
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

  claim(id: number) {
    return selectClaims(this.db).where('c.id', '=', id).executeTakeFirst();
  }

  claimOfBargain(bargainId: number, db: BargainDb = this.db) {
    return selectClaims(db).where('c.bargain_id', '=', bargainId).executeTakeFirst();
  }

  claimsOfBargains(bargainIds: readonly number[]) {
    if (!bargainIds.length) return Promise.resolve([]);
    return selectClaims(this.db)
      .where('c.bargain_id', 'in', [...bargainIds])
      .execute();
  }

  user(id: number, db: BargainDb = this.db) {
    return userReads.publicUserSince(db, id);
  }
}
