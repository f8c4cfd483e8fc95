import { describe, expect, it } from 'vitest';
import { giftSplitText } from './earnings.ts';

describe('giftSplitText', () => {
  it('names the gift value, the host share and the earning of a ¥5.20 gift', () => {
    expect(giftSplitText({ giftAmount: 520, giftSharePercent: 50, earnings: 260 })).toBe(
      '礼物价值 ¥5.20 · 主播分成 50% · 收益 ¥2.60',
    );
  });

  it('shows the operator’s rate, not a built-in one', () => {
    expect(giftSplitText({ giftAmount: 1000, giftSharePercent: 70, earnings: 700 })).toBe(
      '礼物价值 ¥10.00 · 主播分成 70% · 收益 ¥7.00',
    );
  });
});
