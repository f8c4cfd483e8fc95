import type {
  Banner,
  CategoryNode,
  HomeActivity,
  HomePopup,
  MenuEntry,
  PageOf,
  ProductCard,
  ProductListQuery,
  ProductSort,
} from '@chaopin/contracts';
import type { CatalogueCache } from '../cache/catalogue-cache.ts';
import type { CatalogueRepo, ProductFilter } from './catalogue.repo.ts';
import { toProductCard } from './product-card.ts';

const DEFAULT_PAGE_SIZE = 10;

/** Whether a user has ever paid for an order (the order module answers; late-bound in app.ts). */
export type OrderHistoryCheck = (userId: number) => Promise<boolean>;

/** Display names by id (see CatalogueService.names). */
export interface CatalogueNames {
  products: Map<number, string>;
  categories: Map<number, { name: string; topId: number }>;
  stores: Map<number, string>;
}

/** Read side of the catalogue: what the home page and the product lists show. */
export class CatalogueService {
  constructor(
    private readonly repo: CatalogueRepo,
    readonly cache: CatalogueCache,
    /** The order module is built on the catalogue: app.ts hands this late-bound. */
    private readonly hasOrdered: OrderHistoryCheck,
  ) {}

  banners(): Promise<Banner[]> {
    return this.cache.list('banners', () => this.repo.enabledBanners());
  }

  menu(): Promise<MenuEntry[]> {
    return this.cache.list('menu', () => this.repo.enabledMenuEntries());
  }

  activities(): Promise<HomeActivity[]> {
    return this.cache.list('activities', () => this.repo.enabledActivities());
  }

  /**
   * The popup live now for this viewer, or null; the popup is cached briefly like the other home
   * content. A 新人 popup ('new') is not for a user who has already paid for an order.
   */
  async popup(userId?: number): Promise<HomePopup | null> {
    const [live] = await this.cache.list('popup', async () => {
      const row = await this.repo.livePopup(new Date());
      return row ? [row] : [];
    });
    if (!live) return null;
    if (live.audience === 'new' && userId !== undefined && (await this.hasOrdered(userId))) {
      return null;
    }
    return live;
  }

  /** First-level categories with their children, both in display order. */
  categoryTree(): Promise<CategoryNode[]> {
    return this.cache.list('categories', () => this.loadCategoryTree());
  }

  /**
   * Names of products, categories and stores for other modules' labels (a coupon's scope), with
   * each category's first-level parent (the category page opens on it).
   */
  async names(q: {
    productIds: readonly number[];
    categoryIds: readonly number[];
    storeIds: readonly number[];
  }): Promise<CatalogueNames> {
    const [products, categories, stores] = await Promise.all([
      this.repo.productTitles(q.productIds),
      this.repo.categoryNames(q.categoryIds),
      this.repo.storeNames(q.storeIds),
    ]);
    return {
      products: new Map(products.map((p) => [p.id, p.title])),
      categories: new Map(
        categories.map((c) => [c.id, { name: c.name, topId: c.parent_id ?? c.id }]),
      ),
      stores: new Map(stores.map((s) => [s.id, s.name])),
    };
  }

  private async loadCategoryTree(): Promise<CategoryNode[]> {
    const rows = await this.repo.allCategories();
    const tops: CategoryNode[] = [];
    const byId = new Map<number, CategoryNode>();
    for (const row of rows) {
      if (row.parent_id !== null) continue;
      const node = { id: row.id, name: row.name, icon: row.icon, children: [] };
      tops.push(node);
      byId.set(row.id, node);
    }
    for (const row of rows) {
      if (row.parent_id === null) continue;
      byId.get(row.parent_id)?.children.push({ id: row.id, name: row.name, icon: row.icon });
    }
    return tops;
  }

  /**
   * On-shelf products, paged. A first-level category includes its children's products; an
   * unknown category is an empty page rather than an error, so a stale link shows "no goods".
   */
  async listProducts(query: ProductListQuery): Promise<PageOf<ProductCard>> {
    const pageNum = query.pageNum ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const empty = { list: [], total: 0, pageNum, pageSize };
    let categoryIds: number[] | undefined;
    if (query.categoryId !== undefined) {
      const id = query.categoryId;
      categoryIds = await this.cache.list(`category:${id}`, () =>
        this.repo.categoryWithChildren(id),
      );
      if (categoryIds.length === 0) return empty;
    }
    // 处方药 are not advertised to the public (the 药品广告 rules): the unscoped feed leaves them
    // out; their own category, their store and a search still list them.
    const filter = categoryIds ? { categoryIds } : { excludeRx: true };
    return this.pageProducts(filter, { ...query, pageNum, pageSize });
  }

  /** listProducts as the serialized envelope, cached (`serialize` is the route's own serializer). */
  listProductsText(query: ProductListQuery, serialize: (page: PageOf<ProductCard>) => string) {
    const key = `list:${query.categoryId ?? ''}:${query.sort ?? 'default'}:${query.pageNum ?? 1}:${query.pageSize ?? DEFAULT_PAGE_SIZE}`;
    return this.cache.listText(key, async () => serialize(await this.listProducts(query)));
  }

  /** A page of on-shelf products matching the filter (search, store pages, category lists). */
  async pageProducts(
    filter: ProductFilter,
    query: {
      pageNum?: number | undefined;
      pageSize?: number | undefined;
      sort?: ProductSort | undefined;
    },
  ): Promise<PageOf<ProductCard>> {
    const pageNum = query.pageNum ?? 1;
    const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
    const sort = query.sort ?? 'default';
    const key = `page:${JSON.stringify(filter)}:${sort}:${pageNum}:${pageSize}`;
    return this.cache.list(key, () => this.loadPage(filter, sort, pageNum, pageSize));
  }

  private async loadPage(
    filter: ProductFilter,
    sort: ProductSort,
    pageNum: number,
    pageSize: number,
  ): Promise<PageOf<ProductCard>> {
    const total = await this.repo.countOnShelf(filter);
    const offset = (pageNum - 1) * pageSize;
    if (offset >= total) return { list: [], total, pageNum, pageSize };
    const rows = await this.repo.pageOnShelf({
      ...filter,
      sort,
      limit: pageSize,
      offset,
    });
    return { list: rows.map(toProductCard), total, pageNum, pageSize };
  }
}
