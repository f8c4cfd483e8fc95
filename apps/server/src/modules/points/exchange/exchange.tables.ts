import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../../database.ts';

export interface ExchangeItemTable {
  id: Generated<number>;
  title: string;
  kind: 'coupon' | 'redpacket' | 'product';
  coupon_template_id: number | null;
  amount: number | null;
  /** A product item's SKU and cash part (fen) on top of the points. */
  sku_id: Generated<number | null>;
  cash: Generated<number>;
  image: Generated<string>;
  points: number;
  stock: number;
  sold: Generated<number>;
  per_user_limit: number;
  on_sale: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

export interface ExchangeCountTable {
  item_id: number;
  user_id: number;
  bought: number;
}

export interface ExchangeOrderTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  client_key: string;
  points: number;
  cash: Generated<number>;
  /** A product purchase's order; paid_at once it is paid, returned_at once cancelled and undone. */
  order_id: Generated<number | null>;
  order_no: Generated<string | null>;
  paid_at: Generated<Date | null>;
  returned_at: Generated<Date | null>;
  created_at: Generated<Date>;
}

/** Row types of the points mall's tables (composed into DB in database.ts). */
export interface ExchangeTables {
  exchange_item: ExchangeItemTable;
  exchange_count: ExchangeCountTable;
  exchange_order: ExchangeOrderTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type ExchangeReadViews = Pick<DB, 'order_group' | 'shop_order'>;

/** What this module's repos may query: its own tables and its read views. */
export type ExchangeSchema = ExchangeTables & ExchangeReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type ExchangeDb = Kysely<ExchangeSchema>;
