import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { NamedDealPort, RewardsService } from '../rewards/index.ts';
import type { ModuleUses } from '../uses.ts';
import { FarmRepo } from './farm.repo.ts';
import { farmRoutes } from './farm.routes.ts';
import { FARM_DEAL_PORT, FarmService } from './farm.service.ts';

export interface FarmModule {
  farm: FarmService;
  /** A harvested product's order: the placer's deal port (gathered by app.ts). */
  deal: NamedDealPort;
  /** Steps of the order events' handlers (modules/reactions.ts). */
  reactions: { orderPaid: Reaction<'order.paid'>; orderRefunded: Reaction<'refund.refunded'> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The farm game (the demo seed adds its fruit kinds through it). */
    farmModule: FarmModule;
  }
}

/**
 * The farm game (种果树): plant, collect water, water, friends' help, harvest a coupon or a
 * product (a ¥0 prize order), both through the kernel's rewards.
 */
export async function registerFarmModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  rewards: RewardsService,
): Promise<FarmModule> {
  const { config } = deps;
  const farm = new FarmService(
    deps.db,
    new FarmRepo(narrowDb(deps.db)),
    rewards,
    uses.order.stock,
    {
      dailyWater: config.FARM_DAILY_WATER,
      waterStep: config.FARM_WATER_STEP,
      orderWater: config.FARM_ORDER_WATER,
      helpWater: config.FARM_HELP_WATER,
      shareWater: config.FARM_SHARE_WATER,
    },
  );
  // Each paid order fills the kettle once, in the payment's transaction; the refund that leaves
  // nothing of it paid takes the water back once, in the refund's.
  await farmRoutes(app, farm);
  const m: FarmModule = {
    farm,
    deal: { name: FARM_DEAL_PORT, port: farm.dealPort() },
    reactions: {
      async orderPaid(trx, e) {
        if (e.amount > 0) await farm.onPaid(trx, e.userId, e.orderNos);
      },
      async orderRefunded(trx, e) {
        if (e.orderRefunded) await farm.onOrderRefunded(trx, e.userId, e.orderNo);
      },
    },
  };
  app.decorate('farmModule', m);
  return m;
}
