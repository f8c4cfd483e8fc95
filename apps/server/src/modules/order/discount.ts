import type { CouponKind, CouponScope } from '@chaopin/contracts';

/** A coupon of the buyer's wallet as pricing needs it (the coupon module reads it). */
export interface CouponForPricing {
  id: number;
  kind: CouponKind;
  scope: CouponScope;
  /** A store's coupon (at most one per store and order); null: the platform's (one per order). */
  storeId: number | null;
  /** category: category ids; product: product ids. */
  scopeIds: readonly number[];
  threshold: number;
  amount: number;
  /** discount: percent of the price paid (85 = 8.5折). */
  rate: number;
  /** discount: the most it takes off (0: no cap). */
  cap: number;
  validFrom: Date;
  validTo: Date;
}

/** What a coupon needs of a line. */
export interface DiscountLine {
  productId: number;
  storeId: number;
  categoryId?: number;
  subtotal: number;
}

export interface CouponEvaluation {
  usable: boolean;
  /** Why not (empty when usable). */
  reason: string;
  saving: number;
  /** Indexes of the lines it covers. */
  lines: number[];
}

const yuan = (fen: number) =>
  fen % 100 === 0 ? `¥${fen / 100}` : `¥${(fen / 100).toFixed(2).replace(/0$/, '')}`;

export function applies(c: CouponForPricing, l: DiscountLine): boolean {
  if (c.storeId !== null && l.storeId !== c.storeId) return false;
  switch (c.scope) {
    case 'platform':
    case 'store':
      return true;
    case 'category':
      return l.categoryId !== undefined && c.scopeIds.includes(l.categoryId);
    case 'product':
      return c.scopeIds.includes(l.productId);
  }
}

/** What the coupon takes off `base` fen of goods it covers. */
export function couponSaving(c: CouponForPricing, base: number): number {
  if (base <= 0) return 0;
  if (c.kind === 'discount') {
    const off = base - Math.ceil((base * c.rate) / 100);
    return c.cap > 0 ? Math.min(off, c.cap) : off;
  }
  return Math.min(c.amount, base);
}

/**
 * Whether the coupon can be used on these lines, and what it saves. The threshold is met by the
 * covered lines' list amount (what the shopper sees on 满¥Y); the saving is taken from what the
 * earlier coupons left of them (`net`, defaults to the subtotals).
 */
export function evaluateCoupon(
  c: CouponForPricing,
  lines: readonly DiscountLine[],
  now: Date,
  net: readonly number[] = lines.map((l) => l.subtotal),
): CouponEvaluation {
  const no = (reason: string): CouponEvaluation => ({
    usable: false,
    reason,
    saving: 0,
    lines: [],
  });
  if (c.validFrom.getTime() > now.getTime()) return no('未到使用时间');
  if (c.validTo.getTime() <= now.getTime()) return no('已过期');
  const covered = lines.flatMap((l, i) => (applies(c, l) ? [i] : []));
  if (!covered.length) return no(c.storeId !== null ? '不适用于当前店铺商品' : '不适用该商品');
  const base = covered.reduce((s, i) => s + (lines[i]?.subtotal ?? 0), 0);
  if (base < c.threshold) return no(`未满${yuan(c.threshold)}（还差${yuan(c.threshold - base)}）`);
  const saving = couponSaving(
    c,
    covered.reduce((s, i) => s + (net[i] ?? 0), 0),
  );
  if (saving <= 0) return no('本单已无可优惠金额');
  return { usable: true, reason: '', saving, lines: covered };
}

/**
 * What evaluateCoupon's saving is when the coupon is usable, else 0 — without the reason text or
 * any array: checkout's counts and best choice judge every coupon of the wallet on every preview.
 */
export function usableSaving(
  c: CouponForPricing,
  lines: readonly DiscountLine[],
  now: Date,
  net?: readonly number[],
): number {
  const t = now.getTime();
  if (c.validFrom.getTime() > t || c.validTo.getTime() <= t) return 0;
  let covered = false;
  let base = 0;
  let left = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!l || !applies(c, l)) continue;
    covered = true;
    base += l.subtotal;
    left += net ? (net[i] ?? 0) : l.subtotal;
  }
  if (!covered || base < c.threshold) return 0;
  return Math.max(0, couponSaving(c, left));
}

/**
 * Splits `total` fen over lines in proportion to `weights` (each share at most its weight):
 * floors first, the remainder on the last line, spilling backwards where a line has no room.
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  if (total > sum) throw new RangeError(`cannot spread ${total} over ${sum}`);
  const shares = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - shares.reduce((s, x) => s + x, 0);
  for (let i = weights.length - 1; i >= 0 && left > 0; i--) {
    const room = (weights[i] ?? 0) - (shares[i] ?? 0);
    const add = Math.min(room, left);
    shares[i] = (shares[i] ?? 0) + add;
    left -= add;
  }
  return shares;
}

/** Stores' coupons first (each on its store's lines), then the platform's on what is left. */
export function applicationOrder(coupons: readonly CouponForPricing[]): CouponForPricing[] {
  return [...coupons].sort(
    (a, b) => Number(a.storeId === null) - Number(b.storeId === null) || a.id - b.id,
  );
}

/** At most one coupon per store and one platform coupon. */
export function conflicting(coupons: readonly CouponForPricing[]): boolean {
  const seen = new Set<number | null>();
  for (const c of coupons) {
    if (seen.has(c.storeId)) return true;
    seen.add(c.storeId);
  }
  return false;
}

const better = (a: CouponForPricing, sa: number, b: CouponForPricing | undefined, sb: number) =>
  !b ||
  sa > sb ||
  (sa === sb &&
    (a.validTo.getTime() < b.validTo.getTime() ||
      (a.validTo.getTime() === b.validTo.getTime() && a.id < b.id)));

/**
 * The best combination: each store's largest saving, then the platform coupon that saves most on
 * what the stores' coupons left. Optimal because a platform coupon never saves more when the
 * stores' coupons take more (its saving is monotone in the amount it applies to), so the stores'
 * best choices never lower the total. Ties go to the coupon that expires first.
 */
export function bestCoupons(
  coupons: readonly CouponForPricing[],
  lines: readonly DiscountLine[],
  now: Date,
): CouponForPricing[] {
  const byStore = new Map<number, { c: CouponForPricing; saving: number }>();
  for (const c of coupons) {
    if (c.storeId === null) continue;
    const saving = usableSaving(c, lines, now);
    if (saving <= 0) continue;
    const cur = byStore.get(c.storeId);
    if (better(c, saving, cur?.c, cur?.saving ?? 0)) byStore.set(c.storeId, { c, saving });
  }
  const chosen = [...byStore.values()].map((x) => x.c);
  const net = netAfter(chosen, lines, now);
  let platform: { c: CouponForPricing; saving: number } | undefined;
  for (const c of coupons) {
    if (c.storeId !== null) continue;
    const saving = usableSaving(c, lines, now, net);
    if (saving > 0 && better(c, saving, platform?.c, platform?.saving ?? 0)) {
      platform = { c, saving };
    }
  }
  if (platform) chosen.push(platform.c);
  return applicationOrder(chosen);
}

/** Each line's amount after these coupons (applied in order). */
function netAfter(
  coupons: readonly CouponForPricing[],
  lines: readonly DiscountLine[],
  now: Date,
): number[] {
  return applyCoupons(coupons, lines, now).net;
}

export interface AppliedCoupons {
  net: number[];
  /** Per line: coupon discount, and the part of it the platform's coupon gives. */
  discount: number[];
  platform: number[];
  /** Per coupon id: what it took off each line. */
  shares: Map<number, number[]>;
  /** The first coupon that cannot be used here, with its reason. */
  refused: { id: number; reason: string } | null;
}

/** Applies chosen coupons in application order, spreading each saving over its lines. */
export function applyCoupons(
  coupons: readonly CouponForPricing[],
  lines: readonly DiscountLine[],
  now: Date,
): AppliedCoupons {
  const net = lines.map((l) => l.subtotal);
  const discount = lines.map(() => 0);
  const platform = lines.map(() => 0);
  const byCoupon = new Map<number, number[]>();
  for (const c of applicationOrder(coupons)) {
    const e = evaluateCoupon(c, lines, now, net);
    if (!e.usable) {
      return { net, discount, platform, shares: byCoupon, refused: { id: c.id, reason: e.reason } };
    }
    const perLine = lines.map(() => 0);
    const shares = spread(
      e.saving,
      e.lines.map((i) => net[i] ?? 0),
    );
    e.lines.forEach((i, n) => {
      const share = shares[n] ?? 0;
      net[i] = (net[i] ?? 0) - share;
      discount[i] = (discount[i] ?? 0) + share;
      if (c.storeId === null) platform[i] = (platform[i] ?? 0) + share;
      perLine[i] = share;
    });
    byCoupon.set(c.id, perLine);
  }
  return { net, discount, platform, shares: byCoupon, refused: null };
}
