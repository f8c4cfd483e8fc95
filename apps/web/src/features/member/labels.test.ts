import { describe, expect, it } from 'vitest';
import { bpText, discountText, memberUntilText } from './labels.ts';

describe('member labels', () => {
  it.each([
    [95, '9.5折'],
    [90, '9折'],
    [88, '8.8折'],
  ])('percent %i is %s', (percent, text) => expect(discountText(percent)).toBe(text));

  it.each([
    [1000, '10%'],
    [500, '5%'],
    [50, '0.5%'],
    [125, '1.25%'],
  ])('%i bp is %s', (bp, text) => expect(bpText(bp)).toBe(text));

  it('a missing end date is none', () => {
    expect(memberUntilText(null)).toBeNull();
    expect(memberUntilText('2030-06-30T04:00:00.000Z')).toBe('2030-06-30');
    // 20:00 UTC is already the next day in China.
    expect(memberUntilText('2030-06-30T20:00:00.000Z')).toBe('2030-07-01');
  });
});
