import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { CatalogueRepo } from './catalogue.repo.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { CatalogueService } from './catalogue.service.ts';

/** Catalogue: home banners and menu, categories and product listings. */
export async function registerCatalogueModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const catalogue = new CatalogueService(new CatalogueRepo(deps.db));
  await catalogueRoutes(app, catalogue);
}
