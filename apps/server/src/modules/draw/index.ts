import { DRAW_DEFAULTS } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { PointsModule } from '../points/index.ts';
import type { NamedDealPort, RewardsService } from '../rewards/index.ts';
import { DrawRepo } from './draw.repo.ts';
import { drawRoutes } from './draw.routes.ts';
import { DRAW_DEAL_PORT, DrawService } from './draw.service.ts';

export interface DrawModule {
  draw: DrawService;
  /** A product prize's order: the placer's deal port (gathered by app.ts). */
  deal: NamedDealPort;
  /** Steps of the order events' handlers (modules/reactions.ts). */
  reactions: { orderPaid: Reaction<'order.paid'>; orderRefunded: Reaction<'refund.refunded'> };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The lucky draw (the demo seed makes its wheel through it). */
    drawModule: DrawModule;
  }
}

/** The lucky draw (幸运抽奖): wheels, spins paid by free spins, chances or points, prizes. */
export async function registerDrawModule(
  app: FastifyInstance,
  deps: Deps,
  more: { points: PointsModule; rewards: RewardsService },
): Promise<DrawModule> {
  const draw = new DrawService(
    deps.db,
    new DrawRepo(narrowDb(deps.db)),
    more.points.points,
    more.rewards,
    {
      orderChances: deps.config.DRAW_ORDER_CHANCES,
      pointsCost: DRAW_DEFAULTS.POINTS_COST,
      freePerDay: DRAW_DEFAULTS.FREE_PER_DAY,
    },
  );
  await drawRoutes(app, draw);
  const m: DrawModule = {
    draw,
    deal: { name: DRAW_DEAL_PORT, port: draw.dealPort() },
    reactions: {
      async orderPaid(trx, e) {
        if (e.amount > 0 && e.orderNos[0]) await draw.onPaid(trx, e.userId, e.orderNos[0]);
      },
      async orderRefunded(trx, e) {
        if (e.orderRefunded) await draw.onOrderRefunded(trx, e.userId, e.orderNo);
      },
    },
  };
  app.decorate('drawModule', m);
  return m;
}
