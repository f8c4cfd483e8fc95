import type { CouponTemplateView, MyCoupon } from '@chaopin/contracts';
import { formatDate, formatDateMinute } from '../../core/format.ts';
import { PATHS } from '../pageConfig.ts';

/** What a ticket's face needs: the fields templates and my coupons share. */
export type CouponFace = Pick<
  CouponTemplateView,
  'kind' | 'threshold' | 'amount' | 'rate' | 'cap' | 'title' | 'scopeText' | 'scopeTargets'
>;

/**
 * Fen as the short yuan figure tickets print (2000 → 20, 550 → 5.5, 1999 → 19.99): a coupon
 * reads ¥20, never ¥20.00.
 */
export function yuanText(fen: number): string {
  const abs = Math.abs(Math.trunc(fen));
  const cents = abs % 100;
  const yuan = `${Math.floor(abs / 100)}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
  return `${fen < 0 ? '-' : ''}${yuan.replace(/(\.\d)0$/, '$1')}`;
}

/** A discount rate in tenths (85) as the 折 figure (8.5). */
export function rateText(rate: number): string {
  return (rate / 10).toFixed(1).replace(/\.0$/, '');
}

/** The ticket's big figure: ¥20 (symbol before) or 8.5折 (unit after). */
export function couponValue(c: CouponFace): { figure: string; unit: string; before: boolean } {
  if (c.kind === 'discount') return { figure: rateText(c.rate), unit: '折', before: false };
  return { figure: yuanText(c.amount), unit: '¥', before: true };
}

/** The lines under the figure: 满100可用 / 无门槛, and a discount's 最高减¥30. */
export function couponConditions(c: CouponFace): string[] {
  const lines = [c.threshold > 0 ? `满${yuanText(c.threshold)}可用` : '无门槛'];
  if (c.kind === 'discount' && c.cap > 0) lines.push(`最高减¥${yuanText(c.cap)}`);
  return lines;
}

/** A short rule for chips (满100减20 / 8.5折 / 无门槛减5) when the server's title is missing. */
export function couponRule(c: CouponFace): string {
  if (c.title) return c.title;
  if (c.kind === 'discount') {
    return `${c.threshold > 0 ? `满${yuanText(c.threshold)}享` : ''}${rateText(c.rate)}折`;
  }
  return c.threshold > 0
    ? `满${yuanText(c.threshold)}减${yuanText(c.amount)}`
    : `无门槛减${yuanText(c.amount)}`;
}

/** An ISO time as its China-time calendar day, zero-padded: 2026-03-07. */
export function dayText(iso: string): string {
  return formatDate(iso);
}

/** 有效期至 2026-03-07 23:59, or its start too while it has not begun (China time). */
export function validityText(
  c: Pick<MyCoupon, 'validFrom' | 'validTo'>,
  now: number = Date.now(),
): string {
  const from = formatDateMinute(c.validFrom);
  const until = formatDateMinute(c.validTo);
  if (!from || !until) return '';
  return Date.parse(c.validFrom) > now ? `${from} 至 ${until}` : `有效期至 ${until}`;
}

/** 限商品/品类/店铺 before the scope's names (a platform coupon has none). */
export function scopeLead(c: Pick<CouponFace, 'scopeTargets'>): string {
  const kind = c.scopeTargets[0]?.kind;
  return kind === 'store' ? '限店铺' : kind === 'category' ? '限品类' : '限商品';
}

export interface ClaimAction {
  label: string;
  /** Only 立即领取 can be tapped. */
  enabled: boolean;
}

/** The claim button of a template, by the server's state for this user. */
export function claimAction(t: Pick<CouponTemplateView, 'state' | 'audience'>): ClaimAction {
  switch (t.state) {
    case 'claim':
      return { label: '立即领取', enabled: true };
    case 'claimed':
      return { label: '已领取', enabled: false };
    case 'soldOut':
      return { label: '已抢光', enabled: false };
    default:
      return {
        label:
          t.audience === 'new' ? '新人专享' : t.audience === 'member' ? '会员专享' : '不可领取',
        enabled: false,
      };
  }
}

/**
 * A template as it stands once this user has claimed one more: shown at once, while the refetch
 * that follows confirms it (the server may know of claims made elsewhere).
 */
export function markClaimed(t: CouponTemplateView): CouponTemplateView {
  const claimed = t.claimed + 1;
  const issued = t.issued + 1;
  const state =
    t.perUser > 0 && claimed >= t.perUser ? 'claimed' : issued >= t.total ? 'soldOut' : 'claim';
  return { ...t, claimed, issued, state };
}

/** 去使用: a store coupon opens its store, any other the products it applies to. */
export function couponUsePath(c: Pick<MyCoupon, 'id' | 'scope' | 'storeId'>): string {
  if (c.scope === 'store' && c.storeId) return `${PATHS.store}?id=${c.storeId}`;
  return `${PATHS.couponGoods}?id=${c.id}`;
}

/** The stamp over a coupon that can no longer be used. */
export function couponStamp(state: MyCoupon['state']): string | null {
  if (state === 'used') return '已使用';
  if (state === 'expired') return '已过期';
  return null;
}
