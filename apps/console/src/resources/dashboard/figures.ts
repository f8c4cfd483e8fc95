import { formatFen } from '../../ui/format.ts';
import type { DashboardRange, Period } from './api.ts';

export const RANGES: readonly { value: DashboardRange; label: string; previous: string }[] = [
  { value: 'today', label: '今日', previous: '较昨日' },
  { value: '7d', label: '近7天', previous: '较前7天' },
  { value: '30d', label: '近30天', previous: '较前30天' },
];

export interface Kpi {
  key: string;
  title: string;
  value: string;
  /** Change against the previous period, as shown: '+12.5%', '-3.0%', '持平', or '—' (no base). */
  change: string;
  /** up / down / flat, for the arrow and colour (a higher refund rate is the bad direction). */
  trend: 'up' | 'down' | 'flat';
  good: boolean;
  hint: string;
}

const percent = (rate: number) => `${(rate * 100).toFixed(2)}%`;

/** How a figure moved: the relative change of an amount or count, the difference of a rate. */
export function change(
  current: number,
  previous: number,
  kind: 'amount' | 'rate',
): Pick<Kpi, 'change' | 'trend'> {
  if (current === previous) return { change: '持平', trend: 'flat' };
  const trend = current > previous ? 'up' : 'down';
  if (kind === 'rate') {
    const points = (current - previous) * 100;
    return { change: `${points > 0 ? '+' : ''}${points.toFixed(2)}个百分点`, trend };
  }
  if (previous === 0) return { change: '—', trend };
  const rel = ((current - previous) / Math.abs(previous)) * 100;
  return { change: `${rel > 0 ? '+' : ''}${rel.toFixed(1)}%`, trend };
}

/** The KPI cards of a summary: the platform's 新增用户 are sign-ups, a store's its first-time buyers. */
export function kpis(current: Period, previous: Period, platform: boolean): Kpi[] {
  const card = (
    key: string,
    title: string,
    value: string,
    now: number,
    before: number,
    hint: string,
    kind: 'amount' | 'rate' = 'amount',
    higherIsBetter = true,
  ): Kpi => {
    const c = change(now, before, kind);
    return { key, title, value, ...c, good: (c.trend === 'up') === higherIsBetter, hint };
  };
  return [
    card(
      'gmv',
      '成交额',
      formatFen(current.gmv),
      current.gmv,
      previous.gmv,
      '支付金额扣除这些订单的退款',
    ),
    card(
      'orders',
      '支付订单',
      String(current.orders),
      current.orders,
      previous.orders,
      '本期支付的订单数',
    ),
    card(
      'payingUsers',
      '支付人数',
      String(current.payingUsers),
      current.payingUsers,
      previous.payingUsers,
      '本期至少支付一笔订单的买家',
    ),
    card(
      'newUsers',
      platform ? '新增用户' : '新客数',
      String(current.newUsers),
      current.newUsers,
      previous.newUsers,
      platform ? '本期注册的用户' : '本期首次在本店支付的买家',
    ),
    card(
      'aov',
      '客单价',
      formatFen(current.avgOrderValue),
      current.avgOrderValue,
      previous.avgOrderValue,
      '成交额 ÷ 支付订单',
    ),
    card(
      'refundRate',
      '退款率',
      percent(current.refundRate),
      current.refundRate,
      previous.refundRate,
      `本期订单中有退款的 ${current.refundOrders} 单 ÷ 支付订单`,
      'rate',
      false,
    ),
  ];
}

const share = (n: number, of: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)}%` : '—');

/** A funnel step as shown: its users, its share of the step before and of the first step. */
export interface FunnelRow {
  key: string;
  name: string;
  count: number;
  stepRate: string;
  overallRate: string;
}

/**
 * The funnel's steps with their conversions. Each step's users are a subset of the step before's
 * (the server counts a user at a step only with every earlier step), so no rate exceeds 100%.
 */
export function funnelRows(steps: readonly { key: string; name: string; count: number }[]) {
  const first = steps[0]?.count ?? 0;
  return steps.map(
    (s, i): FunnelRow => ({
      ...s,
      stepRate: i === 0 ? '' : share(s.count, steps[i - 1]?.count ?? 0),
      overallRate: i === 0 ? '' : share(s.count, first),
    }),
  );
}
