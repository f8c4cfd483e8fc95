import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { ModuleUses } from '../uses.ts';
import { AftersaleRepo } from './aftersale.repo.ts';
import { aftersaleRoutes } from './aftersale.routes.ts';
import { AftersaleService } from './aftersale.service.ts';
import { RefundSettlement } from './refund-settlement.ts';

/** Refunds and returns (after-sales). */
export async function registerAftersaleModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<void> {
  const repo = new AftersaleRepo(deps.db);
  const orders = uses.order.aftersale;
  const buyer = new AftersaleService(deps.db, repo, orders, deps.config.AFTERSALE_DAYS);
  const merchant = new RefundSettlement(deps.db, repo, orders, deps.events);
  await aftersaleRoutes(app, buyer, merchant);
}
