import type { ErrorId } from '@chaopin/contracts';
import type { SkuForPricing } from '../../catalogue/index.ts';
import type { CouponForPricing } from '../discount.ts';
import { atMemberPrice } from '../member-price.ts';
import {
  DiscountRefused,
  type PointsRule,
  type Pricing,
  priceOrder,
  type RedPacketRule,
} from '../pricing.ts';

/** One submit's merged lines (one per SKU). */
export interface AllocLine {
  skuId: number;
  quantity: number;
  /** A deal's price for this line instead of the SKU's (the bargain's free order). */
  price?: number;
  /** The deal ships free whatever the SKU says (a ¥0 prize under DEAL_FREE_SHIPPING). */
  freeShipping?: boolean;
}

export type Allocation =
  | { ok: true; pricing: Pricing }
  | { ok: false; error: ErrorId; params?: Record<string, string> };

/** A submit's coupons (checked as its own and unused) and red-packet rule. */
export interface SubmitDiscounts {
  coupons: readonly CouponForPricing[];
  redPacket?: RedPacketRule;
  points?: PointsRule;
  /** The buyer is a member: each line at this percent of its list price. */
  memberPercent?: number;
}

/**
 * Prices the submits of one batch in submission order against the SKUs as locked by the batch,
 * taking each one's units from the stock left by those before it: a submit either gets all its
 * units or none (its error), exactly as if the submits had run one after another. Pure: the
 * caller writes the stock taken (`taken`) in one statement.
 */
export function allocate(
  submits: readonly (readonly AllocLine[])[],
  skus: ReadonlyMap<number, SkuForPricing>,
  /** By submit index; a submit without an entry uses none. */
  discounts: readonly (SubmitDiscounts | undefined)[] = [],
  now = new Date(),
): { allocations: Allocation[]; taken: Map<number, number> } {
  const left = new Map<number, number>();
  for (const [id, sku] of skus) left.set(id, sku.stock);
  const taken = new Map<number, number>();
  const allocations = submits.map((lines, n): Allocation => {
    const input = [];
    for (const l of lines) {
      const sku = skus.get(l.skuId);
      if (!sku) return { ok: false, error: 'SKU_NOT_FOUND' };
      if (!sku.onShelf) return { ok: false, error: 'PRODUCT_OFF_SHELF' };
      if ((left.get(l.skuId) ?? 0) < l.quantity) return { ok: false, error: 'STOCK_NOT_ENOUGH' };
      const priced = {
        ...sku,
        price: l.price ?? sku.price,
        freeShipping: sku.freeShipping || l.freeShipping === true,
      };
      input.push(atMemberPrice({ ...priced, quantity: l.quantity }, discounts[n]?.memberPercent));
    }
    let pricing: Pricing;
    try {
      const d = discounts[n];
      pricing = priceOrder(input, {
        coupons: d?.coupons,
        redPacket: d?.redPacket,
        points: d?.points,
        now,
      });
    } catch (err) {
      if (!(err instanceof DiscountRefused)) throw err;
      return { ok: false, error: err.error, params: { reason: err.reason } };
    }
    for (const l of lines) {
      left.set(l.skuId, (left.get(l.skuId) ?? 0) - l.quantity);
      taken.set(l.skuId, (taken.get(l.skuId) ?? 0) + l.quantity);
    }
    return { ok: true, pricing };
  });
  return { allocations, taken };
}
