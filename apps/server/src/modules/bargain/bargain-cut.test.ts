import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutOf } from './bargain-cut.ts';

const band = fc
  .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 800 }))
  .map(([a, b]) => ({ minPercent: Math.min(a, b), maxPercent: Math.max(a, b) }));

describe('cutOf', () => {
  it('the last cut takes exactly the rest', () => {
    expect(cutOf(1234, 1, { minPercent: 50, maxPercent: 150 }, 0.3)).toBe(1234);
  });

  it('leaves 1 fen for each cut after it, even with a huge band', () => {
    expect(cutOf(10, 10, { minPercent: 50, maxPercent: 150 }, 0.99)).toBe(1);
    expect(cutOf(100, 3, { minPercent: 1000, maxPercent: 1000 }, 0.5)).toBe(98);
    expect(cutOf(100, 3, { minPercent: 0, maxPercent: 0 }, 0.5)).toBe(1);
  });

  it('refuses a state no valid bargain reaches', () => {
    expect(() => cutOf(2, 3, { minPercent: 50, maxPercent: 150 }, 0.5)).toThrow(RangeError);
    expect(() => cutOf(5, 0, { minPercent: 50, maxPercent: 150 }, 0.5)).toThrow(RangeError);
  });

  it('reaches the target in exactly the number of cuts, each at least 1 fen (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        band,
        band,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }), {
          minLength: 60,
          maxLength: 60,
        }),
        fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
        (cuts, extra, normal, bigger, randoms, newUsers) => {
          const total = cuts + extra;
          let remaining = total;
          const taken: number[] = [];
          for (let left = cuts; left >= 1; left--) {
            const b = newUsers[left - 1] ? bigger : normal;
            const cut = cutOf(remaining, left, b, randoms[left - 1] ?? 0);
            expect(cut).toBeGreaterThanOrEqual(1);
            expect(Number.isSafeInteger(cut)).toBe(true);
            remaining -= cut;
            // Never the target before the last cut, never past it.
            if (left > 1) expect(remaining).toBeGreaterThanOrEqual(left - 1);
            taken.push(cut);
          }
          expect(remaining).toBe(0);
          expect(taken.reduce((s, c) => s + c, 0)).toBe(total);
        },
      ),
      { numRuns: 200, seed: 20_240_214 },
    );
  });
});
