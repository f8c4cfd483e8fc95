import { describe, expect, it } from 'vitest';
import { reordered } from './reorder.ts';

describe('dragging a category among its siblings', () => {
  it('puts it before or after the one it was dropped on', () => {
    expect(reordered([1, 2, 3, 4], 4, 2, false)).toEqual([1, 4, 2, 3]);
    expect(reordered([1, 2, 3, 4], 1, 3, true)).toEqual([2, 3, 1, 4]);
    expect(reordered([1, 2, 3], 3, 3, true)).toBeNull();
    expect(reordered([1, 2, 3], 9, 1, true)).toBeNull();
  });
});
