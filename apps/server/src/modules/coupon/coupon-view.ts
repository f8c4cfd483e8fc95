import {
  COUPON_SCOPE_TEXT,
  type CouponScopeTarget,
  type CouponTemplateView,
  type MyCoupon,
} from '@chaopin/contracts';
import type { CatalogueNames } from '../catalogue/index.ts';
import type { CouponForPricing } from '../order/index.ts';
import type { CouponRow, TemplateRow } from './coupon.repo.ts';

const yuan = (fen: number) =>
  fen % 100 === 0 ? `¥${fen / 100}` : `¥${(fen / 100).toFixed(2).replace(/0$/, '')}`;
/** A China-time calendar day, zero-padded: 2026-03-07 (en-CA writes YYYY-MM-DD). */
const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });

/** The in-app pages a coupon's scope links to. */
const PRODUCT_PAGE = '/pages/shopDetails/shopDetails';
const CATEGORY_PAGE = '/pages/homeClassify/homeClassify';
const STORE_PAGE = '/pages/shopDetailsStore/shopDetailsStore';

type ScopeFields = Pick<TemplateRow, 'scope' | 'scope_ids' | 'store_id' | 'store_name'>;

/** The ids whose names the scopes of these templates need. */
export function scopeIds(rows: readonly ScopeFields[]) {
  const productIds = new Set<number>();
  const categoryIds = new Set<number>();
  const storeIds = new Set<number>();
  for (const r of rows) {
    const ids = r.scope_ids;
    if (r.scope === 'product') for (const id of ids) productIds.add(id);
    if (r.scope === 'category') for (const id of ids) categoryIds.add(id);
    if (r.scope === 'store' && r.store_id !== null) storeIds.add(r.store_id);
  }
  return { productIds: [...productIds], categoryIds: [...categoryIds], storeIds: [...storeIds] };
}

/** What a coupon applies to, by name and page; ids the catalogue no longer knows are left out. */
export function scopeTargets(r: ScopeFields, names: CatalogueNames): CouponScopeTarget[] {
  if (r.scope === 'store') {
    const name = r.store_id === null ? undefined : (names.stores.get(r.store_id) ?? r.store_name);
    return r.store_id === null || !name
      ? []
      : [{ kind: 'store', id: r.store_id, name, link: `${STORE_PAGE}?id=${r.store_id}` }];
  }
  const ids = r.scope_ids;
  if (r.scope === 'product') {
    return ids.flatMap((id) => {
      const name = names.products.get(id);
      return name ? [{ kind: 'product', id, name, link: `${PRODUCT_PAGE}?id=${id}` }] : [];
    });
  }
  if (r.scope === 'category') {
    return ids.flatMap((id) => {
      const c = names.categories.get(id);
      if (!c) return [];
      const link =
        c.topId === id ? `${CATEGORY_PAGE}?id=${id}` : `${CATEGORY_PAGE}?id=${c.topId}&child=${id}`;
      return [{ kind: 'category', id, name: c.name, link }];
    });
  }
  return [];
}

/** 满100减20 / 8.5折 最高减¥30 / 无门槛减¥5. */
export function couponTitle(
  t: Pick<TemplateRow, 'kind' | 'threshold' | 'amount' | 'rate' | 'cap'>,
) {
  if (t.kind === 'discount') {
    const zhe = `${(t.rate / 10).toString()}折`;
    const from = t.threshold > 0 ? `满${yuan(t.threshold).slice(1)}享` : '';
    return `${from}${zhe}${t.cap > 0 ? ` 最高减${yuan(t.cap)}` : ''}`;
  }
  if (t.kind === 'free' || t.threshold === 0) return `无门槛减${yuan(t.amount)}`;
  return `满${yuan(t.threshold).slice(1)}减${yuan(t.amount).slice(1)}`;
}

export function scopeText(t: Pick<TemplateRow, 'scope' | 'store_name'>) {
  return t.scope === 'store' && t.store_name ? t.store_name : COUPON_SCOPE_TEXT[t.scope];
}

export function validText(t: Pick<TemplateRow, 'start_at' | 'end_at' | 'valid_days'>) {
  if (t.valid_days !== null) return `领取后${t.valid_days}天内有效`;
  return `${day(t.start_at ?? new Date())} 至 ${day(t.end_at ?? new Date())}`;
}

export function toTemplateView(
  t: TemplateRow,
  claimed: number,
  state: CouponTemplateView['state'],
  targets: CouponScopeTarget[],
): CouponTemplateView {
  return {
    id: t.id,
    name: t.name,
    kind: t.kind,
    scope: t.scope,
    scopeText: scopeText(t),
    scopeTargets: targets,
    storeId: t.store_id,
    threshold: t.threshold,
    amount: t.amount,
    rate: t.rate,
    cap: t.cap,
    title: couponTitle(t),
    validText: validText(t),
    audience: t.audience,
    total: t.total,
    issued: t.issued,
    perUser: t.per_user,
    claimed,
    state,
  };
}

export function toMyCoupon(
  r: CouponRow,
  now: Date,
  expiringDays: number,
  targets: CouponScopeTarget[],
): MyCoupon {
  const expired = r.status === 'unused' && r.valid_to.getTime() <= now.getTime();
  const state = expired ? 'expired' : r.status;
  return {
    id: r.coupon_id,
    templateId: r.id,
    name: r.name,
    kind: r.kind,
    scope: r.scope,
    scopeText: scopeText(r),
    scopeTargets: targets,
    storeId: r.store_id,
    threshold: r.threshold,
    amount: r.amount,
    rate: r.rate,
    cap: r.cap,
    title: couponTitle(r),
    state,
    validFrom: r.valid_from.toISOString(),
    validTo: r.valid_to.toISOString(),
    expiringSoon:
      state === 'unused' && r.valid_to.getTime() - now.getTime() <= expiringDays * 86_400_000,
    orderNo: r.status === 'unused' ? null : r.order_no,
    claimedAt: r.claimed_at.toISOString(),
    usedAt: r.used_at?.toISOString() ?? null,
  };
}

/** A template's rules as pricing reads them (the same for every coupon of it). */
export function rulesOf(t: TemplateRow): Omit<CouponForPricing, 'id' | 'validFrom' | 'validTo'> {
  return {
    kind: t.kind,
    scope: t.scope,
    storeId: t.store_id,
    scopeIds: t.scope_ids,
    threshold: t.threshold,
    amount: t.amount,
    rate: t.rate,
    cap: t.cap,
  };
}

export function toPricing(r: CouponRow): CouponForPricing {
  return { ...rulesOf(r), id: r.coupon_id, validFrom: r.valid_from, validTo: r.valid_to };
}
