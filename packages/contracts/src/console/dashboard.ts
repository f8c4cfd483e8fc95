import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';

/** The dashboard's periods: today, the last 7 or 30 China days (today included). */
export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/**
 * Every dashboard read: a period and, for the operator, one store (none: the whole platform).
 * A 商家 / 店员 always sees their own store, whatever `storeId` says.
 */
export const DashboardQuery = Type.Object({
  range: Type.Optional(
    Type.Union([Type.Literal('today'), Type.Literal('7d'), Type.Literal('30d')], {
      errorId: 'DASHBOARD_RANGE_INVALID',
    }),
  ),
  storeId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STORE_NOT_FOUND' })),
});
export type DashboardQuery = Static<typeof DashboardQuery>;

/** A period's figures. Money in fen. */
export const DashboardFigures = Type.Object({
  /** Paid order amounts net of the refunds of those orders (what the buyers paid and kept). */
  gmv: Type.Integer(),
  /** Paid order amounts before refunds. */
  paidAmount: Type.Integer(),
  /** Refunded to buyers, of the orders paid in the period. */
  refundAmount: Type.Integer(),
  /** Orders paid in the period. */
  orders: Type.Integer(),
  /** Buyers with at least one order paid in the period. */
  payingUsers: Type.Integer(),
  /** The platform: accounts registered in the period; a store: its first-time buyers. */
  newUsers: Type.Integer(),
  /** gmv ÷ orders, rounded to the fen (0 without orders). */
  avgOrderValue: Type.Integer(),
  /** Orders of the period with at least one refund paid back. */
  refundOrders: Type.Integer(),
  /** refundOrders ÷ orders (0-1, four decimals). */
  refundRate: Type.Number(),
});
export type DashboardFigures = Static<typeof DashboardFigures>;

/** A period's first and last China day (YYYY-MM-DD) and its figures. */
export const DashboardPeriod = Type.Object({
  from: Type.String(),
  to: Type.String(),
  ...DashboardFigures.properties,
});
export type DashboardPeriod = Static<typeof DashboardPeriod>;

const Scope = {
  range: Type.String(),
  /** The store shown; null: the whole platform. */
  storeId: Type.Union([Type.Integer(), Type.Null()]),
  storeName: Type.Union([Type.String(), Type.Null()]),
};

/** `GET admin/dashboard/summary`: the period's figures and the period before's (↑↓). */
export const DashboardSummary = Type.Object({
  ...Scope,
  current: DashboardPeriod,
  previous: DashboardPeriod,
});
export type DashboardSummary = Static<typeof DashboardSummary>;

export const DashboardPoint = Type.Object({
  /** '09:00' (today: China hours) or '11-28' (days). */
  label: Type.String(),
  gmv: Type.Integer(),
  orders: Type.Integer(),
});
export type DashboardPoint = Static<typeof DashboardPoint>;

/**
 * `GET admin/dashboard/hourly`: GMV by China hour for today (24 points, hours to come are 0),
 * by day for 7d / 30d; `previous` is the period before, point for point.
 */
export const DashboardSeries = Type.Object({
  ...Scope,
  unit: Type.Union([Type.Literal('hour'), Type.Literal('day')]),
  current: Type.Array(DashboardPoint),
  previous: Type.Array(DashboardPoint),
});
export type DashboardSeries = Static<typeof DashboardSeries>;

export const FunnelStep = Type.Object({
  key: Type.Union([
    Type.Literal('view'),
    Type.Literal('cart'),
    Type.Literal('order'),
    Type.Literal('paid'),
  ]),
  name: Type.String(),
  /** Distinct signed-in users who did this step and every one before it in the period. */
  count: Type.Integer(),
});
export type FunnelStep = Static<typeof FunnelStep>;

/**
 * `GET admin/dashboard/funnel`: users who viewed a product → also added to the cart → also placed
 * an order → also paid, in the period (each step a subset of the one before).
 */
export const DashboardFunnel = Type.Object({ ...Scope, steps: Type.Array(FunnelStep) });
export type DashboardFunnel = Static<typeof DashboardFunnel>;

export const TopProduct = Type.Object({
  productId: Type.Integer(),
  title: Type.String(),
  image: Type.String(),
  storeId: Type.Integer(),
  storeName: Type.String(),
  /** Paid line amounts net of the goods refunded (fen). */
  gmv: Type.Integer(),
  quantity: Type.Integer(),
  orders: Type.Integer(),
});
export type TopProduct = Static<typeof TopProduct>;

/** `GET admin/dashboard/topProducts`: the period's 10 best products by GMV. */
export const DashboardTopProducts = Type.Object({ ...Scope, list: Type.Array(TopProduct) });
export type DashboardTopProducts = Static<typeof DashboardTopProducts>;

/** `GET admin/dashboard/stores`: the stores the caller may pick, by name or id (at most 50). */
export const DashboardStoresQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
});
export type DashboardStoresQuery = Static<typeof DashboardStoresQuery>;
export const DashboardStores = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
export type DashboardStores = Static<typeof DashboardStores>;
