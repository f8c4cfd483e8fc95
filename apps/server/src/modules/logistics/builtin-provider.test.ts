import { describe, expect, it } from 'vitest';
import { BuiltinLogisticsProvider } from './builtin-provider.ts';
import type { ShipmentRoute } from './provider.ts';

const HOUR = 3_600_000;
const provider = new BuiltinLogisticsProvider();
const route = (trackingNo: string, over: Partial<ShipmentRoute> = {}): ShipmentRoute => ({
  carrier: '中通快递',
  trackingNo,
  shippedAt: new Date('2026-03-02T02:15:00Z'),
  sender: { storeId: 1, storeName: '测试店铺' },
  receiver: {
    name: '张三',
    phone: '13912345678',
    province: '北京市',
    city: '北京市',
    district: '朝阳区',
  },
  ...over,
});

describe('BuiltinLogisticsProvider', () => {
  it('is deterministic per tracking number and differs between tracking numbers', async () => {
    const later = new Date('2026-03-09T00:00:00Z');
    const a = await provider.track(route('ZT7700123'), later);
    expect(await provider.track(route('ZT7700123'), later)).toEqual(a);
    const b = await provider.track(route('ZT7700124'), later);
    expect(b.steps.map((s) => s.time)).not.toEqual(a.steps.map((s) => s.time));
  });

  it('always makes a believable route: ordered scans, signed 2-3 days later in the daytime', async () => {
    for (let i = 0; i < 300; i++) {
      const r = route(`YT${(i * 7919).toString(36).toUpperCase()}${i}`, {
        sender: { storeId: i, storeName: '店' },
        shippedAt: new Date(Date.UTC(2026, 0, 1) + i * 37 * 60_000 * 13),
      });
      const plan = provider.plan(r);
      const at = plan.map((s) => s.at);
      for (let k = 1; k < at.length; k++) expect(at[k]).toBeGreaterThan(at[k - 1] as number);
      expect(plan.map((s) => s.state)).toEqual([
        'shipped',
        'collected',
        ...plan.slice(2, -2).map(() => 'in_transit'),
        'delivering',
        'signed',
      ]);
      expect(plan.length).toBeGreaterThanOrEqual(7);
      const signed = plan.at(-1) as (typeof plan)[number];
      const lead = signed.at - r.shippedAt.getTime();
      expect(lead).toBeGreaterThan(46 * HOUR);
      expect(lead).toBeLessThan(80 * HOUR);
      const hour = new Date(signed.at + 8 * HOUR).getUTCHours();
      expect(hour >= 9 && hour < 20).toBe(true);
      expect(signed.text).toContain('北京市');
      expect(plan.some((s) => s.text.includes('北京转运中心'))).toBe(true);
    }
  });

  it('shows only what has happened by now, newest first, and when to look again', async () => {
    const r = route('JD0099887766');
    const plan = provider.plan(r);
    const mid = new Date((plan[3]?.at as number) + 1000);
    const tracking = await provider.track(r, mid);
    expect(tracking.steps.map((s) => s.time.getTime())).toEqual(
      plan
        .slice(0, 4)
        .map((s) => s.at)
        .reverse(),
    );
    expect(tracking.signedAt).toBeNull();
    expect(tracking.nextCheckAt?.getTime()).toBe(plan.at(-1)?.at);
    const before = await provider.track(r, new Date(r.shippedAt.getTime() - HOUR));
    expect(before.steps.map((s) => s.state)).toEqual(['shipped']);
  });
});
