import type { Db } from '../../database.ts';
import type { CouponService } from '../coupon/coupon.service.ts';
import type { PointsService } from '../points/points.service.ts';
import type { RedPacketService } from '../wallet/red-packet.service.ts';

/** The in-app pages that use what a code or the mall gave. */
export const REWARD_LINKS = {
  coupon: '/pages/userMyCoupon/myCoupon',
  redpacket: '/pages/userMyAssets/redPacket',
  points: '/rootPages/integral/MyBill',
  /** A product's order (orderLink when its number is known). */
  product: '/pages/userMyOrder/allOrder',
} as const;

/** The order detail page of a product code's or a mall product's order. */
export const orderLink = (orderNo: string) =>
  `/pages/userMyOrder/orderInfo?orderNo=${encodeURIComponent(orderNo)}`;

export type Reward =
  | { kind: 'coupon'; templateId: number }
  | { kind: 'redpacket'; amount: number }
  | { kind: 'points'; amount: number };

/**
 * Gives a coupon, a red packet or points inside the caller's transaction, so that the reward and
 * what paid for it (a code, points) commit together or not at all. A coupon takes one of its
 * template's total and of the user's allowance like an operator's issue (no claimability or
 * audience check: the code or the mall item is the claim).
 */
export class Rewards {
  constructor(
    private readonly coupons: CouponService,
    private readonly redPackets: RedPacketService,
    private readonly points: PointsService,
  ) {}

  /** The template's display name, or COUPON_NOT_FOUND. */
  couponName(templateId: number): Promise<string> {
    return this.coupons.templateName(templateId);
  }

  async grant(
    trx: Db,
    userId: number,
    reward: Reward,
    p: { source: 'redeem' | 'exchange' | 'cards' | 'draw' | 'farm'; ref: string; title: string },
  ): Promise<void> {
    switch (reward.kind) {
      case 'coupon':
        await this.coupons.grant(trx, userId, reward.templateId, p.source);
        return;
      case 'redpacket':
        await this.redPackets.give(trx, userId, {
          title: p.title,
          source: 'activity',
          amount: reward.amount,
        });
        return;
      case 'points':
        await this.points.credit(trx, userId, reward.amount, {
          kind: p.source,
          ref: p.ref,
          memo: p.title,
        });
        return;
    }
  }
}

/** ¥12.30 from fen. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
