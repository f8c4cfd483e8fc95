import type { ProductSort } from '@chaopin/contracts';
import type { Db } from '../../platform/db.ts';

const ON_SHELF = 1;

export interface ProductPageQuery {
  /** Restricts to these categories; undefined means every category. */
  categoryIds?: number[];
  sort: ProductSort;
  limit: number;
  offset: number;
}

/** SQL for the catalogue: home content, categories and product listings. */
export class CatalogueRepo {
  constructor(private readonly db: Db) {}

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

  allCategories() {
    return this.db
      .selectFrom('category')
      .select(['id', 'parent_id', 'name', 'icon'])
      .orderBy('sort')
      .orderBy('id')
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

  private onShelf(categoryIds: number[] | undefined) {
    let query = this.db.selectFrom('product as p').where('p.status', '=', ON_SHELF);
    if (categoryIds) query = query.where('p.category_id', 'in', categoryIds);
    return query;
  }

  async countOnShelf(categoryIds: number[] | undefined): Promise<number> {
    const row = await this.onShelf(categoryIds)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** A page of on-shelf products; every order ends on id so pages never overlap or skip. */
  pageOnShelf(q: ProductPageQuery) {
    let query = this.onShelf(q.categoryIds)
      .innerJoin('store as s', 's.id', 'p.store_id')
      .select([
        'p.id',
        'p.title',
        'p.main_image',
        'p.price',
        'p.origin_price',
        'p.sales',
        'p.store_id',
        's.name as store_name',
      ]);
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
