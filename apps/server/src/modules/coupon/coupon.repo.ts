import type { CouponScope, MyCouponTab } from '@chaopin/contracts';
import { type Insertable, sql } from 'kysely';
import { userReads } from '../user/index.ts';
import type { CouponDb, CouponTemplateTable } from './coupon.tables.ts';
import { CouponCheckoutRepo, type CouponRow, type TemplateRow } from './coupon-checkout.repo.ts';

export type { CouponRow, TemplateRow } from './coupon-checkout.repo.ts';

/**
 * Coupon templates, claims and the coupons of users (SQL only here); the coupon side of orders
 * and checkout's wallet reads are in coupon-checkout.repo.ts, which this extends.
 */
export class CouponRepo extends CouponCheckoutRepo {
  async createTemplate(row: Insertable<CouponTemplateTable>): Promise<number> {
    const r = await this.db
      .insertInto('coupon_template')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  template(id: number, db: CouponDb = this.db): Promise<TemplateRow | undefined> {
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
  async takeAllowance(trx: CouponDb, templateId: number, userId: number, perUser: number) {
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
  async takeOne(trx: CouponDb, templateId: number): Promise<boolean> {
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
    trx: CouponDb,
    row: { template_id: number; user_id: number; valid_from: Date; valid_to: Date; source: string },
  ) {
    return trx.insertInto('user_coupon').values(row).returning('id').executeTakeFirstOrThrow();
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
}
