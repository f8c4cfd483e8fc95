import type { CouponScope, MyCouponTab } from '@chaopin/contracts';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../database.ts';
import { userReads } from '../user/index.ts';
import type { CouponTemplateTable } from './coupon.tables.ts';

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

/** Coupon templates, claims and the coupons of users (SQL only here). */
export class CouponRepo {
  constructor(private readonly db: Db) {}

  private templates(db: Db = this.db) {
    return db
      .selectFrom('coupon_template as t')
      .leftJoin('store as s', 's.id', 't.store_id')
      .selectAll('t')
      .select('s.name as store_name');
  }

  async createTemplate(row: Insertable<CouponTemplateTable>): Promise<number> {
    const r = await this.db
      .insertInto('coupon_template')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  template(id: number, db: Db = this.db): Promise<TemplateRow | undefined> {
    return this.templates(db).where('t.id', '=', id).executeTakeFirst();
  }

  /** What decides which templates cover a product. */
  productScope(id: number) {
    return this.db
      .selectFrom('product')
      .select(['id as productId', 'store_id as storeId', 'category_id as categoryId'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async existingUsers(ids: readonly number[]): Promise<Set<number>> {
    return new Set(await userReads.existingIds(this.db, ids));
  }

  storeExists(id: number): Promise<boolean> {
    return this.db
      .selectFrom('store')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
      .then(Boolean);
  }

  /** Claimable templates whose claiming has not ended, open ones first. */
  async center(scope: CouponScope | 'all', limit: number, offset: number, now: Date) {
    let q = this.templates()
      .where('t.claimable', '=', true)
      .where((eb) => eb.or([eb('t.end_at', 'is', null), eb('t.end_at', '>', now)]));
    if (scope !== 'all') q = q.where('t.scope', '=', scope);
    const [rows, total] = await Promise.all([
      q
        .orderBy(sql`t.issued >= t.total`)
        .orderBy('t.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** Claimable templates that cover a product: the platform's, its store's, its category's, its own. */
  forProduct(p: { productId: number; storeId: number; categoryId: number }, now: Date) {
    return this.templates()
      .where('t.claimable', '=', true)
      .where((eb) => eb.or([eb('t.end_at', 'is', null), eb('t.end_at', '>', now)]))
      .where((eb) =>
        eb.and([
          eb.or([eb('t.store_id', 'is', null), eb('t.store_id', '=', p.storeId)]),
          eb.or([
            eb('t.scope', 'in', ['platform', 'store']),
            eb.and([
              eb('t.scope', '=', 'category'),
              sql<boolean>`t.scope_ids @> ${JSON.stringify([p.categoryId])}::jsonb`,
            ]),
            eb.and([
              eb('t.scope', '=', 'product'),
              sql<boolean>`t.scope_ids @> ${JSON.stringify([p.productId])}::jsonb`,
            ]),
          ]),
        ]),
      )
      .orderBy('t.id', 'desc')
      .limit(50)
      .execute();
  }

  forStore(storeId: number, now: Date) {
    return this.templates()
      .where('t.claimable', '=', true)
      .where('t.store_id', '=', storeId)
      .where((eb) => eb.or([eb('t.end_at', 'is', null), eb('t.end_at', '>', now)]))
      .orderBy('t.id', 'desc')
      .limit(50)
      .execute();
  }

  newUserPack(now: Date) {
    return this.templates()
      .where('t.new_user_pack', '=', true)
      .where((eb) => eb.or([eb('t.end_at', 'is', null), eb('t.end_at', '>', now)]))
      .orderBy('t.id')
      .limit(20)
      .execute();
  }

  /** How many of each template this user has taken. */
  async claimedCounts(
    userId: number,
    templateIds: readonly number[],
  ): Promise<Map<number, number>> {
    if (!templateIds.length) return new Map();
    const rows = await this.db
      .selectFrom('coupon_claim_count')
      .select(['template_id', 'claimed'])
      .where('user_id', '=', userId)
      .where('template_id', 'in', [...templateIds])
      .execute();
    return new Map(rows.map((r) => [r.template_id, r.claimed]));
  }

  /**
   * Takes one of the user's per-user allowance: answers false when the limit is reached. The
   * upsert's guard runs under the (template, user) row's lock, so concurrent claims count exactly.
   */
  async takeAllowance(trx: Db, templateId: number, userId: number, perUser: number) {
    const r = await trx
      .insertInto('coupon_claim_count')
      .values({ template_id: templateId, user_id: userId, claimed: 1 })
      .onConflict((oc) =>
        oc
          .columns(['template_id', 'user_id'])
          .doUpdateSet({ claimed: sql`coupon_claim_count.claimed + 1` })
          .where('coupon_claim_count.claimed', '<', perUser),
      )
      .returning('claimed')
      .executeTakeFirst();
    return r !== undefined;
  }

  /** Takes one of the template's total: false when all are issued (guarded in the statement). */
  async takeOne(trx: Db, templateId: number): Promise<boolean> {
    const r = await trx
      .updateTable('coupon_template')
      .set({ issued: sql`issued + 1` })
      .where('id', '=', templateId)
      .where(sql<boolean>`issued < total`)
      .returning('id')
      .executeTakeFirst();
    return r !== undefined;
  }

  insertCoupon(
    trx: Db,
    row: { template_id: number; user_id: number; valid_from: Date; valid_to: Date; source: string },
  ) {
    return trx.insertInto('user_coupon').values(row).returning('id').executeTakeFirstOrThrow();
  }

  private coupons(db: Db = this.db) {
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

  coupon(id: number, db: Db = this.db): Promise<CouponRow | undefined> {
    return this.coupons(db).where('uc.id', '=', id).executeTakeFirst() as Promise<
      CouponRow | undefined
    >;
  }

  couponsByIds(ids: readonly number[], db: Db = this.db): Promise<CouponRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.coupons(db)
      .where('uc.id', 'in', [...ids])
      .execute() as Promise<CouponRow[]>;
  }

  private tab(userId: number, tab: MyCouponTab, now: Date) {
    const q = this.coupons().where('uc.user_id', '=', userId);
    if (tab === 'used') return q.where('uc.status', '=', 'used');
    if (tab === 'expired') {
      return q.where('uc.status', '=', 'unused').where('uc.valid_to', '<=', now);
    }
    // 未使用: unused and in date, and those an unpaid order holds for now.
    return q.where((eb) =>
      eb.or([
        eb.and([eb('uc.status', '=', 'unused'), eb('uc.valid_to', '>', now)]),
        eb('uc.status', '=', 'held'),
      ]),
    );
  }

  async mine(userId: number, tab: MyCouponTab, limit: number, offset: number, now: Date) {
    const order =
      tab === 'unused'
        ? (['uc.valid_to', 'asc'] as const)
        : tab === 'used'
          ? (['uc.used_at', 'desc'] as const)
          : (['uc.valid_to', 'desc'] as const);
    const rows = await this.tab(userId, tab, now)
      .orderBy(order[0], order[1])
      .orderBy('uc.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows as CouponRow[];
  }

  /** Counts of the three tabs, and the unused ones ending before `soon`. */
  async counts(userId: number, now: Date, soon: Date) {
    const r = await this.db
      .selectFrom('user_coupon')
      .where('user_id', '=', userId)
      .select([
        sql<number>`count(*) filter (where (status = 'unused' and valid_to > ${now}) or status = 'held')`.as(
          'unused',
        ),
        sql<number>`count(*) filter (where status = 'used')`.as('used'),
        sql<number>`count(*) filter (where status = 'unused' and valid_to <= ${now})`.as('expired'),
        sql<number>`count(*) filter (where status = 'unused' and valid_to > ${now} and valid_to <= ${soon})`.as(
          'expiring',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      unused: Number(r.unused),
      used: Number(r.used),
      expired: Number(r.expired),
      expiring: Number(r.expiring),
    };
  }

  /**
   * What checkout lists: unused and in date, and held (shown as taken); the coupons' own columns
   * only, from the (user, status, valid_to) index: their templates come from the service's cache.
   */
  /** The wallet's version (bigint as text); null when the user never held a coupon. */
  async walletVersion(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('coupon_wallet_version')
      .select('version')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? String(row.version) : null;
  }

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
  async lockUsable(trx: Db, ids: readonly number[], now: Date): Promise<CouponRow[]> {
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
    trx: Db,
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
  async markUsed(trx: Db, orderIds: readonly number[]): Promise<void> {
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
  async release(trx: Db, orderIds: readonly number[]): Promise<void> {
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
