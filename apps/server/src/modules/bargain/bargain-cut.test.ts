import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CutRules, firstCutOf, helpCutOf } from './bargain-cut.ts';

/** README's defaults. */
const RULES: CutRules = {
  first: { minPercent: 30, maxPercent: 60 },
  band: { minPercent: 60, maxPercent: 160 },
  newUserBand: { minPercent: 120, maxPercent: 200 },
  keepPercent: 50,
};

/** A seeded PRNG (mulberry32), so the expectation checks are the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole bargain: the first cut, then one friend per entry of `newUsers`. */
function run(gap: number, newUsers: boolean[], rules: CutRules, random: () => number) {
  const helpers = newUsers.length;
  const first = firstCutOf(gap, helpers + 1, rules.first, random());
  let remaining = gap - first;
  const friends: { cut: number; before: number; left: number }[] = [];
  for (let i = 0; i < helpers; i++) {
    const left = helpers - i;
    const band = newUsers[i] ? rules.newUserBand : rules.band;
    const cut = helpCutOf(remaining, left, band, rules.keepPercent, random());
    friends.push({ cut, before: remaining, left });
    remaining -= cut;
  }
  return { first, friends, remaining };
}

describe('firstCutOf', () => {
  it('takes a share of the gap, not all of it, when few friends are needed (issue 32 item 3)', () => {
    // ¥329 needing 3 friends: the old rule's first cut was ¥328.97.
    for (const r of [0, 0.5, 0.999]) {
      const first = firstCutOf(32_900, 4, RULES.first, r);
      expect(first).toBeGreaterThanOrEqual(9_870);
      expect(first).toBeLessThanOrEqual(19_740);
    }
  });

  it('leaves 1 fen for each friend and takes everything when no friend is needed', () => {
    expect(firstCutOf(4, 4, RULES.first, 0.99)).toBe(1);
    expect(firstCutOf(100, 3, { minPercent: 99, maxPercent: 99 }, 0.5)).toBe(98);
    expect(firstCutOf(1234, 1, RULES.first, 0.3)).toBe(1234);
  });
});

describe('helpCutOf', () => {
  it('the last cut takes exactly the rest', () => {
    expect(helpCutOf(1234, 1, RULES.band, 50, 0.3)).toBe(1234);
  });

  it('leaves the later friends a meaningful share after a big cut', () => {
    // Two cuts left of ¥100: the band's top (200 % of ¥50) would leave ¥0; the cap keeps ¥25.
    expect(helpCutOf(10_000, 2, RULES.newUserBand, 50, 0.999)).toBe(7_500);
    expect(helpCutOf(10, 10, RULES.band, 50, 0.99)).toBe(1);
  });

  it('refuses a state no valid bargain reaches', () => {
    expect(() => helpCutOf(2, 3, RULES.band, 50, 0.5)).toThrow(RangeError);
    expect(() => helpCutOf(5, 0, RULES.band, 50, 0.5)).toThrow(RangeError);
  });

  it('gives a new user more than an old user on the same draw', () => {
    for (const r of [0, 0.3, 0.7, 0.999]) {
      const old = helpCutOf(20_000, 3, RULES.band, 50, r);
      expect(helpCutOf(20_000, 3, RULES.newUserBand, 50, r)).toBeGreaterThan(old);
    }
  });
});

describe('a whole bargain (property)', () => {
  const band = (min: number, max: number) =>
    fc
      .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
      .map(([a, b]) => ({ minPercent: Math.min(a, b), maxPercent: Math.max(a, b) }));
  const rules: fc.Arbitrary<CutRules> = fc.oneof(
    fc.constant(RULES),
    fc.record({
      first: band(1, 99),
      band: band(10, 1000),
      newUserBand: band(10, 1000),
      keepPercent: fc.integer({ min: 0, max: 100 }),
    }),
  );

  it('every cut ≥ 1 fen and ≥ 10 % of an even share, exactly N helps to the target, exact sum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        rules,
        fc.array(fc.boolean(), { minLength: 50, maxLength: 50 }),
        fc.integer(),
        (helpers, price, targetPercent, r, newUsers, seed) => {
          const target = Math.floor((price * targetPercent) / 100);
          fc.pre(price - target >= helpers + 1);
          const gap = price - target;
          const random = prng(seed);
          const { first, friends, remaining } = run(gap, newUsers.slice(0, helpers), r, random);
          expect(first).toBeGreaterThanOrEqual(1);
          expect(friends).toHaveLength(helpers);
          for (const [i, f] of friends.entries()) {
            expect(Number.isSafeInteger(f.cut)).toBe(true);
            expect(f.cut).toBeGreaterThanOrEqual(1);
            // cut ≥ 10 % of before ÷ left, in integers.
            expect(10 * f.cut * f.left).toBeGreaterThanOrEqual(f.before);
            // Never the target before the last help, never past it.
            const after = f.before - f.cut;
            if (i < helpers - 1) expect(after).toBeGreaterThanOrEqual(helpers - 1 - i);
          }
          expect(remaining).toBe(0);
          expect(first + friends.reduce((s, f) => s + f.cut, 0)).toBe(gap);
        },
      ),
      { numRuns: 500, seed: 20_261_129 },
    );
  });

  it("each friend's cut is smaller than the one before, in expectation", () => {
    const runs = 40_000;
    for (const [gap, helpers, allNew] of [
      [32_900, 3, false],
      [32_900, 3, true],
      [100_000, 10, false],
      [100_000, 10, true],
    ] as const) {
      const random = prng(gap + helpers);
      const sums = new Array<number>(helpers).fill(0);
      for (let i = 0; i < runs; i++) {
        const { friends } = run(gap, new Array(helpers).fill(allNew), RULES, random);
        for (const [j, f] of friends.entries()) sums[j] = (sums[j] ?? 0) + f.cut;
      }
      for (let j = 1; j < helpers; j++) {
        expect(sums[j], `${gap}/${helpers}/${allNew} #${j}`).toBeLessThan(sums[j - 1] ?? 0);
      }
      // Meaningful: among old users the last friend still cuts over half what the first did.
      if (!allNew) expect((sums[helpers - 1] ?? 0) * 2).toBeGreaterThan(sums[0] ?? 0);
    }
  });
});
