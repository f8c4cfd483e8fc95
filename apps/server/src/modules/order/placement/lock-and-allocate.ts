import type { Db } from '../../../database.ts';
import type { SkuForPricing } from '../../catalogue/index.ts';
import { dealShipsFree } from '../pricing.ts';
import { allocate, type SubmitDiscounts } from './allocate.ts';
import type { BatchContext, Placing } from './batch-context.ts';
import type { PlaceJob, PlaceResult } from './place-job.ts';
import { matchPrescriptions } from './rx-lines.ts';

/**
 * The plain submits' SKUs locked and read, their 处方药 lines matched to prescriptions, and the
 * stock of the locked rows allocated to them in arrival order, each priced with its discounts
 * (`allocate`). A submit refused on the way gets its error and is not placing.
 */
export async function lockAndAllocate(
  ctx: BatchContext,
  trx: Db,
  jobs: PlaceJob[],
  results: PlaceResult[],
  discounted: { ready: number[]; discounts: SubmitDiscounts[] },
  now: Date,
): Promise<{
  placing: Placing[];
  skus: Map<number, SkuForPricing>;
  units: Map<number, number>;
  matched: Map<number, number[]>;
}> {
  const skuIds = [
    ...new Set(discounted.ready.flatMap((i) => jobs[i]?.lines.map((l) => l.skuId) ?? [])),
  ];
  const skus = await ctx.stock.skus(skuIds, trx, true);
  const rx = await matchPrescriptions(
    ctx.rxPort,
    trx,
    discounted.ready.map((i) => ({ i, ...(jobs[i] as PlaceJob) })),
    skus,
    now,
  );
  for (const i of rx.refused) results[i] = { kind: 'refused', error: 'RX_REQUIRED' };
  const plain = discounted.ready.filter((i) => !rx.refused.has(i));
  const discounts = discounted.discounts.filter(
    (_, n) => !rx.refused.has(discounted.ready[n] ?? -1),
  );
  const { allocations, taken: units } = allocate(
    plain.map((i) => {
      const job = jobs[i] as PlaceJob;
      const deal = job.deal;
      if (!deal) return job.lines;
      const freeShipping = dealShipsFree(deal.price, ctx.rules.freeDealShipping);
      return job.lines.map((l) => ({ ...l, price: deal.price, freeShipping }));
    }),
    skus,
    // A deal's price is final: no member price, coupon or red packet on top.
    discounts.map((d, n) => (jobs[plain[n] as number]?.deal ? undefined : d)),
    now,
  );
  const placing = allocations.flatMap((a, n) => {
    const i = plain[n] as number;
    if (a.ok) return [{ i, job: jobs[i] as PlaceJob, pricing: a.pricing }];
    results[i] = { kind: 'refused' as const, error: a.error, params: a.params };
    return [];
  });
  return { placing, skus, units, matched: rx.matched };
}
