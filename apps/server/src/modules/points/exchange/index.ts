import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { NamedDealPort, RewardsService } from '../../rewards/index.ts';
import type { ModuleUses } from '../../uses.ts';
import type { PointsModule } from '../index.ts';
import { ExchangeRepo } from './exchange.repo.ts';
import { exchangeRoutes } from './exchange.routes.ts';
import { EXCHANGE_DEAL_PORT, ExchangeService } from './exchange.service.ts';

export interface ExchangeModule {
  exchange: ExchangeService;
  /** A product bought with points: the placer's deal port (gathered by app.ts). */
  deal: NamedDealPort;
  /** Gives back the points of product purchases whose order was cancelled (tests drive it). */
  /** Steps of the order events' handlers (modules/reactions.ts). */
  reactions: { orderPaid: Reaction<'order.paid'>; orderCancelled: Reaction<'order.cancelled'> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The points mall (the demo seed and tests put items on sale through it). */
    exchangeModule: ExchangeModule;
  }
}

/**
 * The points mall (积分商城): coupons and red packets bought with points, and products (points,
 * or points + cash) as deals of the order module.
 */
export async function registerExchangeModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  more: { points: PointsModule; rewards: RewardsService },
): Promise<ExchangeModule> {
  const exchange = new ExchangeService(
    deps.db,
    new ExchangeRepo(narrowDb(deps.db)),
    more.points.points,
    more.rewards,
    uses.order.orders,
    uses.order.stock,
    deps.config.EXCHANGE_PER_USER_LIMIT,
  );
  await exchangeRoutes(app, exchange);
  const m: ExchangeModule = {
    exchange,
    deal: { name: EXCHANGE_DEAL_PORT, port: exchange.dealPort() },
    reactions: {
      orderPaid: (trx, e) => exchange.onPaid(trx, e.orderNos),
      // A cancelled unpaid order gives its points, stock and allowance back in the cancel's
      // transaction (no polling).
      orderCancelled: (trx, e) => exchange.onCancelled(trx, e.orderIds),
    },
  };
  app.decorate('exchangeModule', m);
  return m;
}
