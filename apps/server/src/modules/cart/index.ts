import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { CatalogueModule } from '../catalogue/index.ts';

// biome-ignore lint/suspicious/noEmptyInterface: the cart module's services, exposed to other modules
export interface CartModule {}

/** The shopping cart. */
export async function registerCartModule(
  _app: FastifyInstance,
  _deps: Deps,
  _uses: { catalogue: CatalogueModule },
): Promise<CartModule> {
  return {};
}
