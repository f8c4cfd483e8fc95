import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { assetLoader } from '../../platform/asset-loader.ts';
import { UPLOAD_PREFIX } from '../../platform/blob-store.ts';
import { narrowDb } from '../../platform/db.ts';
import { CatalogueRepo } from './browse/catalogue.repo.ts';
import { catalogueRoutes } from './browse/catalogue.routes.ts';
import { CatalogueService, type OrderHistoryCheck } from './browse/catalogue.service.ts';
import { CatalogueCache } from './cache/catalogue-cache.ts';
import { CollectionRepo } from './collection/collection.repo.ts';
import { collectionRoutes } from './collection/collection.routes.ts';
import { CollectionService } from './collection/collection.service.ts';
import type { AuditPort } from './console/audit-port.ts';
import { registerCatalogueConsole } from './console/register.ts';
import { EvaluationRepo, type EvaluationWriter } from './goods/evaluation.repo.ts';
import { GoodsRepo } from './goods/goods.repo.ts';
import { goodsRoutes } from './goods/goods.routes.ts';
import { GoodsService } from './goods/goods.service.ts';
import { SkuLookupRepo } from './reads/sku-lookup.repo.ts';
import { SkuLookupService } from './reads/sku-lookup.service.ts';
import { SearchRepo } from './search/search.repo.ts';
import { SearchService } from './search/search.service.ts';
import { SearchLogBuffer } from './search/search-log-buffer.ts';
import { ShareRepo } from './share/share.repo.ts';
import { shareRoutes } from './share/share.routes.ts';
import { ShareService } from './share/share.service.ts';

export type {
  CatalogueNames,
  CatalogueService,
  OrderHistoryCheck,
} from './browse/catalogue.service.ts';
export type { CatalogueCache } from './cache/catalogue-cache.ts';
export type { EvaluationWriter } from './goods/evaluation.repo.ts';
export { creditCodeFor } from './goods/license.ts';
export type { SkuInfo, SkuLookupService } from './reads/sku-lookup.service.ts';
export { type SkuBasics, skuReads } from './reads/sku-reads.repo.ts';
export { storeReads } from './reads/store-reads.repo.ts';
export { renderPoster } from './share/poster.ts';
// The stock service: the one way other modules move `sku.stock` (orders, placement batches).
export { type SkuForPricing, StockRepo } from './stock/stock.repo.ts';
export { mergeLines, type StockLine, StockService } from './stock/stock.service.ts';

/** The catalogue's services, for other modules (cart, orders, activities). */
export interface CatalogueModule {
  catalogue: CatalogueService;
  goods: GoodsService;
  /** Favourites, footprints and followed stores (e.g. the cart's "move to collection"). */
  collection: CollectionService;
  /** Live SKU reads (price, stock, shelf state): the read port on `sku`/`product` for every module. */
  skus: SkuLookupService;
  /** Writes evaluations (the logistics module's 评价 after receipt). */
  evaluations: EvaluationWriter;
}

/**
 * Catalogue: home banners and menu, categories and product listings, product detail, search,
 * store pages, and each user's favourites, footprints and followed stores; and its console
 * (products, categories, 首页装修), audited through the access module.
 */
export async function registerCatalogueModule(
  app: FastifyInstance,
  deps: Deps,
  ports: {
    /** The access module's audit trail (every console write records itself through it). */
    audit: AuditPort;
    /** The 新人专享 popup's audience: whether a user has ever paid for an order (orders answer). */
    orderHistory: OrderHistoryCheck;
    /** A product page was shown (the dashboard's funnel counts it). */
    viewed?: (productId: number, userId: number) => void;
  },
): Promise<CatalogueModule> {
  const cache = await CatalogueCache.create(deps.bus, {
    listTtlMs: deps.config.CATALOGUE_CACHE_MS,
    detailTtlMs: deps.config.CATALOGUE_CACHE_MS * 6,
  });
  const catalogue = new CatalogueService(
    new CatalogueRepo(narrowDb(deps.db)),
    cache,
    ports.orderHistory,
  );
  const goodsRepo = new GoodsRepo(narrowDb(deps.db));
  const evaluations = new EvaluationRepo(narrowDb(deps.db));
  const goods = new GoodsService(goodsRepo, catalogue, evaluations, deps.blobs, ports.viewed);
  const searchRepo = new SearchRepo(narrowDb(deps.db));
  const anonymousLog = new SearchLogBuffer(
    (keywords) => searchRepo.insertLogs(keywords),
    (err, keywords) => deps.log.error({ err, keywords }, 'anonymous searches not recorded'),
  );
  app.addHook('onClose', () => anonymousLog.close());
  const search = new SearchService(searchRepo, catalogue, anonymousLog);
  const collection = new CollectionService(new CollectionRepo(narrowDb(deps.db)));
  await catalogueRoutes(app, catalogue);
  await goodsRoutes(app, goods, search);
  await collectionRoutes(app, collection);
  const loadAsset = assetLoader(app, [UPLOAD_PREFIX]);
  const share = new ShareService(
    new ShareRepo(narrowDb(deps.db)),
    goodsRepo,
    deps.blobs,
    loadAsset,
  );
  await shareRoutes(app, share);
  await registerCatalogueConsole(app, deps.db, cache, ports.audit);
  const skus = new SkuLookupService(new SkuLookupRepo(narrowDb(deps.db)));
  return { catalogue, goods, collection, skus, evaluations };
}
