import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { CouponModule } from '../coupon/index.ts';
import type { PointsModule } from '../points/index.ts';
import type { ModuleUses } from '../uses.ts';
import type { WalletModule } from '../wallet/index.ts';
import { RedeemRepo } from './redeem.repo.ts';
import { redeemRoutes } from './redeem.routes.ts';
import { REDEEM_DEAL_PORT, RedeemService } from './redeem.service.ts';
import { CodeKeys } from './redeem-codes.ts';
import { Rewards } from './rewards.ts';

export interface RedeemModule {
  redeem: RedeemService;
  /** Gives coupons, red packets and points inside a transaction (the points mall uses it). */
  rewards: Rewards;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The redeem-code service (the demo seed makes a batch through it). */
    redeemModule: RedeemModule;
  }
}

/**
 * Redeem codes (兑换码): operator batches, one-time export, redemption with its reward; a product
 * code's ¥0 order is a deal of the order module.
 */
export async function registerRedeemModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  more: { points: PointsModule; wallet: WalletModule; coupon: CouponModule },
): Promise<RedeemModule> {
  const { config } = deps;
  const rewards = new Rewards(more.coupon.coupons, more.wallet.redPackets, more.points.points);
  const redeem = new RedeemService(
    deps.db,
    new RedeemRepo(deps.db),
    new CodeKeys(deps.secret),
    rewards,
    deps.rateLimit,
    uses.order.orders,
    uses.order.stock,
    {
      batchMax: config.REDEEM_BATCH_MAX,
      userFails: config.REDEEM_USER_FAILS,
      ipFails: config.REDEEM_IP_FAILS,
      warnFails: config.REDEEM_WARN_FAILS,
      failWindowSeconds: config.REDEEM_FAIL_WINDOW_SECONDS,
    },
  );
  uses.order.placer.useDeal(REDEEM_DEAL_PORT, redeem.dealPort());
  await redeemRoutes(app, redeem);
  const m: RedeemModule = { redeem, rewards };
  app.decorate('redeemModule', m);
  return m;
}
