import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { ModuleUses } from '../uses.ts';
import { PointsRepo } from './points.repo.ts';
import { pointsRoutes } from './points.routes.ts';
import { PointsService } from './points.service.ts';

export interface PointsModule {
  points: PointsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The points module's service (tests sign in on other days through it). */
    pointsModule: PointsModule;
  }
}

/** Points (积分): sign-in, earning tasks and the bill, on the ledger's points accounts. */
export async function registerPointsModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<PointsModule> {
  const { config } = deps;
  const points = new PointsService(deps.db, new PointsRepo(deps.db), uses.order.ledger, {
    signIn: config.POINTS_SIGN_IN,
    streak7Bonus: config.POINTS_STREAK_7_BONUS,
    streak30Bonus: config.POINTS_STREAK_30_BONUS,
    firstOrder: config.POINTS_FIRST_ORDER,
  });
  deps.events.on(async (trx, e) => {
    if (e.type === 'order.paid' && e.orderNos[0]) await points.onPaid(trx, e.userId, e.orderNos[0]);
  });
  await pointsRoutes(app, points);
  const m: PointsModule = { points };
  app.decorate('pointsModule', m);
  return m;
}
