import type { ProductSort } from '@chaopin/contracts';
import type { CatalogueDb } from '../catalogue.tables.ts';
import { CARD_COLUMNS } from './product-card.ts';

export const ON_SHELF = 1;

/** Makes % _ and \\ match themselves in a LIKE pattern (backslash is the default escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Which on-shelf products a listing shows; every field left out means no restriction. */
export interface ProductFilter {
  /** Restricts to these categories. */
  categoryIds?: number[] | undefined;
  storeId?: number | undefined;
  /** Restricts to these products (a product coupon's 去使用). */
  productIds?: number[] | undefined;
  /** Case-insensitive substring of the title (LIKE wildcards in it are matched literally). */
  titleContains?: string | undefined;
  /** Leaves 处方药 out (the general feed). */
  excludeRx?: boolean | undefined;
}

export interface ProductPageQuery extends ProductFilter {
  sort: ProductSort;
  limit: number;
  offset: number;
}

/** SQL for the catalogue: home content, categories and product listings. */
export class CatalogueRepo {
  constructor(private readonly db: CatalogueDb) {}

  enabledBanners() {
    return this.db
      .selectFrom('banner')
      .select(['id', 'title', 'image', 'link'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  enabledMenuEntries() {
    return this.db
      .selectFrom('menu_entry')
      .select(['id', 'name', 'icon', 'link'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  enabledActivities() {
    return this.db
      .selectFrom('home_activity')
      .select(['id', 'title', 'subtitle', 'image', 'link'])
      .where('enabled', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** The newest-starting enabled popup whose window holds `now`, or undefined. */
  livePopup(now: Date) {
    return this.db
      .selectFrom('home_popup')
      .select(['id', 'title', 'image', 'link', 'audience'])
      .where('enabled', '=', true)
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  allCategories() {
    return this.db
      .selectFrom('category')
      .select(['id', 'parent_id', 'name', 'icon'])
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Titles of these products (any status: a coupon names its product even off the shelf). */
  productTitles(ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('product')
      .select(['id', 'title'])
      .where('id', 'in', [...ids])
      .execute();
  }

  categoryNames(ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('category')
      .select(['id', 'name', 'parent_id'])
      .where('id', 'in', [...ids])
      .execute();
  }

  storeNames(ids: readonly number[]) {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('store')
      .select(['id', 'name'])
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The category and its direct children (categories are two levels deep); empty when unknown. */
  async categoryWithChildren(categoryId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('category')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId)]))
      .execute();
    return rows.map((r) => r.id);
  }

  private onShelf(filter: ProductFilter) {
    let query = this.db.selectFrom('product as p').where('p.status', '=', ON_SHELF);
    if (filter.categoryIds) query = query.where('p.category_id', 'in', filter.categoryIds);
    if (filter.storeId !== undefined) query = query.where('p.store_id', '=', filter.storeId);
    if (filter.productIds) query = query.where('p.id', 'in', filter.productIds);
    if (filter.excludeRx) query = query.where('p.rx', '=', false);
    if (filter.titleContains !== undefined) {
      // ILIKE '%…%' is served by the pg_trgm GIN index (product_title_trgm_idx) from 3 characters.
      query = query.where('p.title', 'ilike', `%${escapeLike(filter.titleContains)}%`);
    }
    return query;
  }

  async countOnShelf(filter: ProductFilter): Promise<number> {
    const row = await this.onShelf(filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** A page of on-shelf products; every order ends on id so pages never overlap or skip. */
  pageOnShelf(q: ProductPageQuery) {
    let query = this.onShelf(q).innerJoin('store as s', 's.id', 'p.store_id').select(CARD_COLUMNS);
    switch (q.sort) {
      case 'sales':
        query = query.orderBy('p.sales', 'desc').orderBy('p.id', 'desc');
        break;
      case 'priceAsc':
        query = query.orderBy('p.price', 'asc').orderBy('p.id', 'asc');
        break;
      case 'priceDesc':
        query = query.orderBy('p.price', 'desc').orderBy('p.id', 'desc');
        break;
      case 'new':
        query = query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
        break;
      case 'default':
        query = query.orderBy('p.id', 'desc');
        break;
    }
    return query.limit(q.limit).offset(q.offset).execute();
  }
}
