import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { assetLoader } from '../../platform/asset-loader.ts';
import { UPLOAD_PREFIX } from '../../platform/blob-store.ts';
import { CatalogueRepo } from './catalogue.repo.ts';
import { catalogueRoutes } from './catalogue.routes.ts';
import { CatalogueService } from './catalogue.service.ts';
import { CatalogueCache } from './catalogue-cache.ts';
import { CollectionRepo } from './collection.repo.ts';
import { collectionRoutes } from './collection.routes.ts';
import { CollectionService } from './collection.service.ts';
import { EvaluationRepo } from './evaluation.repo.ts';
import { GoodsRepo } from './goods.repo.ts';
import { goodsRoutes } from './goods.routes.ts';
import { GoodsService } from './goods.service.ts';
import { SearchRepo } from './search.repo.ts';
import { SearchService } from './search.service.ts';
import { SearchLogBuffer } from './search-log-buffer.ts';
import { ShareRepo } from './share.repo.ts';
import { shareRoutes } from './share.routes.ts';
import { ShareService } from './share.service.ts';

// The stock service: the one way other modules move `sku.stock` (orders, placement batches).
export { type SkuForPricing, StockRepo } from './stock/stock.repo.ts';
export { mergeLines, type StockLine, StockService } from './stock/stock.service.ts';

/** The catalogue's services, for other modules (cart, orders). */
export interface CatalogueModule {
  catalogue: CatalogueService;
  goods: GoodsService;
  /** Favourites, footprints and followed stores (e.g. the cart's "move to collection"). */
  collection: CollectionService;
}

/**
 * Catalogue: home banners and menu, categories and product listings, product detail, search,
 * store pages, and each user's favourites, footprints and followed stores.
 */
export async function registerCatalogueModule(
  app: FastifyInstance,
  deps: Deps,
): Promise<CatalogueModule> {
  const cache = await CatalogueCache.create(deps.bus, {
    listTtlMs: deps.config.CATALOGUE_CACHE_MS,
    detailTtlMs: deps.config.CATALOGUE_CACHE_MS * 6,
  });
  const catalogue = new CatalogueService(new CatalogueRepo(deps.db), cache);
  const goodsRepo = new GoodsRepo(deps.db);
  const goods = new GoodsService(goodsRepo, catalogue, new EvaluationRepo(deps.db), deps.blobs);
  const searchRepo = new SearchRepo(deps.db);
  const anonymousLog = new SearchLogBuffer(
    (keywords) => searchRepo.insertLogs(keywords),
    (err, keywords) => deps.log.error({ err, keywords }, 'anonymous searches not recorded'),
  );
  app.addHook('onClose', () => anonymousLog.close());
  const search = new SearchService(searchRepo, catalogue, anonymousLog);
  const collection = new CollectionService(new CollectionRepo(deps.db));
  await catalogueRoutes(app, catalogue);
  await goodsRoutes(app, goods, search);
  await collectionRoutes(app, collection);
  const loadAsset = assetLoader(app, [UPLOAD_PREFIX]);
  const share = new ShareService(new ShareRepo(deps.db), goodsRepo, deps.blobs, loadAsset);
  await shareRoutes(app, share);
  return { catalogue, goods, collection };
}
