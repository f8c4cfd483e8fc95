import { RECHARGE_MAX, RECHARGE_MIN } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { defaultPayType, topUpAmount } from './payChoice.ts';

describe('the room checkout’s pay method', () => {
  const both = ['balance', 'sandbox'] as const;
  it('takes the balance when it covers the order, else the online payment', () => {
    expect(defaultPayType(5000, 5000, both)).toBe('balance');
    expect(defaultPayType(0, 5000, both)).toBe('sandbox');
    expect(defaultPayType(0, 5000, ['balance'])).toBe('balance');
    expect(defaultPayType(9000, 5000, ['sandbox'])).toBe('sandbox');
  });
  it('tops up what is missing, at least the smallest top-up and at most the largest', () => {
    expect(topUpAmount(1000, 5990)).toBe(4990);
    expect(topUpAmount(5000, 5010)).toBe(RECHARGE_MIN);
    expect(topUpAmount(0, RECHARGE_MAX + 1)).toBe(RECHARGE_MAX);
  });
});
