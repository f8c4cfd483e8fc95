import type {
  ClaimedCoupons,
  CouponCenterQuery,
  CouponProductsQuery,
  CouponScopeTarget,
  CouponTemplateBody,
  CouponTemplateView,
  MyCoupon,
  MyCouponPage,
  MyCouponQuery,
  NewUserPackData,
  PageOf,
  ProductCard,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { CouponPort, LockedCoupon, WalletCoupon } from '../order/index.ts';
import type { CouponRepo, TemplateRow } from './coupon.repo.ts';
import { toMyCoupon, toPricing, toTemplateView } from './coupon-view.ts';
import { CouponWallets } from './coupon-wallet.ts';

export type { WalletCoupon };

const DAY_MS = 86_400_000;

/** A coupon given now is valid for its template's days from now, or over the template's dates. */
function validity(t: TemplateRow, now: Date): { validFrom: Date; validTo: Date } {
  if (t.valid_days !== null) {
    return { validFrom: now, validTo: new Date(now.getTime() + t.valid_days * DAY_MS) };
  }
  return { validFrom: t.start_at ?? now, validTo: t.end_at ?? now };
}
export interface CouponOptions {
  expiringDays: number;
  /** Days after registration in which a user is 新人. */
  newUserDays: number;
}

/** What coupons need to know about a user from other modules. */
export interface AudienceChecks {
  /** When the user registered (undefined: no such user). */
  registeredAt(userId: number): Promise<Date | undefined>;
  /** Membership arrives with the social-commerce issue; until then nobody is a member. */
  isMember(userId: number): Promise<boolean>;
}

/**
 * Coupons: the operator's templates, claiming (exact under concurrency: the per-user allowance
 * and the template's total are each taken by a guarded statement in one transaction), the user's
 * coupons, and the coupon side of orders (CouponPort).
 */
export class CouponService implements CouponPort {
  /** What else a new user gets with the pack (the wallet module's 新人红包). */
  /** Checkout's per-node wallets and the templates' scope targets. */
  private readonly wallets: CouponWallets;

  constructor(
    private readonly db: Db,
    private readonly repo: CouponRepo,
    private readonly catalogue: CatalogueService,
    private readonly audience: AudienceChecks,
    private readonly opts: CouponOptions,
    /** What else a claimed new-user pack gives: the wallet module's red packet. */
    private readonly packGiven: (userId: number) => Promise<void>,
  ) {
    this.wallets = new CouponWallets(repo, catalogue, opts.expiringDays);
  }

  async createTemplate(b: CouponTemplateBody): Promise<number> {
    const bad = () => new AppError('COUPON_TEMPLATE_INVALID');
    const amount = b.amount ?? 0;
    const rate = b.rate ?? 0;
    if (b.kind === 'discount' ? rate === 0 : amount === 0) throw bad();
    if (b.kind === 'free' && b.threshold !== 0) throw bad();
    if (b.kind === 'full' && b.threshold < amount) throw bad();
    if (b.scope === 'store' && b.storeId === undefined) throw bad();
    if ((b.scope === 'category' || b.scope === 'product') && !b.scopeIds?.length) throw bad();
    if (b.storeId !== undefined && !(await this.repo.storeExists(b.storeId))) throw bad();
    const startAt = b.startAt ? new Date(b.startAt) : null;
    const endAt = b.endAt ? new Date(b.endAt) : null;
    if (b.validDays === undefined && !(startAt && endAt && endAt > startAt)) throw bad();
    return this.repo.createTemplate({
      name: b.name.trim(),
      kind: b.kind,
      scope: b.scope,
      store_id: b.storeId ?? null,
      scope_ids: JSON.stringify(b.scope === 'category' || b.scope === 'product' ? b.scopeIds : []),
      threshold: b.threshold,
      amount: b.kind === 'discount' ? 0 : amount,
      rate: b.kind === 'discount' ? rate : 0,
      cap: b.kind === 'discount' ? (b.cap ?? 0) : 0,
      start_at: startAt,
      end_at: endAt,
      valid_days: b.validDays ?? null,
      total: b.total,
      per_user: b.perUser,
      audience: b.audience ?? 'all',
      claimable: b.claimable ?? true,
      new_user_pack: b.newUserPack ?? false,
    });
  }

  /** The claim state of templates for this user (all 'claim' / 'soldOut' when logged out). */
  private async views(userId: number | null, rows: TemplateRow[]): Promise<CouponTemplateView[]> {
    const counts = userId
      ? await this.repo.claimedCounts(
          userId,
          rows.map((r) => r.id),
        )
      : new Map<number, number>();
    const isNew =
      userId && rows.some((r) => r.audience === 'new') ? await this.isNewUser(userId) : true;
    const targets = await this.targetsOf(rows);
    return rows.map((t) => {
      const claimed = counts.get(t.id) ?? 0;
      const state: CouponTemplateView['state'] =
        claimed >= t.per_user
          ? 'claimed'
          : t.issued >= t.total
            ? 'soldOut'
            : (t.audience === 'new' && !isNew) || t.audience === 'member'
              ? 'notEligible'
              : 'claim';
      return toTemplateView(t, claimed, state, targets.get(t.id) ?? []);
    });
  }

  async center(userId: number | null, q: CouponCenterQuery): Promise<PageOf<CouponTemplateView>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const { rows, total } = await this.repo.center(
      q.scope ?? 'all',
      pageSize,
      (pageNum - 1) * pageSize,
      new Date(),
    );
    return { list: await this.views(userId, rows), total, pageNum, pageSize };
  }

  async forProduct(userId: number | null, productId: number) {
    const product = await this.repo.productScope(productId);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    return { list: await this.views(userId, await this.repo.forProduct(product, new Date())) };
  }

  async forStore(userId: number | null, storeId: number) {
    if (!(await this.repo.storeExists(storeId))) throw new AppError('STORE_NOT_FOUND');
    return { list: await this.views(userId, await this.repo.forStore(storeId, new Date())) };
  }

  /**
   * One coupon of the template for the user, all or nothing. `issued` (by an activity, an
   * invitation or the operator) skips the claimability and audience checks, not the limits.
   */
  async claim(userId: number, templateId: number, source = 'claim'): Promise<MyCoupon> {
    const t = await this.repo.template(templateId);
    if (!t) throw new AppError('COUPON_NOT_FOUND');
    const now = new Date();
    if (source === 'claim') await this.checkClaimable(userId, t, now);
    const id = await this.db
      .transaction()
      .execute((trx) => this.grantOf(trx, t, userId, source, now));
    const row = await this.repo.coupon(id);
    if (!row) throw new AppError('COUPON_NOT_FOUND');
    const targets = await this.targetsOf([row]);
    return toMyCoupon(row, now, this.opts.expiringDays, targets.get(row.id) ?? []);
  }

  /**
   * Gives one coupon of the template inside the caller's transaction, so it commits with what
   * paid for it (a redeem code, points): one of the template's total and of the user's
   * allowance, no claimability or audience check (the caller's code or item is the claim), and
   * never a coupon already past its end. Answers the coupon's id.
   */
  async grant(trx: Db, userId: number, templateId: number, source: string): Promise<number> {
    const t = await this.repo.template(templateId, narrowDb(trx));
    if (!t) throw new AppError('COUPON_NOT_FOUND');
    const now = new Date();
    if (validity(t, now).validTo.getTime() <= now.getTime()) throw new AppError('COUPON_ENDED');
    return this.grantOf(trx, t, userId, source, now);
  }

  /** The template's display name, or COUPON_NOT_FOUND (read in the caller's transaction if given). */
  async templateName(templateId: number, db?: Db): Promise<string> {
    const t = await this.repo.template(templateId, db && narrowDb(db));
    if (!t) throw new AppError('COUPON_NOT_FOUND');
    return t.name;
  }

  private async grantOf(
    trx: Db,
    t: TemplateRow,
    userId: number,
    source: string,
    now: Date,
  ): Promise<number> {
    if (!(await this.repo.takeAllowance(narrowDb(trx), t.id, userId, t.per_user))) {
      throw new AppError('COUPON_LIMIT', { limit: t.per_user });
    }
    if (!(await this.repo.takeOne(narrowDb(trx), t.id))) throw new AppError('COUPON_SOLD_OUT');
    const { validFrom, validTo } = validity(t, now);
    const row = await this.repo.insertCoupon(narrowDb(trx), {
      template_id: t.id,
      user_id: userId,
      valid_from: validFrom,
      valid_to: validTo,
      source,
    });
    return row.id;
  }

  private async checkClaimable(userId: number, t: TemplateRow, now: Date) {
    if (!t.claimable) throw new AppError('COUPON_NOT_CLAIMABLE');
    if (t.end_at && t.end_at <= now) throw new AppError('COUPON_ENDED');
    if (t.audience === 'new' && !(await this.isNewUser(userId))) {
      throw new AppError('COUPON_NEW_USER_ONLY', { days: this.opts.newUserDays });
    }
    if (t.audience === 'member' && !(await this.audience.isMember(userId))) {
      throw new AppError('COUPON_MEMBER_ONLY');
    }
  }

  /** The operator (or an activity) gives a coupon to each user; answers how many got one. */
  async issue(templateId: number, userIds: readonly number[]): Promise<number> {
    if (!(await this.repo.template(templateId))) throw new AppError('COUPON_NOT_FOUND');
    const known = await this.repo.existingUsers(userIds);
    let issued = 0;
    for (const userId of new Set(userIds)) {
      if (!known.has(userId)) continue;
      try {
        await this.claim(userId, templateId, 'issued');
        issued++;
      } catch (err) {
        if (!(err instanceof AppError) || err.id === 'COUPON_NOT_FOUND') throw err;
        if (err.id === 'COUPON_SOLD_OUT') break;
      }
    }
    return issued;
  }

  /**
   * 新人 is decided by registration age, not by having ordered: a new user who buys first and
   * claims later still gets the pack within the window (it vanished after the first order).
   */
  async isNewUser(userId: number, now = new Date()): Promise<boolean> {
    const at = await this.audience.registeredAt(userId);
    return at !== undefined && now.getTime() - at.getTime() < this.opts.newUserDays * 86_400_000;
  }

  async newUserPack(userId: number | null): Promise<NewUserPackData> {
    const rows = await this.repo.newUserPack(new Date());
    const eligible = userId ? await this.isNewUser(userId) : true;
    const list = await this.views(userId, rows);
    const open = list.some((v) => v.state === 'claim');
    return {
      show: list.length > 0 && eligible && (userId === null || open),
      eligible,
      list,
      totalAmount: rows.reduce((s, t) => s + (t.kind === 'discount' ? t.cap : t.amount), 0),
    };
  }

  /** Claims every coupon of the pack still open to the user (none left: COUPON_PACK_CLAIMED). */
  async claimNewUserPack(userId: number): Promise<ClaimedCoupons> {
    if (!(await this.isNewUser(userId))) {
      throw new AppError('COUPON_NEW_USER_ONLY', { days: this.opts.newUserDays });
    }
    const list: MyCoupon[] = [];
    for (const v of await this.views(userId, await this.repo.newUserPack(new Date()))) {
      if (v.state !== 'claim') continue;
      try {
        list.push(await this.claim(userId, v.id, 'newUserPack'));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    if (!list.length) throw new AppError('COUPON_PACK_CLAIMED');
    await this.packGiven(userId);
    return { list };
  }

  async mine(userId: number, q: MyCouponQuery): Promise<MyCouponPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const now = new Date();
    const tab = q.status ?? 'unused';
    const [rows, counts] = await Promise.all([
      this.repo.mine(userId, tab, pageSize, (pageNum - 1) * pageSize, now),
      this.counts(userId, now),
    ]);
    const targets = await this.targetsOf(rows);
    return {
      list: rows.map((r) => toMyCoupon(r, now, this.opts.expiringDays, targets.get(r.id) ?? [])),
      total: counts[tab],
      pageNum,
      pageSize,
      counts: { unused: counts.unused, used: counts.used, expired: counts.expired },
    };
  }

  counts(userId: number, now = new Date()) {
    return this.repo.counts(userId, now, new Date(now.getTime() + this.opts.expiringDays * DAY_MS));
  }

  /** 去使用: the on-shelf products one of my coupons covers. */
  async products(userId: number, q: CouponProductsQuery): Promise<PageOf<ProductCard>> {
    const c = await this.repo.coupon(q.couponId);
    if (!c || c.user_id !== userId) throw new AppError('COUPON_NOT_FOUND');
    const page = { pageNum: q.pageNum, pageSize: q.pageSize, sort: 'sales' as const };
    const storeId = c.store_id ?? undefined;
    if (c.scope === 'category') {
      return this.catalogue.pageProducts({ categoryIds: c.scope_ids, storeId }, page);
    }
    if (c.scope === 'product') {
      return this.catalogue.pageProducts({ productIds: c.scope_ids, storeId }, page);
    }
    return this.catalogue.pageProducts({ storeId }, page);
  }

  // CouponPort: the coupon side of orders.

  /** Checkout's read of the wallet (kept per node while its version holds: coupon-wallet.ts). */
  wallet(userId: number, now: Date): Promise<WalletCoupon[]> {
    return this.wallets.wallet(userId, now);
  }

  /** Each template's scope by name and page (names read through the catalogue), by template id. */
  private targetsOf(rows: readonly TemplateRow[]): Promise<Map<number, CouponScopeTarget[]>> {
    return this.wallets.targetsOf(rows);
  }

  async lock(trx: Db, ids: readonly number[], now: Date): Promise<Map<number, LockedCoupon>> {
    const rows = await this.repo.lockUsable(narrowDb(trx), ids, now);
    return new Map(rows.map((r) => [r.coupon_id, { ...toPricing(r), userId: r.user_id }]));
  }

  async hold(trx: Db, rows: Parameters<CouponPort['hold']>[1]): Promise<void> {
    // Locked as unused by this batch's transaction: every row must move.
    if ((await this.repo.hold(narrowDb(trx), rows)) !== rows.length) {
      throw new Error('coupon changed under the batch lock');
    }
  }

  paid(trx: Db, orderIds: readonly number[]): Promise<void> {
    return this.repo.markUsed(narrowDb(trx), orderIds);
  }

  released(trx: Db, orderIds: readonly number[]): Promise<void> {
    return this.repo.release(narrowDb(trx), orderIds);
  }
}
