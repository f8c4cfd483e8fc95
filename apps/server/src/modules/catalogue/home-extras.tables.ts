import type { ColumnType, Generated } from 'kysely';

export interface HomeActivityTable {
  id: Generated<number>;
  title: string;
  subtitle: Generated<string>;
  image: string;
  link: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface HomePopupTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: string;
  enabled: Generated<boolean>;
  /** 'new': only for buyers who have never paid for an order (migration 0023). */
  audience: Generated<'all' | 'new'>;
  starts_at: ColumnType<Date, Date | string, Date | string>;
  ends_at: ColumnType<Date, Date | string, Date | string>;
}

export interface EvaluationTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  /** One evaluation per order line. */
  order_item_id: number;
  /** 1-5; 4 and 5 count as good. */
  stars: number;
  content: Generated<string>;
  images: ColumnType<string[], string | undefined, string>;
  anonymous: Generated<boolean>;
  created_at: Generated<Date>;
}

/** Row types of the home extras and evaluation tables (part of CatalogueTables, catalogue.tables.ts). */
export interface HomeExtrasTables {
  home_activity: HomeActivityTable;
  home_popup: HomePopupTable;
  evaluation: EvaluationTable;
}
