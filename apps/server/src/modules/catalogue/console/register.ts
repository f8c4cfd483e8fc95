import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import type { AuditPort } from './audit-port.ts';
import { CategoryAdminRepo } from './category-admin.repo.ts';
import { CategoryAdminService } from './category-admin.service.ts';
import { DecorRepo } from './decor.repo.ts';
import { decorConsoleRoutes } from './decor.routes.ts';
import { DecorService } from './decor.service.ts';
import { productConsoleRoutes } from './product.routes.ts';
import { ProductAdminRepo } from './product-admin.repo.ts';
import { ProductAdminService } from './product-admin.service.ts';

/**
 * The catalogue's console: products and SKUs, categories, the home page's decor. Every write
 * is audited (`audit`) and clears the shoppers' catalogue cache once it has committed.
 */
export async function registerCatalogueConsole(
  app: FastifyInstance,
  db: Db,
  cache: CatalogueCache,
  audit: AuditPort,
) {
  const products = new ProductAdminService(db, new ProductAdminRepo(narrowDb(db)), audit, cache);
  const categories = new CategoryAdminService(
    db,
    new CategoryAdminRepo(narrowDb(db)),
    audit,
    cache,
  );
  await productConsoleRoutes(app, products, categories);
  await decorConsoleRoutes(app, new DecorService(db, new DecorRepo(narrowDb(db)), audit, cache));
}
