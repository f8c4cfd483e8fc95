import type { ErrorId, RedeemBatch } from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import { type Reward, yuan } from '../rewards/index.ts';
import type { RedeemBatchTable } from './redeem.tables.ts';

type Kind = RedeemBatchTable['kind'];

type BatchRow = Selectable<RedeemBatchTable>;

export function toBatch(b: BatchRow): RedeemBatch {
  return {
    id: b.id,
    name: b.name,
    kind: b.kind,
    couponTemplateId: b.coupon_template_id,
    amount: b.amount,
    skuId: b.sku_id,
    count: b.count,
    redeemed: b.redeemed,
    expiresAt: b.expires_at.toISOString(),
    exportedAt: b.exported_at?.toISOString() ?? null,
    createdAt: b.created_at.toISOString(),
  };
}

export function rewardOf(b: {
  kind: Kind;
  coupon_template_id: number | null;
  amount: number | null;
}): Reward {
  if (b.kind === 'coupon') return { kind: 'coupon', templateId: b.coupon_template_id ?? 0 };
  if (b.kind === 'product') throw new Error('a product code has no reward to grant');
  return { kind: b.kind, amount: b.amount ?? 0 };
}

export function titleOf(
  kind: Kind,
  amount: number | null,
  couponName: string | null,
  productTitle: string | null,
) {
  if (kind === 'coupon') return couponName ?? '优惠券';
  if (kind === 'redpacket') return `红包 ${yuan(amount ?? 0)}`;
  if (kind === 'product') return productTitle ?? '兑换商品';
  return `${amount ?? 0} 积分`;
}

/**
 * Whether the user may place a product code's order now. The code is spent by its order: while
 * that order is unpaid (or paid) nobody may redeem it again; once it was cancelled unpaid (by the
 * user or the pay timeout) the code is not burned: its redeemer may place it again while the
 * batch is in date. Nobody else may: the code was theirs.
 */
export function productCodeError(
  c: {
    kind: Kind;
    expires_at: Date;
    redeemed_by: number | null;
    order_status: string | null;
  },
  userId: number,
  now: Date,
): ErrorId | null {
  if (c.kind !== 'product') return 'REDEEM_CODE_INVALID';
  if (c.redeemed_by !== null && c.redeemed_by !== userId) return 'REDEEM_CODE_USED';
  if (c.expires_at.getTime() <= now.getTime()) return 'REDEEM_CODE_EXPIRED';
  if (c.redeemed_by === null || c.order_status === 'cancelled') return null;
  return c.order_status === 'unpaid' ? 'REDEEM_CODE_ORDERED' : 'REDEEM_CODE_USED';
}
