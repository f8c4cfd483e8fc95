import type { SkuView, SpecAxis } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import {
  chosenSku,
  decodeLines,
  encodeLines,
  initialChoice,
  toggleValue,
  valueAvailable,
} from './sku.ts';

const sku = (id: number, color: string, size: string, stock: number): SkuView => ({
  id,
  name: `${color} / ${size}`,
  specs: { 颜色: color, 尺码: size },
  price: 1000 + id,
  originPrice: 2000,
  stock,
  image: '',
});

const skus = [sku(1, '红色', 'M', 5), sku(2, '红色', 'L', 0), sku(3, '黑色', 'L', 2)];
const axes: SpecAxis[] = [
  { name: '颜色', values: ['红色', '黑色'] },
  { name: '尺码', values: ['M', 'L'] },
];

describe('sku picker rules', () => {
  it('finds the SKU only when every axis is chosen', () => {
    expect(chosenSku(skus, axes, { 颜色: '红色' })).toBeNull();
    expect(chosenSku(skus, axes, { 颜色: '黑色', 尺码: 'L' })?.id).toBe(3);
  });

  it('disables sold-out and missing combinations', () => {
    expect(valueAvailable(skus, { 颜色: '红色' }, '尺码', 'L')).toBe(false);
    expect(valueAvailable(skus, { 颜色: '红色' }, '尺码', 'M')).toBe(true);
    expect(valueAvailable(skus, { 尺码: 'M' }, '颜色', '黑色')).toBe(false);
    // The axis's own choice does not restrict its other values.
    expect(valueAvailable(skus, { 颜色: '红色' }, '颜色', '黑色')).toBe(true);
  });

  it('preselects a single SKU and single-value axes', () => {
    expect(initialChoice([skus[0]!], axes)).toEqual({ 颜色: '红色', 尺码: 'M' });
    expect(initialChoice(skus, [{ name: '颜色', values: ['红色'] }])).toEqual({ 颜色: '红色' });
    expect(initialChoice(skus, axes)).toEqual({});
  });

  it('toggles a value', () => {
    expect(toggleValue({ 颜色: '红色' }, '颜色', '红色')).toEqual({});
    expect(toggleValue({ 颜色: '红色' }, '颜色', '黑色')).toEqual({ 颜色: '黑色' });
  });

  it('round-trips order lines through the URL and rejects junk', () => {
    const lines = [
      { skuId: 12, quantity: 2 },
      { skuId: 7, quantity: 1 },
    ];
    expect(decodeLines(encodeLines(lines))).toEqual(lines);
    expect(decodeLines('12*0')).toEqual([]);
    expect(decodeLines('abc')).toEqual([]);
    expect(decodeLines(null)).toEqual([]);
  });
});
