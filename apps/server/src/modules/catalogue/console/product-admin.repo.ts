import type { ProductAdminSort } from '@chaopin/contracts';
import { sql } from 'kysely';
import { escapeLike, ON_SHELF } from '../browse/catalogue.repo.ts';
import type { CatalogueDb } from '../catalogue.tables.ts';

/** Which products the console's list shows; a field left out does not restrict. */
export interface ProductAdminFilter {
  /** null: every store (the operator); otherwise these (never empty: the service answers that). */
  storeIds: readonly number[] | null;
  categoryIds?: number[] | undefined;
  onShelf?: boolean | undefined;
  /** Title contains it; a number also matches the product id. */
  q?: string | undefined;
  stockOut?: 'any' | 'all' | undefined;
  rx?: boolean | undefined;
}

export interface ProductWrite {
  store_id: number;
  category_id: number;
  title: string;
  subtitle: string;
  main_image: string;
  images: string;
  price: number;
  origin_price: number;
  detail: string;
  video?: string | null;
}

export interface SkuWrite {
  name: string;
  specs: string;
  price: number;
  origin_price: number;
  stock: number;
  image: string;
  free_shipping?: boolean;
}

const SORT_COLUMNS = {
  id: sql.ref('p.id'),
  price: sql.ref('p.price'),
  sales: sql.ref('p.sales'),
  stock: sql.ref('agg.stock'),
  createdAt: sql.ref('p.created_at'),
  updatedAt: sql.ref('p.updated_at'),
} as const;

/** SQL of the console's product pages: the scoped list, the edit form, and every product write. */
export class ProductAdminRepo {
  constructor(private readonly db: CatalogueDb) {}

  private filtered(f: ProductAdminFilter) {
    let q = this.db
      .selectFrom('product as p')
      .innerJoin('store as st', 'st.id', 'p.store_id')
      .innerJoin('category as c', 'c.id', 'p.category_id')
      // Per product: its SKUs' price range, units left, sold-out SKUs and SKU count.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('sku as s')
            .whereRef('s.product_id', '=', 'p.id')
            .select([
              sql<number>`coalesce(min(s.price), 0)::int`.as('min_price'),
              sql<number>`coalesce(max(s.price), 0)::int`.as('max_price'),
              sql<number>`coalesce(sum(s.stock), 0)::int`.as('stock'),
              sql<number>`(count(*) filter (where s.stock = 0))::int`.as('sold_out'),
              sql<number>`count(*)::int`.as('sku_count'),
            ])
            .as('agg'),
        (join) => join.onTrue(),
      );
    if (f.storeIds) q = q.where('p.store_id', 'in', [...f.storeIds]);
    if (f.categoryIds) q = q.where('p.category_id', 'in', f.categoryIds);
    if (f.onShelf !== undefined) {
      q = q.where('p.status', f.onShelf ? '=' : '<>', ON_SHELF);
    }
    if (f.rx !== undefined) q = q.where('p.rx', '=', f.rx);
    if (f.stockOut === 'any') q = q.where('agg.sold_out', '>', 0);
    if (f.stockOut === 'all') q = q.where('agg.stock', '=', 0);
    const text = f.q?.trim();
    if (text) {
      const byTitle = `%${escapeLike(text)}%`;
      const id = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
      q = q.where((eb) =>
        id === undefined
          ? eb('p.title', 'ilike', byTitle)
          : eb.or([eb('p.title', 'ilike', byTitle), eb('p.id', '=', id)]),
      );
    }
    return q;
  }

  async count(f: ProductAdminFilter): Promise<number> {
    const row = await this.filtered(f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of the list; every order ends on the id, so pages never overlap or skip. */
  page(
    f: ProductAdminFilter,
    sort: ProductAdminSort,
    order: 'asc' | 'desc',
    limit: number,
    offset: number,
  ) {
    const dir = order === 'asc' ? sql`asc` : sql`desc`;
    return this.filtered(f)
      .select([
        'p.id',
        'p.title',
        'p.main_image',
        'p.store_id',
        'st.name as store_name',
        'p.category_id',
        'c.name as category_name',
        'p.sales',
        'p.status',
        'p.rx',
        'p.created_at',
        'p.updated_at',
        'agg.min_price',
        'agg.max_price',
        'agg.stock',
        'agg.sold_out',
        'agg.sku_count',
      ])
      .orderBy(sql`${SORT_COLUMNS[sort]} ${dir}`)
      .orderBy(sql`p.id ${dir}`)
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Stores by name or id, at most `limit`, among `storeIds` (null: all), by id. */
  storeOptions(storeIds: readonly number[] | null, q: string | undefined, limit: number) {
    let query = this.db.selectFrom('store').select(['id', 'name']).orderBy('id').limit(limit);
    if (storeIds) query = query.where('id', 'in', [...storeIds]);
    const text = q?.trim();
    if (text) {
      const id = /^\d{1,9}$/.test(text) ? Number(text) : undefined;
      const byName = `%${escapeLike(text)}%`;
      query = query.where((eb) =>
        id === undefined
          ? eb('name', 'ilike', byName)
          : eb.or([eb('name', 'ilike', byName), eb('id', '=', id)]),
      );
    }
    return query.execute();
  }

  /** One product with its store's and category's names, or undefined. */
  detail(id: number, db: CatalogueDb = this.db) {
    return db
      .selectFrom('product as p')
      .innerJoin('store as st', 'st.id', 'p.store_id')
      .innerJoin('category as c', 'c.id', 'p.category_id')
      .selectAll('p')
      .select(['st.name as store_name', 'c.name as category_name', 'c.parent_id'])
      .where('p.id', '=', id)
      .executeTakeFirst();
  }

  skus(productId: number, db: CatalogueDb = this.db) {
    return db
      .selectFrom('sku')
      .select(['id', 'name', 'specs', 'price', 'origin_price', 'stock', 'image', 'free_shipping'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
  }

  /** The category and its direct children (two levels); empty when unknown. */
  async categoryWithChildren(categoryId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('category')
      .select('id')
      .where((eb) => eb.or([eb('id', '=', categoryId), eb('parent_id', '=', categoryId)]))
      .execute();
    return rows.map((r) => r.id);
  }

  /** The stores of these products, their rows locked until the transaction ends (id order). */
  lockProducts(db: CatalogueDb, ids: readonly number[]) {
    return db
      .selectFrom('product')
      .select(['id', 'store_id', 'status'])
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  setShelf(db: CatalogueDb, ids: readonly number[], on: boolean) {
    return db
      .updateTable('product')
      .set({ status: on ? ON_SHELF : 0, updated_at: sql`now()` })
      .where('id', 'in', [...ids])
      .returning('id')
      .execute();
  }

  /** A SKU with its product's store, locked until the transaction ends. */
  lockSku(db: CatalogueDb, skuId: number) {
    return db
      .selectFrom('sku as s')
      .innerJoin('product as p', 'p.id', 's.product_id')
      .select(['s.id', 's.product_id', 's.name', 's.stock', 'p.store_id'])
      .where('s.id', '=', skuId)
      .forUpdate('s')
      .executeTakeFirst();
  }

  setStock(db: CatalogueDb, skuId: number, stock: number) {
    return db.updateTable('sku').set({ stock }).where('id', '=', skuId).execute();
  }

  async storeExists(db: CatalogueDb, id: number) {
    const row = await db.selectFrom('store').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async categoryExists(db: CatalogueDb, id: number) {
    const row = await db
      .selectFrom('category')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The product as an edit finds it, locked until the transaction ends. */
  lockProduct(db: CatalogueDb, id: number) {
    return db.selectFrom('product').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  insertProduct(db: CatalogueDb, values: ProductWrite) {
    return db.insertInto('product').values(values).returning('id').executeTakeFirstOrThrow();
  }

  updateProduct(db: CatalogueDb, id: number, values: ProductWrite) {
    return db
      .updateTable('product')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** SKUs left out of an edit stay (orders reference them) but can no longer be bought. */
  zeroStockExcept(db: CatalogueDb, productId: number, keep: number[]) {
    let q = db.updateTable('sku').set({ stock: 0 }).where('product_id', '=', productId);
    if (keep.length) q = q.where('id', 'not in', keep);
    return q.execute();
  }

  insertSku(db: CatalogueDb, productId: number, values: SkuWrite) {
    return db
      .insertInto('sku')
      .values({ ...values, product_id: productId })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  updateSku(db: CatalogueDb, productId: number, skuId: number, values: SkuWrite) {
    return db
      .updateTable('sku')
      .set(values)
      .where('id', '=', skuId)
      .where('product_id', '=', productId)
      .execute();
  }
}
