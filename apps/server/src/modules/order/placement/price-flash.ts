import type { Db } from '../../../database.ts';
import type { SkuForPricing, StockLine } from '../../catalogue/index.ts';
import { priceOrder } from '../pricing.ts';
import type { BatchContext, Placing } from './batch-context.ts';
import type { PlaceJob, PlaceResult } from './place-job.ts';

/**
 * Flash submits: the sale's stock and limits are taken through the flash port (not the SKU's
 * stock, which the sale set aside when it was made); each is priced at its sale price.
 */
export async function priceFlash(
  ctx: BatchContext,
  trx: Db,
  indexes: number[],
  jobs: PlaceJob[],
  results: PlaceResult[],
): Promise<Placing[]> {
  if (!indexes.length) return [];
  const port = ctx.flashPort;
  const skus = await ctx.stock.skus(
    [...new Set(indexes.flatMap((i) => jobs[i]?.lines.map((l) => l.skuId) ?? []))],
    trx,
  );
  const ready: number[] = [];
  for (const i of indexes) {
    const line = jobs[i]?.lines[0];
    const sku = line && skus.get(line.skuId);
    if (!sku) results[i] = { kind: 'refused', error: 'SKU_NOT_FOUND' };
    else if (!sku.onShelf) results[i] = { kind: 'refused', error: 'PRODUCT_OFF_SHELF' };
    else ready.push(i);
  }
  const claimed = await port.claim(
    trx,
    ready.map((i) => {
      const j = jobs[i] as PlaceJob;
      return {
        itemId: j.flash?.itemId ?? 0,
        userId: j.userId,
        quantity: j.lines[0]?.quantity ?? 0,
      };
    }),
  );
  return ready.flatMap((i, n) => {
    const error = claimed[n];
    if (error) {
      results[i] = { kind: 'refused', error };
      return [];
    }
    const job = jobs[i] as PlaceJob;
    const line = job.lines[0] as StockLine;
    const sku = skus.get(line.skuId) as SkuForPricing;
    const price = job.flash?.price ?? sku.price;
    return [{ i, job, pricing: priceOrder([{ ...sku, price, quantity: line.quantity }]) }];
  });
}
