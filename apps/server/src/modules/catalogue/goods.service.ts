import type {
  PageOf,
  ProductCard,
  ProductDetail,
  StoreCard,
  StoreDetail,
  StoreGoodsQuery,
} from '@chaopin/contracts';
import { AppError } from '../../platform/errors.ts';
import type { CatalogueService } from './catalogue.service.ts';
import type { SharedDetail } from './catalogue-cache.ts';
import type { GoodsRepo } from './goods.repo.ts';
import { chinaDay } from './product-card.ts';
import { specAxes } from './spec-axes.ts';

/** Until evaluations exist every product shows none, rated 100 % good. */
const NO_EVALUATIONS = { count: 0, goodRate: 100 };

/** Product detail and store pages. */
export class GoodsService {
  constructor(
    private readonly repo: GoodsRepo,
    private readonly catalogue: CatalogueService,
  ) {}

  /**
   * An on-shelf product with its SKUs and store. A signed-in viewer also learns whether it is
   * in their favourites, and the view is recorded in their footprints.
   */
  async detail(id: number, userId: number | undefined): Promise<ProductDetail> {
    const shared = await this.catalogue.cache.detail(id, () => this.loadDetail(id));
    if (userId === undefined) return { ...shared, isCollected: false };
    const isCollected = await this.repo.isCollected(userId, id);
    await this.repo.recordFootprint(userId, id, chinaDay(new Date()));
    return { ...shared, isCollected };
  }

  /** The anonymous detail as the serialized envelope, cached until the product changes. */
  detailText(id: number, serialize: (detail: ProductDetail) => string): Promise<string> {
    return this.catalogue.cache.detailText(id, async () =>
      serialize(await this.detail(id, undefined)),
    );
  }

  private async loadDetail(id: number): Promise<SharedDetail> {
    const product = await this.repo.onShelfProduct(id);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    const [skus, store] = await Promise.all([
      this.repo.skus(id),
      this.repo.store(product.store_id),
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
      evaluation: NO_EVALUATIONS,
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
