import { describe, expect, it } from 'vitest';
import { landingIndex, landingRotation, spinCostText, wheelGradient } from './wheel-math.ts';

const prizes = [0, 1, 2, 3, 4, 5, 6, 7].map((slot) => ({
  id: slot + 10,
  slot,
  kind: slot === 3 ? ('nothing' as const) : ('points' as const),
  title: `p${slot}`,
  image: null,
  soldOut: false,
}));

describe('the wheel', () => {
  it('stops the won slot’s middle under the pointer, always turning forward', () => {
    for (const prev of [0, 123, 2190, -30]) {
      for (let i = 0; i < 8; i++) {
        const next = landingRotation(prev, i, 8);
        expect(next).toBeGreaterThan(prev + 5 * 360);
        // The slot's middle, rotated by `next`, sits at the top (0°).
        expect(((((i + 0.5) * 45 + next) % 360) + 360) % 360).toBeCloseTo(0, 6);
      }
    }
  });

  it('finds the landing slot: the prize, else 谢谢参与', () => {
    expect(landingIndex(prizes, { prizeId: 15, kind: 'points' })).toBe(5);
    expect(landingIndex(prizes, { prizeId: null, kind: 'nothing' })).toBe(3);
  });

  it('draws the slices and says what a spin costs', () => {
    expect(wheelGradient(2)).toBe('conic-gradient(#ffe082 0deg 180deg, #ffb74d 180deg 360deg)');
    expect(spinCostText({ freeLeft: 1, chances: 2, pointsCost: 50 })).toBe('今日免费 1 次');
    expect(spinCostText({ freeLeft: 0, chances: 2, pointsCost: 50 })).toBe('剩余机会 2 次');
    expect(spinCostText({ freeLeft: 0, chances: 0, pointsCost: 50 })).toBe('50积分/次');
    expect(spinCostText({ freeLeft: 0, chances: 0, pointsCost: 0 })).toBe('今日次数已用完');
  });
});
