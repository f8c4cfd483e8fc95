import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { OrderConsolePorts } from '../order/index.ts';
import type { ModuleUses } from '../uses.ts';
import { AftersaleRepo } from './aftersale.repo.ts';
import { aftersaleRoutes } from './aftersale.routes.ts';
import { AftersaleService } from './aftersale.service.ts';
import { AftersaleSweeper } from './aftersale-sweeper.ts';
import { OrderRefunds } from './order-refunds.ts';
import { RefundSettlement } from './refund-settlement.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The merchant side of after-sales (tests drive the stuck-refund retry through it). */
    refunds: RefundSettlement;
  }
}

export type { RefundRowStatus } from './aftersale.tables.ts';
export type { OrderRefundSummary } from './order-refunds.ts';

export interface AftersaleModule {
  /** What was refunded of an order (invoices leave it out). */
  orderRefunds: OrderRefunds;
  /** An order's after-sales requests, for the console's order page. */
  refundsOf: OrderConsolePorts['refunds'];
}

/** Refunds and returns (after-sales). */
export async function registerAftersaleModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<AftersaleModule> {
  const repo = new AftersaleRepo(narrowDb(deps.db));
  const orders = uses.order.aftersale;
  const buyer = new AftersaleService(deps.db, repo, orders, deps.config.AFTERSALE_DAYS);
  const merchant = new RefundSettlement(deps.db, repo, orders, deps.events, uses.access.audit);
  app.decorate('refunds', merchant);
  await aftersaleRoutes(app, buyer, merchant);
  const retry = new AftersaleSweeper(merchant, deps.log);
  app.addHook('onReady', async () => retry.start());
  app.addHook('preClose', () => retry.stop());
  return {
    orderRefunds: new OrderRefunds(repo),
    refundsOf: (orderId) => merchant.ofOrder(orderId),
  };
}
