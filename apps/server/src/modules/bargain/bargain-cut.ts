/** A band of percents (e.g. 60-180) a cut is drawn from, uniformly. */
export interface CutBand {
  minPercent: number;
  maxPercent: number;
}

/** The operator's cut rules (README: BARGAIN_FIRST_KNIFE_*, BARGAIN_CUT_*, BARGAIN_NEW_USER_CUT_*). */
export interface CutRules {
  /** The starter's first cut, in percents of the whole gap (price − target). */
  first: CutBand;
  /** A friend's cut, in percents of an even share: remaining ÷ cuts left. */
  band: CutBand;
  newUserBand: CutBand;
  /**
   * What a friend's cut must leave each later cut, in percents of the current even share, so a
   * big cut never leaves the friends after it a few fen each.
   */
  keepPercent: number;
}

/** ⌈a / b⌉ of non-negative safe integers, exactly. */
const ceilDiv = (a: number, b: number) => Math.floor((a + b - 1) / b);

/** An integer in [low, high] picked by `random` in [0, 1). */
function pick(low: number, high: number, random: number): number {
  if (high <= low) return low;
  const r = Math.min(Math.max(random, 0), 0.999_999_999);
  return low + Math.floor((high - low + 1) * r);
}

function checkState(remaining: number, cutsLeft: number): void {
  if (!Number.isSafeInteger(remaining) || !Number.isSafeInteger(cutsLeft) || cutsLeft < 1) {
    throw new RangeError(`bad bargain state ${remaining}/${cutsLeft}`);
  }
  // Each cut needs at least 1 fen, so a valid bargain always has remaining >= cutsLeft.
  if (remaining < cutsLeft) throw new RangeError(`too little left: ${remaining}/${cutsLeft}`);
}

/**
 * The starter's first cut: a share of the whole gap (not a multiple of the even share, which
 * swallowed the gap when few friends were needed), leaving at least 1 fen for each friend.
 * `cuts` counts the first cut and the friends' cuts.
 */
export function firstCutOf(gap: number, cuts: number, band: CutBand, random: number): number {
  checkState(gap, cuts);
  if (cuts === 1) return gap;
  const low = ceilDiv(gap * band.minPercent, 100);
  const high = Math.floor((gap * Math.max(band.minPercent, band.maxPercent)) / 100);
  return Math.min(Math.max(pick(low, high, random), 1), gap - (cuts - 1));
}

/**
 * A friend's cut. `remaining` is current − target (fen); `cutsLeft` counts the cuts still needed
 * including this one. The last cut takes exactly what remains. Any other is drawn from the band
 * around the even share remaining ÷ cutsLeft; a band above 100 % on average makes each cut
 * smaller than the one before in expectation. It is capped so that the later cuts keep
 * `keepPercent` of today's even share each, never below the band's floor, at least 1 fen, and
 * leaves at least 1 fen for each cut after it: the target is reached in exactly `cutsLeft` cuts.
 * Integer arithmetic throughout, so the floor holds exactly. `random` is in [0, 1).
 */
export function helpCutOf(
  remaining: number,
  cutsLeft: number,
  band: CutBand,
  keepPercent: number,
  random: number,
): number {
  checkState(remaining, cutsLeft);
  if (cutsLeft === 1) return remaining;
  const share = 100 * cutsLeft;
  const floor = ceilDiv(remaining * band.minPercent, share);
  const high = Math.floor((remaining * Math.max(band.minPercent, band.maxPercent)) / share);
  const cap = remaining - ceilDiv((cutsLeft - 1) * remaining * keepPercent, share);
  const drawn = Math.max(Math.min(pick(floor, high, random), cap), floor);
  return Math.min(Math.max(drawn, 1), remaining - (cutsLeft - 1));
}
