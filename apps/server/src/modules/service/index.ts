import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { ModuleUses } from '../uses.ts';
import { ContentDeskRepo } from './console/content-desk.repo.ts';
import { contentDeskRoutes } from './console/content-desk.routes.ts';
import { ContentDesk } from './console/content-desk.service.ts';
import { ServiceRepo } from './service.repo.ts';
import { serviceRoutes } from './service.routes.ts';
import { SupportService } from './support.service.ts';
import { webLinkConfig } from './web-link-config.ts';

export interface ServiceModule {
  support: SupportService;
}

/** The service pages: dictionary by code, rule texts, feedback and reports. */
export async function registerServiceModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<ServiceModule> {
  const { goods } = uses.catalogue;
  // Products and stores are checked; live rooms and users belong to modules not wired here yet.
  const support = new SupportService(
    new ServiceRepo(narrowDb(deps.db)),
    deps.rateLimit,
    async (type, id) => {
      if (type === 'goods') await goods.detail(id, undefined);
      if (type === 'store') await goods.store(id, undefined);
    },
  );
  const { WEBLINK_HOSTS, WEBLINK_PAGES } = deps.config;
  await serviceRoutes(app, support, webLinkConfig(WEBLINK_HOSTS, WEBLINK_PAGES));
  await contentDeskRoutes(
    app,
    new ContentDesk(deps.db, new ContentDeskRepo(narrowDb(deps.db)), uses.access.audit),
  );
  return { support };
}
