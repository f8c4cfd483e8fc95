import type {
  DashboardFunnel,
  DashboardPeriod,
  DashboardQuery,
  DashboardRange,
  DashboardSeries,
  DashboardSummary,
  DashboardTopProducts,
} from '@chaopin/contracts';
import { type ConsoleActor, storeFilter } from '../../platform/console-gate.ts';
import { AppError } from '../../platform/errors.ts';
import { userReads } from '../user/index.ts';
import type { DashboardRepo, Scope } from './dashboard.repo.ts';
import type { DashboardDb } from './dashboard.tables.ts';
import {
  addDays,
  type DayPeriod,
  dayStart,
  daysOf,
  type Periods,
  periodsOf,
} from './dashboard-periods.ts';

const TOP_PRODUCTS = 10;

interface Resolved {
  scope: Scope;
  range: DashboardRange;
  periods: Periods;
  head: { range: string; storeId: number | null; storeName: string | null };
}

const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : 0);

/**
 * The console's 经营概览: every figure read from the rollups (dashboard.repo), for the platform or
 * one store. A period's distinct buyers: for one that ends today, the buyers whose last payment
 * is in it; for a closed one, counted once from the days' buyers and kept (it cannot change).
 */
export class DashboardService {
  constructor(
    private readonly db: DashboardDb,
    private readonly repo: DashboardRepo,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The store the actor may see (the operator: the one asked for, or all), and the periods. */
  private async resolve(actor: ConsoleActor, q: DashboardQuery): Promise<Resolved> {
    const range = q.range ?? 'today';
    const periods = periodsOf(range, this.now());
    const stores = storeFilter(actor, q.storeId);
    if (stores === null) {
      return { scope: 0, range, periods, head: { range, storeId: null, storeName: null } };
    }
    if (stores.length > 1) throw new AppError('DASHBOARD_STORE_REQUIRED');
    const storeId = stores[0];
    const storeName = storeId === undefined ? undefined : await this.repo.storeName(storeId);
    if (storeId === undefined || storeName === undefined) throw new AppError('STORE_NOT_FOUND');
    return { scope: storeId, range, periods, head: { range, storeId, storeName } };
  }

  async summary(actor: ConsoleActor, q: DashboardQuery): Promise<DashboardSummary> {
    const r = await this.resolve(actor, q);
    const { current, previous, today } = r.periods;
    const [cur, prev] = await Promise.all([
      this.figures(r.scope, current, () => this.repo.buyersSince(r.scope, current.from)),
      this.figures(r.scope, previous, () => this.closedBuyers(r.scope, previous, today)),
    ]);
    return { ...r.head, current: cur, previous: prev };
  }

  private async figures(
    scope: Scope,
    p: DayPeriod,
    buyers: () => Promise<number>,
  ): Promise<DashboardPeriod> {
    const [sums, payingUsers, newUsers] = await Promise.all([
      this.repo.daily(scope, p),
      buyers(),
      scope
        ? this.repo.firstBuyers(scope, p)
        : userReads.joinedBetween(this.db, dayStart(p.from), dayStart(addDays(p.to, 1))),
    ]);
    const gmv = sums.paidAmount - sums.refundAmount;
    const orders = sums.paidOrders;
    return {
      from: p.from,
      to: p.to,
      gmv,
      paidAmount: sums.paidAmount,
      refundAmount: sums.refundAmount,
      orders,
      payingUsers,
      newUsers,
      avgOrderValue: orders > 0 ? Math.round(gmv / orders) : 0,
      refundOrders: sums.refundOrders,
      refundRate: ratio(sums.refundOrders, orders),
    };
  }

  /**
   * Distinct buyers of a period that has ended: one day's are counted as they pay; a longer one's
   * are counted once from the days' buyers and kept once it is two days past (a payment made at
   * 23:59:59 may commit a moment after midnight); the day before yesterday onwards never change.
   */
  private async closedBuyers(scope: Scope, p: DayPeriod, today: string): Promise<number> {
    const days = daysOf(p).length;
    if (days === 1) return this.repo.buyersOn(scope, p.from);
    const settled = p.to <= addDays(today, -2);
    if (settled) {
      const saved = await this.repo.savedWindow(scope, p.to, days);
      if (saved !== undefined) return saved;
    }
    const buyers = await this.repo.distinctBuyers(scope, p);
    if (settled) await this.repo.saveWindow(scope, p.to, days, buyers);
    return buyers;
  }

  /** Computes and keeps the platform's closed windows of today's periods (at boot, then hourly). */
  async warm(): Promise<void> {
    for (const range of ['7d', '30d'] as const) {
      const { previous, today } = periodsOf(range, this.now());
      await this.closedBuyers(0, previous, today);
    }
  }

  async series(actor: ConsoleActor, q: DashboardQuery): Promise<DashboardSeries> {
    const r = await this.resolve(actor, q);
    const { current, previous, today } = r.periods;
    if (r.range === 'today') {
      const from = dayStart(previous.from);
      const rows = await this.repo.hours(r.scope, from, dayStart(addDays(today, 1)));
      const todayStart = dayStart(today).getTime();
      const hours = (fromToday: boolean) =>
        Array.from({ length: 24 }, (_, h) => ({
          label: `${String(h).padStart(2, '0')}:00`,
          gmv: 0,
          orders: 0,
        })).map((point, h) => {
          const at = (fromToday ? todayStart : from.getTime()) + h * 3_600_000;
          const row = rows.find((x) => x.at === at);
          return row ? { ...point, gmv: row.gmv, orders: row.orders } : point;
        });
      return { ...r.head, unit: 'hour', current: hours(true), previous: hours(false) };
    }
    const rows = await this.repo.days(r.scope, { from: previous.from, to: current.to });
    const byDay = new Map(rows.map((x) => [x.day, x]));
    const points = (p: DayPeriod) =>
      daysOf(p).map((day) => ({
        label: day.slice(5),
        gmv: byDay.get(day)?.gmv ?? 0,
        orders: byDay.get(day)?.orders ?? 0,
      }));
    return { ...r.head, unit: 'day', current: points(current), previous: points(previous) };
  }

  async funnel(actor: ConsoleActor, q: DashboardQuery): Promise<DashboardFunnel> {
    const r = await this.resolve(actor, q);
    const [view, cart, order, paid] = await this.repo.funnelSince(r.scope, r.periods.current.from);
    return {
      ...r.head,
      steps: [
        { key: 'view', name: '浏览商品', count: view ?? 0 },
        { key: 'cart', name: '加入购物车', count: cart ?? 0 },
        { key: 'order', name: '提交订单', count: order ?? 0 },
        { key: 'paid', name: '支付成功', count: paid ?? 0 },
      ],
    };
  }

  /** The stores the store picker offers: every store for the operator, else the actor's own. */
  stores(actor: ConsoleActor, q: string | undefined) {
    return this.repo.stores(q?.trim() ?? '', actor.storeIds);
  }

  async topProducts(actor: ConsoleActor, q: DashboardQuery): Promise<DashboardTopProducts> {
    const r = await this.resolve(actor, q);
    const list = await this.repo.topProducts(r.scope, r.periods.current, TOP_PRODUCTS);
    return { ...r.head, list };
  }
}
