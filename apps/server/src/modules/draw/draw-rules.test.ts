import type { DrawPrizeBody } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { orderLink, REWARD_LINKS } from '../rewards/index.ts';
import {
  isOpen,
  parseTime,
  prizeShapeValid,
  type ResultRow,
  toResult,
  type WheelRow,
} from './draw-rules.ts';

const at = (s: string) => new Date(s);

const wheel = (over: Partial<WheelRow> = {}): WheelRow => ({
  id: 1,
  title: '转盘',
  points_cost: 50,
  free_per_day: 1,
  starts_at: at('2026-01-01T00:00:00Z'),
  ends_at: null,
  rules: '',
  created_at: at('2026-01-01T00:00:00Z'),
  ...over,
});

const result = (over: Partial<ResultRow> = {}): ResultRow => ({
  id: 5,
  wheel_id: 1,
  user_id: 2,
  client_key: 'k',
  prize_id: 3,
  kind: 'coupon',
  title: '券',
  amount: null,
  coupon_template_id: 4,
  sku_id: null,
  cost_kind: 'free',
  cost_points: 0,
  order_id: null,
  order_no: null,
  created_at: at('2026-01-02T00:00:00Z'),
  slot: 0,
  ...over,
});

describe('the draw rules', () => {
  it('accepts a slot with exactly its kind’s field, and a stock unless points or nothing', () => {
    const ok: DrawPrizeBody[] = [
      { kind: 'coupon', couponTemplateId: 1, weight: 1, stock: 5 },
      { kind: 'redpacket', amount: 100, weight: 1, stock: 5 },
      { kind: 'points', amount: 10, weight: 1 },
      { kind: 'product', skuId: 1, weight: 1, stock: 0 },
      { kind: 'nothing', weight: 1 },
    ];
    expect(ok.map(prizeShapeValid)).toEqual([true, true, true, true, true]);
    const bad: DrawPrizeBody[] = [
      { kind: 'coupon', weight: 1, stock: 5 },
      { kind: 'coupon', couponTemplateId: 1, amount: 5, weight: 1, stock: 5 },
      { kind: 'redpacket', amount: 100, weight: 1 },
      { kind: 'product', skuId: 1, weight: 1, stock: null },
      { kind: 'points', weight: 1 },
      { kind: 'nothing', skuId: 1, weight: 1 },
    ];
    expect(bad.map(prizeShapeValid)).toEqual([false, false, false, false, false, false]);
  });

  it('reads a time or falls back, refusing one that is not a date', () => {
    const d = at('2026-02-01T00:00:00Z');
    expect(parseTime(undefined, d)).toBe(d);
    expect(parseTime(null, null)).toBeNull();
    expect(parseTime('2026-03-01T00:00:00Z', d)).toEqual(at('2026-03-01T00:00:00Z'));
    expect(() => parseTime('soon', d)).toThrow(AppError);
  });

  it('opens a wheel from its start until its end (exclusive)', () => {
    const w = wheel({ ends_at: at('2026-01-10T00:00:00Z') });
    expect(isOpen(w, at('2025-12-31T23:59:59Z'))).toBe(false);
    expect(isOpen(w, at('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isOpen(w, at('2026-01-10T00:00:00Z'))).toBe(false);
    expect(isOpen(wheel(), at('2030-01-01T00:00:00Z'))).toBe(true);
  });

  it('links a result to its reward, a product to its order once claimed', () => {
    expect(toResult(result()).link).toBe(REWARD_LINKS.coupon);
    expect(toResult(result({ kind: 'nothing' })).link).toBeNull();
    expect(toResult(result({ kind: 'product' })).link).toBeNull();
    expect(toResult(result({ kind: 'product', order_no: 'N1' })).link).toBe(orderLink('N1'));
  });
});
