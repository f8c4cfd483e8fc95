import { describe, expect, it } from 'vitest';
import { entryFeeText } from './components.tsx';

describe('entryFeeText', () => {
  it('names points, cash, both, or free', () => {
    expect(entryFeeText({ entryPoints: 100, entryCash: 0 })).toBe('100积分');
    expect(entryFeeText({ entryPoints: 0, entryCash: 500 })).toBe('¥5.00');
    expect(entryFeeText({ entryPoints: 10, entryCash: 990 })).toBe('10积分 + ¥9.90');
    expect(entryFeeText({ entryPoints: 0, entryCash: 0 })).toBe('免费');
  });
});
