import type { ErrorId } from '@chaopin/contracts';
import type { SkuForPricing } from '../../catalogue/stock.repo.ts';
import { type Pricing, priceOrder } from '../pricing.ts';

/** One submit's merged lines (one per SKU). */
export interface AllocLine {
  skuId: number;
  quantity: number;
}

export type Allocation = { ok: true; pricing: Pricing } | { ok: false; error: ErrorId };

/**
 * Prices the submits of one batch in submission order against the SKUs as locked by the batch,
 * taking each one's units from the stock left by those before it: a submit either gets all its
 * units or none (its error), exactly as if the submits had run one after another. Pure: the
 * caller writes the stock taken (`taken`) in one statement.
 */
export function allocate(
  submits: readonly (readonly AllocLine[])[],
  skus: ReadonlyMap<number, SkuForPricing>,
): { allocations: Allocation[]; taken: Map<number, number> } {
  const left = new Map<number, number>();
  for (const [id, sku] of skus) left.set(id, sku.stock);
  const taken = new Map<number, number>();
  const allocations = submits.map((lines): Allocation => {
    const input = [];
    for (const l of lines) {
      const sku = skus.get(l.skuId);
      if (!sku) return { ok: false, error: 'SKU_NOT_FOUND' };
      if (!sku.onShelf) return { ok: false, error: 'PRODUCT_OFF_SHELF' };
      if ((left.get(l.skuId) ?? 0) < l.quantity) return { ok: false, error: 'STOCK_NOT_ENOUGH' };
      input.push({ ...sku, quantity: l.quantity });
    }
    for (const l of lines) {
      left.set(l.skuId, (left.get(l.skuId) ?? 0) - l.quantity);
      taken.set(l.skuId, (taken.get(l.skuId) ?? 0) + l.quantity);
    }
    return { ok: true, pricing: priceOrder(input) };
  });
  return { allocations, taken };
}
