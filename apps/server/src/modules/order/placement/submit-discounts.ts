import type { Db } from '../../../database.ts';
import type { LockedCoupon } from '../coupon-port.ts';
import type { SubmitDiscounts } from './allocate.ts';
import type { BatchContext } from './batch-context.ts';
import type { PlaceJob, PlaceResult } from './place-job.ts';

/**
 * Each plain submit's coupons, locked and checked as the buyer's own, unused and in date (the
 * first submit of the batch naming a coupon gets it), and its red-packet rule. A submit whose
 * coupon fails is refused here; its coupons' fit to its lines is checked when it is priced.
 */
export async function discountsOf(
  ctx: BatchContext,
  trx: Db,
  indexes: number[],
  jobs: PlaceJob[],
  results: PlaceResult[],
  now: Date,
): Promise<{ ready: number[]; discounts: SubmitDiscounts[] }> {
  const ids = [...new Set(indexes.flatMap((i) => jobs[i]?.couponIds ?? []))];
  let locked = new Map<number, LockedCoupon>();
  if (ids.length) locked = await ctx.couponPort.lock(trx, ids, now);
  const redUsers = [
    ...new Set(indexes.flatMap((i) => (jobs[i]?.useRedPacket ? [jobs[i]?.userId ?? 0] : []))),
  ];
  const pointUsers = [
    ...new Set(indexes.flatMap((i) => (jobs[i]?.usePoints ? [jobs[i]?.userId ?? 0] : []))),
  ];
  const [balances, pointBalances] = await Promise.all([
    ctx.ledger.redPacketBalances(trx, redUsers),
    ctx.ledger.pointsBalances(trx, pointUsers),
  ]);
  const members = await ctx.memberPort.percents(trx, [
    ...new Set(indexes.map((i) => jobs[i]?.userId ?? 0)),
  ]);
  const taken = new Set<number>();
  const ready: number[] = [];
  const discounts: SubmitDiscounts[] = [];
  for (const i of indexes) {
    const job = jobs[i] as PlaceJob;
    const coupons: LockedCoupon[] = [];
    for (const id of job.couponIds ?? []) {
      const c = locked.get(id);
      if (c && c.userId === job.userId && !taken.has(id)) coupons.push(c);
    }
    if (coupons.length !== (job.couponIds?.length ?? 0)) {
      results[i] = {
        kind: 'refused',
        error: 'COUPON_UNUSABLE',
        params: { reason: '优惠券已使用、已过期或不存在' },
      };
      continue;
    }
    for (const c of coupons) taken.add(c.id);
    ready.push(i);
    discounts.push({
      memberPercent: members.get(job.userId),
      coupons,
      redPacket: job.useRedPacket
        ? {
            balance: balances.get(job.userId) ?? 0,
            maxSharePercent: ctx.rules.redPacketSharePercent,
            use: true,
          }
        : undefined,
      points: job.usePoints
        ? {
            balance: pointBalances.get(job.userId) ?? 0,
            perYuan: ctx.rules.pointsPerYuan,
            maxSharePercent: ctx.rules.pointsSharePercent,
            use: true,
          }
        : undefined,
    });
  }
  return { ready, discounts };
}
