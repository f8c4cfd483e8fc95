import { type Selectable, sql } from 'kysely';
import type { CouponDb, CouponTemplateTable } from './coupon.tables.ts';

export type TemplateRow = Selectable<CouponTemplateTable> & { store_name: string | null };

/** A user's coupon with its template's rules. */
export interface CouponRow extends TemplateRow {
  coupon_id: number;
  user_id: number;
  status: 'unused' | 'held' | 'used';
  valid_from: Date;
  valid_to: Date;
  group_id: number | null;
  claimed_at: Date;
  used_at: Date | null;
  order_no: string | null;
}

/**
 * The coupon side of orders (SQL only here): the templates and coupons as rows, checkout's wallet
 * reads, and locking, holding, using and giving back the coupons an order took. CouponRepo adds
 * templates, claims and the user's pages on top.
 */
export class CouponCheckoutRepo {
  constructor(protected readonly db: CouponDb) {}

  protected templates(db: CouponDb = this.db) {
    return db
      .selectFrom('coupon_template as t')
      .leftJoin('store as s', 's.id', 't.store_id')
      .selectAll('t')
      .select('s.name as store_name');
  }

  protected coupons(db: CouponDb = this.db) {
    return db
      .selectFrom('user_coupon as uc')
      .innerJoin('coupon_template as t', 't.id', 'uc.template_id')
      .leftJoin('store as s', 's.id', 't.store_id')
      .selectAll('t')
      .select([
        's.name as store_name',
        'uc.id as coupon_id',
        'uc.user_id',
        'uc.status',
        'uc.valid_from',
        'uc.valid_to',
        'uc.group_id',
        'uc.claimed_at',
        'uc.used_at',
        (eb) =>
          eb
            .selectFrom('order_coupon as oc')
            .innerJoin('shop_order as o', 'o.id', 'oc.order_id')
            .select('o.order_no')
            .whereRef('oc.coupon_id', '=', 'uc.id')
            .orderBy('o.id')
            .limit(1)
            .as('order_no'),
      ]);
  }

  coupon(id: number, db: CouponDb = this.db): Promise<CouponRow | undefined> {
    return this.coupons(db).where('uc.id', '=', id).executeTakeFirst() as Promise<
      CouponRow | undefined
    >;
  }

  couponsByIds(ids: readonly number[], db: CouponDb = this.db): Promise<CouponRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.coupons(db)
      .where('uc.id', 'in', [...ids])
      .execute() as Promise<CouponRow[]>;
  }

  /** The wallet's version (bigint as text); null when the user never held a coupon. */
  async walletVersion(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('coupon_wallet_version')
      .select('version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? String(row.version) : null;
  }

  /**
   * What checkout lists: unused and in date, and held (shown as taken); the coupons' own columns
   * only, from the (user, status, valid_to) index: their templates come from the service's cache.
   */
  async walletRows(userId: number, now: Date) {
    // Times as epoch milliseconds: parsing three timestamps a row was a measurable part of a
    // 50-coupon preview (bench/coupons), a float is not.
    const rows = await this.db
      .selectFrom('user_coupon')
      .select([
        'id',
        'template_id',
        'status',
        sql<number>`(extract(epoch from valid_from) * 1000)::float8`.as('from_ms'),
        sql<number>`(extract(epoch from valid_to) * 1000)::float8`.as('to_ms'),
        sql<number>`(extract(epoch from claimed_at) * 1000)::float8`.as('claimed_ms'),
      ])
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'unused'), eb('valid_to', '>', now)]),
          eb('status', '=', 'held'),
        ]),
      )
      .orderBy('valid_to')
      .limit(200)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      template_id: r.template_id,
      status: r.status,
      valid_from: new Date(Number(r.from_ms)),
      valid_to: new Date(Number(r.to_ms)),
      claimed_at: new Date(Number(r.claimed_ms)),
    }));
  }

  templatesByIds(ids: readonly number[]): Promise<TemplateRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.templates()
      .where('t.id', 'in', [...ids])
      .execute();
  }

  /** The first order each of these coupons went into. */
  async orderNosOf(couponIds: readonly number[]): Promise<Map<number, string>> {
    if (!couponIds.length) return new Map();
    const rows = await this.db
      .selectFrom('order_coupon as oc')
      .innerJoin('shop_order as o', 'o.id', 'oc.order_id')
      .select(['oc.coupon_id', sql<string>`min(o.order_no)`.as('order_no')])
      .where('oc.coupon_id', 'in', [...couponIds])
      .groupBy('oc.coupon_id')
      .execute();
    return new Map(rows.map((r) => [r.coupon_id, r.order_no]));
  }

  /** Locks the named coupons; answers those unused and in date now. */
  async lockUsable(trx: CouponDb, ids: readonly number[], now: Date): Promise<CouponRow[]> {
    await trx
      .selectFrom('user_coupon')
      .select('id')
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
    const rows = await this.couponsByIds(ids, trx);
    return rows.filter((r) => r.status === 'unused' && r.valid_from <= now && r.valid_to > now);
  }

  async hold(
    trx: CouponDb,
    rows: readonly {
      couponId: number;
      groupId: number;
      orders: { orderId: number; amount: number }[];
    }[],
  ): Promise<number> {
    const values = sql.join(
      rows.map((r) => sql`(${r.couponId}::int, ${r.groupId}::int)`),
      sql`, `,
    );
    const r = await sql`
      update user_coupon set status = 'held', group_id = v.g
      from (values ${values}) as v(id, g)
      where user_coupon.id = v.id and user_coupon.status = 'unused'`.execute(trx);
    await trx
      .insertInto('order_coupon')
      .values(
        rows.flatMap((r) =>
          r.orders.map((o) => ({ order_id: o.orderId, coupon_id: r.couponId, amount: o.amount })),
        ),
      )
      .execute();
    return Number(r.numAffectedRows ?? 0);
  }

  /** Held coupons of these orders become used. */
  async markUsed(trx: CouponDb, orderIds: readonly number[]): Promise<void> {
    await trx
      .updateTable('user_coupon')
      .set({ status: 'used', used_at: new Date() })
      .where('status', '=', 'held')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('order_coupon')
          .select('coupon_id')
          .where('order_id', 'in', [...orderIds]),
      )
      .execute();
  }

  /**
   * Coupons of these orders come back (unused, no group, no order rows) when every order they
   * went into is void: cancelled unpaid, or refunded in full before it shipped. An order refunded
   * after shipping still counts as having used them. The coupons are locked first, so two orders
   * of one submit closing at once cannot each see the other alive and both keep the coupon.
   */
  async release(trx: CouponDb, orderIds: readonly number[]): Promise<void> {
    const ids = sql.join([...orderIds]);
    const locked = await sql<{ id: number }>`
      select id from user_coupon
      where id in (select coupon_id from order_coupon where order_id in (${ids}))
      order by id for update`.execute(trx);
    if (!locked.rows.length) return;
    const coupons = sql.join(locked.rows.map((r) => r.id));
    const back = await sql<{ id: number }>`
      update user_coupon set status = 'unused', group_id = null, used_at = null
      where id in (${coupons})
        and status in ('held', 'used')
        and not exists (
          select 1 from order_coupon oc join shop_order o on o.id = oc.order_id
          where oc.coupon_id = user_coupon.id
            and (o.status <> 'cancelled' or o.shipped_at is not null))
      returning id`.execute(trx);
    if (!back.rows.length) return;
    await trx
      .deleteFrom('order_coupon')
      .where(
        'coupon_id',
        'in',
        back.rows.map((r) => r.id),
      )
      .execute();
  }
}
