import { sql } from 'kysely';
import { skuReads, storeReads } from '../catalogue/index.ts';
import type { DashboardDb } from './dashboard.tables.ts';
import type { DayPeriod } from './dashboard-periods.ts';

/** The store a query is about; 0 = the whole platform (every store's rows). */
export type Scope = number;

/** Money and order sums of a period from dash_daily. */
export interface DailySums {
  paidOrders: number;
  paidAmount: number;
  refundAmount: number;
  refundOrders: number;
}

const n = (v: string | number | null | undefined) => Number(v ?? 0);

/** The dashboard's reads: only the rollups (and the catalogue's names for the top products). */
export class DashboardRepo {
  constructor(private readonly db: DashboardDb) {}

  /** Sums of dash_daily over a period (the platform: over every store). */
  async daily(scope: Scope, p: DayPeriod): Promise<DailySums> {
    let q = this.db
      .selectFrom('dash_daily')
      .select([
        sql<string>`coalesce(sum(paid_orders), 0)`.as('paid_orders'),
        sql<string>`coalesce(sum(paid_amount), 0)`.as('paid_amount'),
        sql<string>`coalesce(sum(refund_amount), 0)`.as('refund_amount'),
        sql<string>`coalesce(sum(refund_orders), 0)`.as('refund_orders'),
      ])
      .where('day', '>=', p.from)
      .where('day', '<=', p.to);
    if (scope) q = q.where('store_id', '=', scope);
    const r = await q.executeTakeFirstOrThrow();
    return {
      paidOrders: n(r.paid_orders),
      paidAmount: n(r.paid_amount),
      refundAmount: n(r.refund_amount),
      refundOrders: n(r.refund_orders),
    };
  }

  /**
   * The funnel of a period ending today: per step (1..4), the users who did that step and every
   * one before it on or after `from` (dash_funnel_reach, migration 0055).
   */
  async funnelSince(scope: Scope, from: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('dash_funnel_reach')
      .select(['step', sql<string>`sum(users)`.as('users')])
      .where('store_id', '=', scope)
      .where('day', '>=', from)
      .groupBy('step')
      .execute();
    const by = new Map(rows.map((r) => [r.step, n(r.users)]));
    return [1, 2, 3, 4].map((k) => by.get(k) ?? 0);
  }

  /** Buyers whose last payment is on or after `day` (a period that ends today). */
  async buyersSince(scope: Scope, day: string): Promise<number> {
    const r = await this.db
      .selectFrom('dash_last_day')
      .select(sql<string>`coalesce(sum(buyers), 0)`.as('n'))
      .where('store_id', '=', scope)
      .where('day', '>=', day)
      .executeTakeFirstOrThrow();
    return n(r.n);
  }

  /** A day's distinct buyers. */
  async buyersOn(scope: Scope, day: string): Promise<number> {
    const r = await this.db
      .selectFrom('dash_day_buyers')
      .select(sql<string>`coalesce(sum(buyers), 0)`.as('n'))
      .where('store_id', '=', scope)
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return n(r.n);
  }

  /** Buyers whose first payment (here) falls in the period. */
  async firstBuyers(scope: Scope, p: DayPeriod): Promise<number> {
    const r = await this.db
      .selectFrom('dash_buyer')
      .select(sql<string>`count(*)`.as('n'))
      .where('store_id', '=', scope)
      .where('first_day', '>=', p.from)
      .where('first_day', '<=', p.to)
      .executeTakeFirstOrThrow();
    return n(r.n);
  }

  /** Distinct buyers of a period, counted from who paid on each of its days. */
  async distinctBuyers(scope: Scope, p: DayPeriod): Promise<number> {
    const r = await this.db
      .selectFrom('dash_buyer_day')
      .select(sql<string>`count(distinct user_id)`.as('n'))
      .where('store_id', '=', scope)
      .where('day', '>=', p.from)
      .where('day', '<=', p.to)
      .executeTakeFirstOrThrow();
    return n(r.n);
  }

  async savedWindow(scope: Scope, lastDay: string, days: number): Promise<number | undefined> {
    const r = await this.db
      .selectFrom('dash_window')
      .select('buyers')
      .where('store_id', '=', scope)
      .where('last_day', '=', lastDay)
      .where('days', '=', days)
      .executeTakeFirst();
    return r?.buyers;
  }

  async saveWindow(scope: Scope, lastDay: string, days: number, buyers: number): Promise<void> {
    await this.db
      .insertInto('dash_window')
      .values({ store_id: scope, last_day: lastDay, days, buyers })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Paid orders and net amount per China hour in [from, to). */
  async hours(scope: Scope, from: Date, to: Date) {
    let q = this.db
      .selectFrom('dash_hourly')
      .select([
        sql<string>`extract(epoch from hour)::bigint`.as('at'),
        sql<string>`sum(paid_orders)`.as('orders'),
        sql<string>`sum(paid_amount - refund_amount)`.as('gmv'),
      ])
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .groupBy('hour');
    if (scope) q = q.where('store_id', '=', scope);
    const rows = await q.execute();
    return rows.map((r) => ({ at: n(r.at) * 1000, orders: n(r.orders), gmv: n(r.gmv) }));
  }

  /** Paid orders and net amount per China day of a period. */
  async days(scope: Scope, p: DayPeriod) {
    let q = this.db
      .selectFrom('dash_daily')
      .select([
        sql<string>`day::text`.as('day'),
        sql<string>`sum(paid_orders)`.as('orders'),
        sql<string>`sum(paid_amount - refund_amount)`.as('gmv'),
      ])
      .where('day', '>=', p.from)
      .where('day', '<=', p.to)
      .groupBy('day');
    if (scope) q = q.where('store_id', '=', scope);
    const rows = await q.execute();
    return rows.map((r) => ({ day: r.day, orders: n(r.orders), gmv: n(r.gmv) }));
  }

  /** The period's best products by net paid amount, with their title, picture and store. */
  async topProducts(scope: Scope, p: DayPeriod, limit: number) {
    let sums = this.db
      .selectFrom('dash_product_daily')
      .select([
        'product_id',
        sql<string>`sum(paid_amount - refund_amount)`.as('gmv'),
        sql<string>`sum(quantity)`.as('quantity'),
        sql<string>`sum(orders)`.as('orders'),
      ])
      .where('day', '>=', p.from)
      .where('day', '<=', p.to)
      .groupBy('product_id')
      .orderBy(sql`sum(paid_amount - refund_amount)`, 'desc')
      .orderBy('product_id')
      .limit(limit);
    if (scope) sums = sums.where('store_id', '=', scope);
    const rows = await this.db
      .selectFrom(sums.as('s'))
      .leftJoin(skuReads.productView(this.db).as('p'), 'p.id', 's.product_id')
      .leftJoin(storeReads.storeView(this.db).as('st'), 'st.id', 'p.store_id')
      .select([
        's.product_id',
        's.gmv',
        's.quantity',
        's.orders',
        'p.title',
        'p.main_image',
        'p.store_id',
        'st.name as store_name',
      ])
      .orderBy(sql`s.gmv::bigint`, 'desc')
      .orderBy('s.product_id')
      .execute();
    return rows.map((r) => ({
      productId: r.product_id,
      title: r.title ?? '',
      image: r.main_image ?? '',
      storeId: r.store_id ?? 0,
      storeName: r.store_name ?? '',
      gmv: n(r.gmv),
      quantity: n(r.quantity),
      orders: n(r.orders),
    }));
  }

  /** Stores by part of the name or the id (null: any store), the 50 first by id. */
  async stores(q: string, within: readonly number[] | null) {
    if (within && within.length === 0) return [];
    let query = storeReads.storeView(this.db).orderBy('id').limit(50);
    if (within) query = query.where('id', 'in', [...within]);
    if (q) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const id = /^\d{1,9}$/.test(q) ? Number(q) : undefined;
      query = query.where((eb) =>
        eb.or([eb('name', 'ilike', like), ...(id === undefined ? [] : [eb('id', '=', id)])]),
      );
    }
    return query.execute();
  }

  storeName(id: number): Promise<string | undefined> {
    return storeReads.names(this.db, [id]).then((m) => m.get(id));
  }
}
