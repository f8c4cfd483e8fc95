import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.ts';
import type { RedeemModule } from '../../redeem/index.ts';
import type { ModuleUses } from '../../uses.ts';
import type { PointsModule } from '../index.ts';
import { ExchangeRepo } from './exchange.repo.ts';
import { exchangeRoutes } from './exchange.routes.ts';
import { EXCHANGE_DEAL_PORT, ExchangeService } from './exchange.service.ts';

export interface ExchangeModule {
  exchange: ExchangeService;
  /** Gives back the points of product purchases whose order was cancelled (tests drive it). */
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
  more: { points: PointsModule; redeem: RedeemModule },
): Promise<ExchangeModule> {
  const exchange = new ExchangeService(
    deps.db,
    new ExchangeRepo(deps.db),
    more.points.points,
    more.redeem.rewards,
    uses.order.orders,
    uses.order.stock,
    deps.config.EXCHANGE_PER_USER_LIMIT,
  );
  uses.order.placer.useDeal(EXCHANGE_DEAL_PORT, exchange.dealPort());
  deps.events.on(async (trx, e) => {
    if (e.type === 'order.paid') await exchange.onPaid(trx, e.orderNos);
    if (e.type === 'order.cancelled') await exchange.onCancelled(trx, e.orderIds);
  });
  await exchangeRoutes(app, exchange);
  const m: ExchangeModule = { exchange };
  app.decorate('exchangeModule', m);
  return m;
}
