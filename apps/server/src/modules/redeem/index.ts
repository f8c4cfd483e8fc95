import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { NamedDealPort, RewardsService } from '../rewards/index.ts';
import type { ModuleUses } from '../uses.ts';
import { RedeemRepo } from './redeem.repo.ts';
import { redeemRoutes } from './redeem.routes.ts';
import { REDEEM_DEAL_PORT, RedeemService } from './redeem.service.ts';
import { CodeKeys } from './redeem-codes.ts';

export interface RedeemModule {
  redeem: RedeemService;
  /** A product code's ¥0 order: the placer's deal port (gathered by app.ts). */
  deal: NamedDealPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The redeem-code service (the demo seed makes a batch through it). */
    redeemModule: RedeemModule;
  }
}

/**
 * Redeem codes (兑换码): operator batches, one-time export, redemption with its reward; a product
 * code's ¥0 order is a prize order of the kernel's rewards.
 */
export async function registerRedeemModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  rewards: RewardsService,
): Promise<RedeemModule> {
  const { config } = deps;
  const redeem = new RedeemService(
    deps.db,
    new RedeemRepo(narrowDb(deps.db)),
    new CodeKeys(deps.secret),
    rewards,
    deps.rateLimit,
    uses.order.stock,
    {
      batchMax: config.REDEEM_BATCH_MAX,
      userFails: config.REDEEM_USER_FAILS,
      ipFails: config.REDEEM_IP_FAILS,
      warnFails: config.REDEEM_WARN_FAILS,
      failWindowSeconds: config.REDEEM_FAIL_WINDOW_SECONDS,
    },
  );
  await redeemRoutes(app, redeem);
  const m: RedeemModule = { redeem, deal: { name: REDEEM_DEAL_PORT, port: redeem.dealPort() } };
  app.decorate('redeemModule', m);
  return m;
}
