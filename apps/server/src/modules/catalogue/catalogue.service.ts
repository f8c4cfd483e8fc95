import type {
  Banner,
  CategoryNode,
  MenuEntry,
  PageOf,
  ProductCard,
  ProductListQuery,
} from '@chaopin/contracts';
import type { CatalogueRepo } from './catalogue.repo.ts';

const DEFAULT_PAGE_SIZE = 10;

/** Read side of the catalogue: what the home page and the product lists show. */
export class CatalogueService {
  constructor(private readonly repo: CatalogueRepo) {}

  banners(): Promise<Banner[]> {
    return this.repo.enabledBanners();
  }

  menu(): Promise<MenuEntry[]> {
    return this.repo.enabledMenuEntries();
  }

  /** First-level categories with their children, both in display order. */
  async categoryTree(): Promise<CategoryNode[]> {
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
      categoryIds = await this.repo.categoryWithChildren(query.categoryId);
      if (categoryIds.length === 0) return empty;
    }
    const total = await this.repo.countOnShelf(categoryIds);
    const offset = (pageNum - 1) * pageSize;
    if (offset >= total) return { ...empty, total };
    const rows = await this.repo.pageOnShelf({
      categoryIds,
      sort: query.sort ?? 'default',
      limit: pageSize,
      offset,
    });
    const list = rows.map((r) => ({
      id: r.id,
      title: r.title,
      image: r.main_image,
      price: r.price,
      originPrice: r.origin_price,
      sales: r.sales,
      storeId: r.store_id,
      storeName: r.store_name,
    }));
    return { list, total, pageNum, pageSize };
  }
}
