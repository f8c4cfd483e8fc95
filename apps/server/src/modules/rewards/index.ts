import type { FastifyInstance } from 'fastify';
import type { OrderModule } from '../order/index.ts';
import type { CouponGrantPort, PointsGrantPort, RedPacketGrantPort } from './reward-ports.ts';
import { RewardsRepo } from './rewards.repo.ts';
import { RewardsService } from './rewards.service.ts';

export type { DealPort, NamedDealPort } from '../order/index.ts';
export { orderLink, REWARD_LINKS, yuan } from './reward-links.ts';
export type { GrantOrigin, PrizeClaim, Reward, RewardSource } from './rewards.service.ts';
export { RewardsService } from './rewards.service.ts';

export interface RewardsModule {
  rewards: RewardsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The kernel's rewards (tests grant through it). */
    rewardsModule: RewardsModule;
  }
}

/**
 * The kernel's rewards (发奖): the one path by which draw, farm, game, redeem, cards, the points
 * mall and the bargain grant a coupon, a red packet, points or a prize order. The coupon, wallet
 * and points modules hand in their grant as ports, so this module imports none of them (the
 * points mall and redeem both build on it without a cycle); prize orders go through the order
 * module's public entry.
 */
export function registerRewardsModule(
  app: FastifyInstance,
  ports: {
    coupons: CouponGrantPort;
    redPackets: RedPacketGrantPort;
    points: PointsGrantPort;
    order: OrderModule;
  },
): RewardsModule {
  const { order } = ports;
  const rewards = new RewardsService(
    {
      coupons: ports.coupons,
      redPackets: ports.redPackets,
      points: ports.points,
      orders: {
        placeDeal: (userId, p) => order.orders.placeDeal(userId, p),
        bySubmitKey: (userId, key) => order.orders.bySubmitKey(userId, key),
        dealShippingFee: (price, free) => order.orders.dealShippingFee(price, free),
      },
    },
    new RewardsRepo(),
  );
  const m: RewardsModule = { rewards };
  app.decorate('rewardsModule', m);
  return m;
}
