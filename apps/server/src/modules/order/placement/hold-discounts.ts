import type { Db } from '../../../database.ts';
import type { CouponPort } from '../coupon-port.ts';
import type { Pricing } from '../pricing.ts';
import { type BatchContext, KeyRaced } from './batch-context.ts';
import type { PlaceJob } from './place-job.ts';

/**
 * The placed submits' coupons are held by their groups (with what each took off each order),
 * their red packets move to the hold account until the orders are paid or closed, and their
 * points are spent (given back when an order closes unpaid or is refunded).
 */
export async function holdDiscounts(
  ctx: BatchContext,
  trx: Db,
  placed: readonly { job: PlaceJob; pricing: Pricing }[],
  groupFor: (p: { job: PlaceJob }) => { id: number; group_no: string } | undefined,
  orderOf: ReadonlyMap<string, { id: number }>,
): Promise<void> {
  const holds: Parameters<CouponPort['hold']>[1][number][] = [];
  for (const p of placed) {
    const group = groupFor(p);
    if (!group) throw new KeyRaced();
    for (const [couponId, stores] of p.pricing.couponShares) {
      holds.push({
        couponId,
        groupId: group.id,
        orders: [...stores].map(([storeId, amount]) => ({
          orderId: orderOf.get(`${group.id}:${storeId}`)?.id ?? 0,
          amount,
        })),
      });
    }
    const red = p.pricing.redPacketDeduction;
    if (red > 0) {
      await ctx.ledger.post(trx, {
        kind: 'rp_hold',
        ref: group.group_no,
        memo: '红包抵扣',
        entries: [
          { accountId: await ctx.ledger.redPacket(trx, p.job.userId), amount: -red },
          { accountId: await ctx.ledger.clearing(trx, 'redpacket_hold'), amount: red },
        ],
      });
    }
    const points = p.pricing.pointsUsed;
    if (points > 0) {
      await ctx.ledger.post(trx, {
        kind: 'points_use',
        ref: group.group_no,
        memo: '下单抵扣',
        entries: [
          { accountId: await ctx.ledger.points(trx, p.job.userId), amount: -points },
          { accountId: await ctx.ledger.revenue(trx, 'points'), amount: points },
        ],
      });
    }
  }
  if (holds.length) await ctx.couponPort.hold(trx, holds);
}
