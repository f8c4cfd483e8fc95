import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { CatalogueModule, SkuLookupService } from '../catalogue/index.ts';
import { CartRepo } from './cart.repo.ts';
import { cartRoutes } from './cart.routes.ts';
import { CartService } from './cart.service.ts';

/** The cart module's services, exposed to other modules (orders: buy again, checkout). */
export interface CartModule {
  cart: CartService;
  /** Live SKU reads (price, stock, shelf state), shared with whoever needs them. */
  skus: SkuLookupService;
}

/** The shopping cart. */
export async function registerCartModule(
  app: FastifyInstance,
  deps: Deps,
  uses: { catalogue: CatalogueModule },
  /** `added`: a SKU was put in a cart (the dashboard's funnel counts it). */
  ports: { added?: (skuId: number, userId: number) => void } = {},
): Promise<CartModule> {
  const { skus } = uses.catalogue;
  const cart = new CartService(new CartRepo(narrowDb(deps.db)), skus, ports.added);
  await cartRoutes(app, cart);
  return { cart, skus };
}
