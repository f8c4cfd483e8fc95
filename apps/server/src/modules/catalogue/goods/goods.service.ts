import type {
  EvaluationQuery,
  EvaluationView,
  PageOf,
  ProductCard,
  ProductDetail,
  StoreCard,
  StoreDetail,
  StoreGoodsQuery,
  StoreLicense,
} from '@chaopin/contracts';
import { type BlobStore, urlForKey } from '../../../platform/blob-store.ts';
import { AppError } from '../../../platform/errors.ts';
import type { CatalogueService } from '../browse/catalogue.service.ts';
import { chinaDay } from '../browse/product-card.ts';
import type { CachedJson } from '../cache/cached-json.ts';
import type { SharedDetail } from '../cache/catalogue-cache.ts';
import type { EvaluationRepo } from './evaluation.repo.ts';
import type { GoodsRepo } from './goods.repo.ts';
import { creditCodeFor, licenseSvg } from './license.ts';
import { specAxes } from './spec-axes.ts';

const DEFAULT_PAGE_SIZE = 10;
const ANONYMOUS = { nickname: '匿名用户', avatar: '/assets/avatars/0.svg' };
/** Bump when the licence artwork changes, so stores get a new image. */
const LICENSE_VERSION = 1;

/** Product detail and store pages. */
export class GoodsService {
  constructor(
    private readonly repo: GoodsRepo,
    private readonly catalogue: CatalogueService,
    private readonly evaluations: EvaluationRepo,
    private readonly blobs: BlobStore,
    /**
     * A signed-in user saw a product page (the dashboard's funnel counts users: in memory, never
     * a query; an anonymous view has no user to count).
     */
    private readonly viewed: (productId: number, userId: number) => void = () => {},
  ) {}

  /**
   * An on-shelf product with its SKUs and store. A signed-in viewer also learns whether it is
   * in their favourites, and the view is recorded in their footprints.
   */
  async detail(id: number, userId: number | undefined): Promise<ProductDetail> {
    const shared = await this.catalogue.cache.detail(id, () => this.loadDetail(id));
    if (userId === undefined) return { ...shared, isCollected: false };
    this.viewed(id, userId);
    const isCollected = await this.repo.isCollected(userId, id);
    await this.repo.recordFootprint(userId, id, chinaDay(new Date()));
    return { ...shared, isCollected };
  }

  /** The anonymous detail as the serialized envelope, cached until the product changes. */
  async detailText(id: number, serialize: (detail: ProductDetail) => string): Promise<CachedJson> {
    const text = await this.catalogue.cache.detailText(id, async () =>
      serialize(await this.detail(id, undefined)),
    );
    return text;
  }

  private async loadDetail(id: number): Promise<SharedDetail> {
    const product = await this.repo.onShelfProduct(id);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const [skus, store, rated] = await Promise.all([
      this.repo.skus(id),
      this.repo.store(product.store_id),
      this.evaluations.summary(id),
    ]);
    if (!store) throw new AppError('PRODUCT_NOT_FOUND');
    return {
      id: product.id,
      title: product.title,
      subtitle: product.subtitle,
      mainImage: product.main_image,
      images: product.images,
      video: product.video,
      detail: product.detail,
      price: product.price,
      originPrice: product.origin_price,
      sales: product.sales,
      rx: product.rx,
      stock: skus.reduce((sum, s) => sum + s.stock, 0),
      store: storeCard(store),
      skus: skus.map((s) => ({
        id: s.id,
        name: s.name,
        specs: s.specs,
        price: s.price,
        originPrice: s.origin_price,
        stock: s.stock,
        image: s.image,
      })),
      specAxes: specAxes(skus),
      // Good rate in whole percent, 100 while there are none.
      evaluation: {
        count: rated.count,
        goodRate: rated.count === 0 ? 100 : Math.round((rated.good * 100) / rated.count),
      },
    };
  }

  async store(id: number, userId: number | undefined): Promise<StoreDetail> {
    const [store, isFollowed] = await Promise.all([
      this.repo.store(id),
      userId === undefined ? false : this.repo.isFollowed(userId, id),
    ]);
    if (!store) throw new AppError('STORE_NOT_FOUND');
    return {
      ...storeCard(store),
      description: store.description,
      followerCount: Number(store.follower_count ?? 0),
      isFollowed,
      openedAt: new Date(store.created_at).toISOString(),
    };
  }

  /**
   * The store's business licence: an SVG generated on first request from the store's name and
   * id (a deterministic credit code), stored once in the blob store and re-used afterwards.
   */
  async license(storeId: number): Promise<StoreLicense> {
    const store = await this.repo.store(storeId);
    if (!store) throw new AppError('STORE_NOT_FOUND');
    const creditCode = creditCodeFor(store.id);
    const key = `license/store-${store.id}-v${LICENSE_VERSION}.svg`;
    if (store.license_key !== key) {
      const svg = licenseSvg({
        companyName: store.name,
        creditCode,
        openedAt: new Date(store.created_at),
      });
      await this.blobs.put(key, Buffer.from(svg), 'image/svg+xml');
      await this.repo.setLicenseKey(store.id, key);
    }
    return { storeId: store.id, companyName: store.name, creditCode, image: urlForKey(key) };
  }

  /** A page of an on-shelf product's evaluations, newest first. */
  async evaluationPage(query: EvaluationQuery): Promise<PageOf<EvaluationView>> {
    const pageNum = query.pageNum ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    if (!(await this.repo.onShelfProduct(query.productId))) throw new AppError('PRODUCT_NOT_FOUND');
    const { count } = await this.evaluations.summary(query.productId);
    const offset = (pageNum - 1) * pageSize;
    const rows =
      offset < count ? await this.evaluations.page(query.productId, pageSize, offset) : [];
    return {
      list: rows.map((r) => ({
        id: r.id,
        ...(r.anonymous ? ANONYMOUS : { nickname: r.nickname, avatar: r.avatar }),
        stars: r.stars,
        content: r.content,
        images: r.images,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: count,
      pageNum,
      pageSize,
    };
  }

  async storeGoods(query: StoreGoodsQuery): Promise<PageOf<ProductCard>> {
    if (!(await this.repo.store(query.storeId))) throw new AppError('STORE_NOT_FOUND');
    return this.catalogue.pageProducts({ storeId: query.storeId }, query);
  }
}

interface StoreRow {
  id: number;
  name: string;
  logo: string;
  score: number;
  product_count: number | null;
}

function storeCard(s: StoreRow): StoreCard {
  return {
    id: s.id,
    name: s.name,
    logo: s.logo,
    score: s.score,
    productCount: Number(s.product_count ?? 0),
  };
}
