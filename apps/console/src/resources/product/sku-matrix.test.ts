import { describe, expect, it } from 'vitest';
import {
  buildRows,
  combinations,
  fromSaved,
  matrixProblem,
  type SkuMatrix,
  toSkuInputs,
} from './sku-matrix.ts';

const axes = [
  { name: '颜色', values: ['黑色', '白色'] },
  { name: '尺码', values: ['M', 'L'] },
];

describe('the SKU matrix', () => {
  it('makes every combination, named in axis order', () => {
    expect(combinations(axes)).toHaveLength(4);
    const rows = buildRows(axes, []);
    expect(rows.map((r) => r.name)).toEqual(['黑色 / M', '黑色 / L', '白色 / M', '白色 / L']);
    expect(rows[1]?.specs).toEqual({ 颜色: '黑色', 尺码: 'L' });
    expect(buildRows([], []).map((r) => r.name)).toEqual(['默认']);
  });

  it('keeps a row’s data and saved id across edits; a new axis starts from the row it extends', () => {
    const one = buildRows([{ name: '颜色', values: ['黑色'] }], []);
    const priced = one.map((r) => ({ ...r, id: 7, price: 99, originPrice: 199, stock: 5 }));
    const two = buildRows(axes, priced);
    expect(two[0]).toMatchObject({ name: '黑色 / M', price: 99, originPrice: 199, stock: 0 });
    expect(two[0]?.id).toBeUndefined();
    const again = buildRows([{ name: '颜色', values: ['黑色', '红色'] }], priced);
    expect(again[0]).toMatchObject({ id: 7, stock: 5 });
    expect(again[1]).toMatchObject({ name: '红色', price: null });
  });

  it('reads saved SKUs back into axes ordered by their names', () => {
    const m = fromSaved([
      {
        id: 1,
        name: '黑色 / M',
        specs: { 尺码: 'M', 颜色: '黑色' },
        price: 9900,
        originPrice: 19900,
        stock: 5,
        image: '/a.png',
        freeShipping: true,
      },
      {
        id: 2,
        name: '白色 / M',
        specs: { 尺码: 'M', 颜色: '白色' },
        price: 8900,
        originPrice: 19900,
        stock: 0,
        image: '/b.png',
        freeShipping: false,
      },
    ]);
    expect(m.axes).toEqual([
      { name: '颜色', values: ['黑色', '白色'] },
      { name: '尺码', values: ['M'] },
    ]);
    expect(m.rows.map((r) => [r.id, r.name, r.price])).toEqual([
      [1, '黑色 / M', 99],
      [2, '白色 / M', 89],
    ]);
    expect(toSkuInputs(m, '/main.png')[0]).toEqual({
      id: 1,
      name: '黑色 / M',
      specs: { 尺码: 'M', 颜色: '黑色' },
      price: 9900,
      originPrice: 19900,
      stock: 5,
      freeShipping: true,
      image: '/a.png',
    });
  });

  it('says what is missing or wrong', () => {
    const rows = buildRows(axes, []);
    const m: SkuMatrix = { axes, rows };
    expect(matrixProblem(m)).toBe('请填写「黑色 / M」的售价、原价和库存');
    const filled = rows.map((r) => ({ ...r, price: 10, originPrice: 20, stock: 1 }));
    expect(matrixProblem({ axes, rows: filled })).toBeNull();
    expect(matrixProblem({ axes, rows: filled.map((r) => ({ ...r, price: 30 })) })).toBe(
      '「黑色 / M」的售价不能高于原价',
    );
    expect(matrixProblem({ axes: [...axes, { name: '颜色', values: ['x'] }], rows: filled })).toBe(
      '规格名不能重复',
    );
    expect(toSkuInputs({ axes, rows: filled }, '/main.png')[0]?.image).toBe('/main.png');
  });
});
