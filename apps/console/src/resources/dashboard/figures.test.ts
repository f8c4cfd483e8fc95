import { describe, expect, it } from 'vitest';
import type { Period } from './api.ts';
import { change, funnelRows, kpis } from './figures.ts';

const period = (p: Partial<Period>): Period => ({
  from: '2026-11-29',
  to: '2026-11-29',
  gmv: 0,
  paidAmount: 0,
  refundAmount: 0,
  orders: 0,
  payingUsers: 0,
  newUsers: 0,
  avgOrderValue: 0,
  refundOrders: 0,
  refundRate: 0,
  ...p,
});

describe('dashboard figures', () => {
  it('compares amounts by relative change and rates by points', () => {
    expect(change(120, 100, 'amount')).toEqual({ change: '+20.0%', trend: 'up' });
    expect(change(50, 100, 'amount')).toEqual({ change: '-50.0%', trend: 'down' });
    expect(change(5, 0, 'amount')).toEqual({ change: '—', trend: 'up' });
    expect(change(7, 7, 'amount')).toEqual({ change: '持平', trend: 'flat' });
    expect(change(0.125, 0.1, 'rate')).toEqual({ change: '+2.50个百分点', trend: 'up' });
  });

  it('shows money as yuan, a rising refund rate as bad, and the store’s new buyers', () => {
    const cards = kpis(
      period({ gmv: 123_456, orders: 10, avgOrderValue: 12_346, refundRate: 0.2, newUsers: 3 }),
      period({ gmv: 100_000, orders: 10, avgOrderValue: 10_000, refundRate: 0.1 }),
      false,
    );
    const by = new Map(cards.map((c) => [c.key, c]));
    expect(by.get('gmv')).toMatchObject({ value: '¥1234.56', change: '+23.5%', good: true });
    expect(by.get('orders')).toMatchObject({ change: '持平', trend: 'flat' });
    expect(by.get('refundRate')).toMatchObject({ value: '20.00%', trend: 'up', good: false });
    expect(by.get('newUsers')?.title).toBe('新客数');
    expect(kpis(period({}), period({}), true).find((c) => c.key === 'newUsers')?.title).toBe(
      '新增用户',
    );
  });

  it('funnel conversions step by step and from the first step', () => {
    const steps = (counts: number[]) =>
      counts.map((count, i) => ({ key: `s${i}`, name: `第${i + 1}步`, count }));
    const rows = funnelRows(steps([200, 50, 20, 10]));
    expect(rows.map((r) => r.stepRate)).toEqual(['', '25.0%', '40.0%', '50.0%']);
    expect(rows.map((r) => r.overallRate)).toEqual(['', '25.0%', '10.0%', '5.0%']);
    expect(funnelRows(steps([0, 0, 0, 0])).map((r) => r.stepRate)).toEqual(['', '—', '—', '—']);
  });
});
