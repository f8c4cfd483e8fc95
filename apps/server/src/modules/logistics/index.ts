import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderConsolePorts } from '../order/index.ts';
import type { ModuleUses } from '../uses.ts';
import { BuiltinLogisticsProvider } from './builtin-provider.ts';
import { EvaluationService } from './evaluation.service.ts';
import { logisticsRoutes } from './logistics.routes.ts';
import { LogisticsService } from './logistics.service.ts';
import { LogisticsSweeper } from './logistics-sweeper.ts';
import type { LogisticsProvider } from './provider.ts';
import { ShipmentRepo } from './shipment.repo.ts';

export interface LogisticsModule {
  logistics: LogisticsService;
  evaluations: EvaluationService;
  sweeper: LogisticsSweeper;
  provider: LogisticsProvider;
  /** Step of the order.shipped handler (modules/reactions.ts). */
  reactions: { orderShipped: Reaction<'order.shipped'> };
  /** A shipment's tracking for the console's order page (null before shipping). */
  trackingOf: OrderConsolePorts['tracking'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The logistics module's services (tests drive the sweeper through it). */
    logisticsModule: LogisticsModule;
  }
}

/** Logistics tracking, automatic receipt and writing evaluations. */
export async function registerLogisticsModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<LogisticsModule> {
  const { fulfilment } = uses.order;
  const provider: LogisticsProvider = new BuiltinLogisticsProvider();
  const repo = new ShipmentRepo(narrowDb(deps.db));
  const days = deps.config.AUTO_CONFIRM_DAYS;
  const logistics = new LogisticsService(fulfilment, repo, provider, days);
  const sweeper = new LogisticsSweeper(deps.db, repo, fulfilment, provider, deps.events, deps.log, {
    autoConfirmDays: days,
  });
  const evaluations = new EvaluationService(
    deps.db,
    fulfilment,
    uses.catalogue.evaluations,
    uses.catalogue.catalogue.cache,
    deps.events,
  );
  await logisticsRoutes(app, logistics, evaluations);
  const m: LogisticsModule = {
    // The console's order page shows the tracking (none before shipping: no error).
    trackingOf: (userId, orderNo) =>
      logistics.query(userId, orderNo).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      }),
    logistics,
    evaluations,
    sweeper,
    provider,
    reactions: { orderShipped: (trx, e) => logistics.startTracking(trx, e.orderNo, e.userId) },
  };
  app.decorate('logisticsModule', m);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
