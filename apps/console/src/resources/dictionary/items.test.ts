import { describe, expect, it } from 'vitest';
import { cleanItems, isDuplicateValue } from './items.ts';

describe('dictionary rows', () => {
  it('finds a value another row holds (trimmed), not empty ones', () => {
    const rows = [{ value: 'a' }, { value: ' a ' }, { value: 'b' }, { value: '' }, { value: ' ' }];
    expect(isDuplicateValue(rows, 0)).toBe(true);
    expect(isDuplicateValue(rows, 1)).toBe(true);
    expect(isDuplicateValue(rows, 2)).toBe(false);
    expect(isDuplicateValue(rows, 3)).toBe(false);
    expect(isDuplicateValue([undefined, { value: 'x' }], 1)).toBe(false);
  });
  it('trims what is sent', () => {
    expect(cleanItems([{ label: ' 客服电话 ', value: ' 400 ' }, undefined])).toEqual([
      { label: '客服电话', value: '400' },
      { label: '', value: '' },
    ]);
  });
});
