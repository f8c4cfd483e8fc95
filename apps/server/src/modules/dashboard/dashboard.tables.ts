import type { ColumnType, Kysely } from 'kysely';

/** A bigint sum column: read back as a string by the drivers, written as a number. */
type Fen = ColumnType<string, number | undefined, number>;
/** A date column written as 'YYYY-MM-DD' (read it back as text: the drivers make a Date of it). */
type Day = ColumnType<string, string, string>;

export interface DashHourlyTable {
  store_id: number;
  hour: ColumnType<Date, Date, Date>;
  paid_orders: ColumnType<number, number | undefined, number>;
  paid_amount: Fen;
  refund_amount: Fen;
}

export interface DashDailyTable {
  store_id: number;
  day: Day;
  paid_orders: ColumnType<number, number | undefined, number>;
  paid_amount: Fen;
  refund_amount: Fen;
  refund_orders: ColumnType<number, number | undefined, number>;
}

export interface DashProductDailyTable {
  product_id: number;
  day: Day;
  store_id: number;
  paid_amount: Fen;
  refund_amount: Fen;
  quantity: ColumnType<number, number | undefined, number>;
  orders: ColumnType<number, number | undefined, number>;
}

export interface DashBuyerTable {
  store_id: number;
  user_id: number;
  first_day: Day;
  last_day: Day;
}

export interface DashBuyerDayTable {
  store_id: number;
  day: Day;
  user_id: number;
}

/** A day's distinct buyers / buyers whose last payment is that day, per store and shard. */
export interface DashDayCountTable {
  store_id: number;
  day: Day;
  shard: number;
  buyers: number;
}

/** A user's last day of each funnel step, per store (0: the platform). */
export interface DashFunnelUserTable {
  store_id: number;
  user_id: number;
  view_day: Day | null;
  cart_day: Day | null;
  order_day: Day | null;
  paid_day: Day | null;
}

/** How many users reach funnel step `step` from `day` on, per store and shard (migration 0055). */
export interface DashFunnelReachTable {
  store_id: number;
  step: number;
  day: Day;
  shard: number;
  users: number;
}

export interface DashWindowTable {
  store_id: number;
  last_day: Day;
  days: number;
  buyers: number;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface DashboardTables {
  dash_hourly: DashHourlyTable;
  dash_daily: DashDailyTable;
  dash_product_daily: DashProductDailyTable;
  dash_buyer: DashBuyerTable;
  dash_buyer_day: DashBuyerDayTable;
  dash_window: DashWindowTable;
  dash_day_buyers: DashDayCountTable;
  dash_last_day: DashDayCountTable;
  dash_funnel_user: DashFunnelUserTable;
  dash_funnel_reach: DashFunnelReachTable;
  dash_paid: { order_id: number };
  dash_refund: { refund_no: string; order_id: number };
}

/** The database as this module sees it: its own tables (index.ts narrows the app's). */
export type DashboardDb = Kysely<DashboardTables>;
