/** A cut's band as percents of the fair share R/k (e.g. 50-150). */
export interface CutBand {
  minPercent: number;
  maxPercent: number;
}

/**
 * One cut of a bargain. `remaining` is current − target (fen); `cutsLeft` counts the cuts still
 * needed including this one. The last cut takes exactly what remains; any other is drawn from the
 * band around the fair share remaining / cutsLeft, then clamped so that it is at least 1 fen and
 * leaves at least 1 fen for each cut after it. So the target is reached in exactly `cutsLeft`
 * cuts: never earlier, never below it. `random` is in [0, 1).
 */
export function cutOf(remaining: number, cutsLeft: number, band: CutBand, random: number): number {
  if (!Number.isSafeInteger(remaining) || !Number.isSafeInteger(cutsLeft) || cutsLeft < 1) {
    throw new RangeError(`bad bargain state ${remaining}/${cutsLeft}`);
  }
  // Each cut needs at least 1 fen, so a valid bargain always has remaining >= cutsLeft.
  if (remaining < cutsLeft) throw new RangeError(`too little left: ${remaining}/${cutsLeft}`);
  if (cutsLeft === 1) return remaining;
  const fair = remaining / cutsLeft;
  const low = (fair * band.minPercent) / 100;
  const high = (fair * Math.max(band.minPercent, band.maxPercent)) / 100;
  const drawn = Math.floor(low + (high - low) * Math.min(Math.max(random, 0), 0.999_999_999));
  const most = remaining - (cutsLeft - 1);
  return Math.min(Math.max(drawn, 1), most);
}
