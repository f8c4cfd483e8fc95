import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { CatalogueRepo } from './catalogue.repo.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { CatalogueService } from './catalogue.service.ts';

/** The catalogue's services, for other modules (cart, orders). */
export interface CatalogueModule {
  catalogue: CatalogueService;
}

/** Catalogue: home banners and menu, categories and product listings. */
export async function registerCatalogueModule(
  app: FastifyInstance,
  deps: Deps,
): Promise<CatalogueModule> {
  const catalogue = new CatalogueService(new CatalogueRepo(deps.db));
  await catalogueRoutes(app, catalogue);
  return { catalogue };
}
