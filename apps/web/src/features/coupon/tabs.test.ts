import { describe, expect, it } from 'vitest';
import { myTabTitle } from './tabs.ts';

describe('tab titles', () => {
  it('adds the counts once known', () => {
    expect(myTabTitle('unused', null)).toBe('未使用');
    expect(myTabTitle('used', { unused: 3, used: 1, expired: 0 })).toBe('已使用(1)');
    expect(myTabTitle('expired', { unused: 3, used: 1, expired: 0 })).toBe('已过期(0)');
  });
});
