import type { CouponScopeTarget } from '@chaopin/contracts';
import type { CatalogueService } from '../catalogue/index.ts';
import type { CouponRepo, TemplateRow } from './coupon.repo.ts';
import type { WalletCoupon } from './coupon.service.ts';
import { rulesOf, scopeIds, scopeTargets, toMyCoupon } from './coupon-view.ts';

const TEMPLATE_CACHE_MS = 60_000;
const TEMPLATE_CACHE_MAX = 10_000;

/** A template as checkout reads it: its row (for the sheet's view) and its pricing rules. */
interface CachedTemplate {
  row: TemplateRow;
  rules: ReturnType<typeof rulesOf>;
  targets: CouponScopeTarget[];
  until: number;
}

/** A node's copy of one user's wallet, good while its version is `version` (until `until`). */
interface CachedWallet {
  version: string;
  coupons: WalletCoupon[];
  readAt: number;
  until: number;
}

/** Users whose wallets a node keeps (the oldest copy makes room). */
const WALLET_CACHE_MAX = 10_000;

/**
 * Checkout's wallet of coupons, kept per node: the built coupons while the wallet's version is
 * unchanged, the templates (rules and scope names) for a minute; and each template's scope targets.
 */
export class CouponWallets {
  constructor(
    private readonly repo: CouponRepo,
    private readonly catalogue: CatalogueService,
    private readonly expiringDays: number,
  ) {}

  /**
   * Checkout's read of the wallet: the user's coupon rows alone, joined here to their templates
   * from a per-node cache (a template's rules never change once made; its store's name may, so an
   * entry lives a minute). Reading and decoding the joined rows was most of what 50 coupons added
   * to order/preview (bench/coupons), so the built coupons are kept per node while the wallet's
   * version (bumped by the database in every transaction that writes the user's coupons) is
   * unchanged, for at most a template entry's life: a preview then reads one row instead of
   * fifty. A user who never held a coupon has no version and an empty wallet.
   */
  async wallet(userId: number, now: Date): Promise<WalletCoupon[]> {
    const version = await this.repo.walletVersion(userId);
    if (version === null) return [];
    const t = now.getTime();
    const cached = this.walletCache.get(userId);
    // The rows were read after their version: a copy is never older than its version says. It
    // serves later times only (coupons expired since are dropped here).
    if (cached && cached.version === version && t >= cached.readAt && t < cached.until) {
      return cached.coupons.filter((c) => c.held || c.pricing.validTo.getTime() > t);
    }
    const coupons = await this.buildWallet(userId, now);
    this.walletCache.delete(userId);
    if (this.walletCache.size >= WALLET_CACHE_MAX) {
      const oldest = this.walletCache.keys().next().value;
      if (oldest !== undefined) this.walletCache.delete(oldest);
    }
    this.walletCache.set(userId, { version, coupons, readAt: t, until: t + TEMPLATE_CACHE_MS });
    return coupons;
  }

  private async buildWallet(userId: number, now: Date): Promise<WalletCoupon[]> {
    const rows = await this.repo.walletRows(userId, now);
    if (!rows.length) return [];
    const [templates, orderNos] = await Promise.all([
      this.templatesOf(rows.map((r) => r.template_id)),
      this.repo.orderNosOf(rows.filter((r) => r.status === 'held').map((r) => r.id)),
    ]);
    return rows.flatMap((r) => {
      const cached = templates.get(r.template_id);
      if (!cached) return [];
      const { row: tpl, rules } = cached;
      return [
        {
          // A small object per coupon on the template's rules; the sheet's view only on demand.
          pricing: { ...rules, id: r.id, validFrom: r.valid_from, validTo: r.valid_to },
          held: r.status === 'held',
          view: (at: Date) =>
            toMyCoupon(
              {
                ...tpl,
                coupon_id: r.id,
                user_id: userId,
                status: r.status,
                valid_from: r.valid_from,
                valid_to: r.valid_to,
                group_id: null,
                claimed_at: r.claimed_at,
                used_at: null,
                order_no: orderNos.get(r.id) ?? null,
              },
              at,
              this.expiringDays,
              cached.targets,
            ),
        },
      ];
    });
  }

  private readonly walletCache = new Map<number, CachedWallet>();

  private readonly templateCache = new Map<number, CachedTemplate>();

  /** Each template's scope by name and page (names read through the catalogue), by template id. */
  async targetsOf(rows: readonly TemplateRow[]): Promise<Map<number, CouponScopeTarget[]>> {
    if (!rows.length) return new Map();
    const names = await this.catalogue.names(scopeIds(rows));
    return new Map(rows.map((r) => [r.id, scopeTargets(r, names)]));
  }

  private async templatesOf(ids: readonly number[]): Promise<Map<number, CachedTemplate>> {
    const now = Date.now();
    const out = new Map<number, CachedTemplate>();
    const missing: number[] = [];
    for (const id of new Set(ids)) {
      const hit = this.templateCache.get(id);
      if (hit && hit.until > now) out.set(id, hit);
      else missing.push(id);
    }
    const rows = await this.repo.templatesByIds(missing);
    const targets = await this.targetsOf(rows);
    for (const row of rows) {
      if (this.templateCache.size >= TEMPLATE_CACHE_MAX) this.templateCache.clear();
      const entry = {
        row,
        rules: rulesOf(row),
        targets: targets.get(row.id) ?? [],
        until: now + TEMPLATE_CACHE_MS,
      };
      this.templateCache.set(row.id, entry);
      out.set(row.id, entry);
    }
    return out;
  }
}
