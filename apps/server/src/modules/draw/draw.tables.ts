import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';

export type DrawPrizeKindCol = 'coupon' | 'redpacket' | 'points' | 'product' | 'nothing';
export type DrawCostKindCol = 'free' | 'chance' | 'points';

export interface DrawWheelTable {
  id: Generated<number>;
  title: string;
  points_cost: number;
  free_per_day: number;
  starts_at: Date;
  ends_at: Date | null;
  rules: Generated<string>;
  created_at: Generated<Date>;
}

export interface DrawPrizeTable {
  id: Generated<number>;
  wheel_id: number;
  slot: number;
  kind: DrawPrizeKindCol;
  title: string;
  coupon_template_id: number | null;
  amount: number | null;
  sku_id: number | null;
  weight: number;
  /** Units left; null: unlimited (points and 谢谢参与 only). */
  stock: number | null;
  enabled: Generated<boolean>;
}

export interface DrawDayTable {
  wheel_id: number;
  user_id: number;
  /** YYYY-MM-DD in China time. */
  day: string;
  free_used: Generated<number>;
}

export interface DrawChanceTable {
  user_id: number;
  /** Chances spent; those left are the sum of the grants minus this. */
  spent: Generated<number>;
}

export interface DrawChanceGrantTable {
  id: Generated<number>;
  user_id: number;
  /** `refund`: a paid order's grant undone (count below zero, ref the order number). */
  source: 'order' | 'admin' | 'refund';
  ref: string;
  count: number;
  /** The order a first-order grant belongs to (and a reversal undoes). */
  order_no: Generated<string | null>;
  created_at: Generated<Date>;
}

export interface DrawResultTable {
  id: Generated<number>;
  wheel_id: number;
  user_id: number;
  client_key: string;
  prize_id: number | null;
  kind: DrawPrizeKindCol;
  title: string;
  amount: number | null;
  coupon_template_id: number | null;
  sku_id: number | null;
  cost_kind: DrawCostKindCol;
  cost_points: Generated<number>;
  order_id: number | null;
  order_no: string | null;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface DrawTables {
  draw_wheel: DrawWheelTable;
  draw_prize: DrawPrizeTable;
  draw_day: DrawDayTable;
  draw_chance: DrawChanceTable;
  draw_chance_grant: DrawChanceGrantTable;
  draw_result: DrawResultTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type DrawReadViews = Pick<DB, 'coupon_template' | 'shop_order'>;

/** What this module's repos may query: its own tables and its read views. */
export type DrawSchema = DrawTables & DrawReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type DrawDb = Kysely<DrawSchema>;
