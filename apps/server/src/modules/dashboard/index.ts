import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { Periodic } from '../../platform/periodic.ts';
import { DashboardRepo } from './dashboard.repo.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { DashboardService } from './dashboard.service.ts';
import { DashboardRollup } from './dashboard-rollup.ts';
import { FunnelTally } from './funnel-tally.ts';
import { RollupRepo } from './rollup.repo.ts';

export type { DashboardRollup } from './dashboard-rollup.ts';
export type { FunnelTally } from './funnel-tally.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The dashboard module (tests flush its funnel counts through it). */
    dashboard: DashboardModule;
  }
}

export interface DashboardModule {
  dashboard: DashboardService;
  /** Its reactions to order.paid and refund.refunded (modules/reactions.ts runs them). */
  reactions: DashboardRollup;
  /** The funnel's in-memory counts (views, cart adds, orders placed). */
  funnel: FunnelTally;
}

/**
 * The funnel's counter, built before the modules that count into it (catalogue, cart, orders),
 * which take its methods as ports. Starts flushing when the app is ready; flushes on close.
 */
export function createFunnelTally(app: FastifyInstance, deps: Deps): FunnelTally {
  const tally = new FunnelTally(narrowDb(deps.db), new RollupRepo(), (err) =>
    deps.log.error({ err }, 'dashboard funnel counts not written'),
  );
  app.addHook('onReady', async () => tally.start());
  app.addHook('preClose', () => tally.stop());
  return tally;
}

/** 经营概览 (the console's dashboard): rollups kept by the order and refund events. */
export async function registerDashboardModule(
  app: FastifyInstance,
  deps: Deps,
  funnel: FunnelTally,
): Promise<DashboardModule> {
  const dashboard = new DashboardService(narrowDb(deps.db), new DashboardRepo(narrowDb(deps.db)));
  await dashboardRoutes(app, dashboard);
  // A closed period's distinct buyers are computed once: the platform's, before anyone asks.
  const warm = new Periodic(
    () => dashboard.warm(),
    3_600_000,
    (err) => deps.log.warn({ err }, 'dashboard warm-up failed'),
  );
  let first: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    warm.start();
    first = dashboard.warm().catch((err: unknown) => {
      deps.log.warn({ err }, 'dashboard warm-up failed');
    });
  });
  app.addHook('preClose', async () => {
    await first;
    await warm.stop();
  });
  const m = { dashboard, reactions: new DashboardRollup(new RollupRepo()), funnel };
  app.decorate('dashboard', m);
  return m;
}
