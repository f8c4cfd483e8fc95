import type { Generated } from 'kysely';

export interface ProductFavoriteTable {
  user_id: number;
  product_id: number;
  created_at: Generated<Date>;
}

export interface ProductFootprintTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  /** China calendar day, 'YYYY-MM-DD' on insert; read back as a Date or string by the driver. */
  day: string;
  viewed_at: Generated<Date>;
}

export interface StoreFollowTable {
  user_id: number;
  store_id: number;
  created_at: Generated<Date>;
}

export interface SearchHistoryTable {
  user_id: number;
  keyword: string;
  searched_at: Generated<Date>;
}

export interface SearchLogTable {
  id: Generated<number>;
  keyword: string;
  user_id: number | null;
  /** Anonymous rows: how many searches this row stands for (signed-in rows: 1). */
  hits: Generated<number>;
  created_at: Generated<Date>;
}

export interface ProductShareTable {
  code: string;
  product_id: number;
  poster_key: string | null;
  created_at: Generated<Date>;
}

/** Row types of the catalogue-detail tables (part of CatalogueTables, catalogue.tables.ts). */
export interface CatalogueDetailTables {
  product_favorite: ProductFavoriteTable;
  product_footprint: ProductFootprintTable;
  store_follow: StoreFollowTable;
  search_history: SearchHistoryTable;
  search_log: SearchLogTable;
  product_share: ProductShareTable;
}
