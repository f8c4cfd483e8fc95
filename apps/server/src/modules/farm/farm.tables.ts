import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';

export interface FarmFruitTable {
  id: Generated<number>;
  name: string;
  image: Generated<string>;
  water_needed: number;
  /** JSON array of the five stages' start percents. */
  stage_percents: Generated<string>;
  reward: 'coupon' | 'product';
  coupon_template_id: number | null;
  sku_id: number | null;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  deleted_at: Date | null;
  created_at: Generated<Date>;
}

export interface FarmKettleTable {
  user_id: number;
  water: Generated<number>;
  /** Water a refund took back beyond the kettle (poured already); the next water pays it first. */
  debt: Generated<number>;
  updated_at: Generated<Date>;
}

export interface FarmTreeTable {
  id: Generated<number>;
  user_id: number;
  fruit_id: number;
  /** Copied from the fruit when planted: an operator's later edit changes no planted tree. */
  water_needed: number;
  stage_percents: string;
  growth: Generated<number>;
  state: Generated<'growing' | 'ripe' | 'harvested'>;
  reward: 'coupon' | 'product';
  coupon_template_id: number | null;
  sku_id: number | null;
  order_id: number | null;
  order_no: string | null;
  planted_at: Generated<Date>;
  ripe_at: Date | null;
  harvested_at: Date | null;
}

export interface FarmWaterLogTable {
  id: Generated<number>;
  user_id: number;
  source: 'daily' | 'order' | 'help' | 'share' | 'water' | 'refund';
  amount: number;
  /** Unique with source: what makes each gift once (user:day, orderNo, helper>owner:day…). */
  ref: string;
  friend_id: number | null;
  tree_id: number | null;
  /** The China-time day (YYYY-MM-DD) it happened on. */
  day: string;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface FarmTables {
  farm_fruit: FarmFruitTable;
  farm_kettle: FarmKettleTable;
  farm_tree: FarmTreeTable;
  farm_water_log: FarmWaterLogTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type FarmReadViews = Pick<DB, 'coupon_template' | 'shop_order'>;

/** What this module's repos may query: its own tables and its read views. */
export type FarmSchema = FarmTables & FarmReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type FarmDb = Kysely<FarmSchema>;
