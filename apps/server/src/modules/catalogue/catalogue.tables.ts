import type { Generated, Kysely } from 'kysely';
import type { Json } from '../../platform/db-types.ts';
import type { CatalogueDetailTables } from './catalogue-detail.tables.ts';
import type { HomeExtrasTables } from './home-extras.tables.ts';

export interface StoreTable {
  id: Generated<number>;
  name: string;
  logo: string;
  description: string;
  score: Generated<number>;
  created_at: Generated<Date>;
  /** Blob key of the generated business-licence image, set on first request. */
  license_key: string | null;
}

export interface CategoryTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  icon: string;
  sort: Generated<number>;
}

export interface ProductTable {
  id: Generated<number>;
  store_id: number;
  category_id: number;
  title: string;
  subtitle: string;
  main_image: string;
  images: Json<string[]>;
  video: string | null;
  price: number;
  origin_price: number;
  sales: Generated<number>;
  status: Generated<number>;
  detail: Generated<string>;
  /** 处方药: bought only against a valid prescription. */
  rx: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface SkuTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  specs: Json<Record<string, string>>;
  price: number;
  origin_price: number;
  stock: number;
  image: string;
  /** 包邮: a store's order made only of such SKUs pays no shipping (0035). */
  free_shipping: Generated<boolean>;
}

export interface BannerTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface MenuEntryTable {
  id: Generated<number>;
  name: string;
  icon: string;
  link: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

/**
 * Row types of every catalogue table: stores, categories, products and SKUs, the home page's
 * banners and menu here; favourites, search and shares, home extras and evaluations from their
 * own files (composed into DB in database.ts).
 */
export interface CatalogueTables extends CatalogueDetailTables, HomeExtrasTables {
  store: StoreTable;
  category: CategoryTable;
  product: ProductTable;
  sku: SkuTable;
  banner: BannerTable;
  menu_entry: MenuEntryTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type CatalogueDb = Kysely<CatalogueTables>;
