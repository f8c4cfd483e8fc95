import { randomInt } from 'node:crypto';

export interface Weighted {
  id: number;
  weight: number;
}

/** One prize by weight (crypto randomness): probability = weight / the sum of the weights. */
export function pickByWeight<T extends Weighted>(
  candidates: readonly T[],
  random: (max: number) => number = randomInt,
): T | undefined {
  const total = candidates.reduce((s, c) => s + Math.max(0, c.weight), 0);
  if (total <= 0) return undefined;
  let r = random(total);
  for (const c of candidates) {
    if (c.weight <= 0) continue;
    if (r < c.weight) return c;
    r -= c.weight;
  }
  return undefined;
}

/**
 * Draws by weight and tries to give the prize; one that cannot be given (its last unit taken by
 * a concurrent spin) leaves the draw, which goes on among the rest. Answers what `give` made of
 * the prize given, undefined when none could be.
 */
export async function drawPrize<T extends Weighted, R>(
  candidates: readonly T[],
  give: (prize: T) => Promise<R | null>,
  random?: (max: number) => number,
): Promise<R | undefined> {
  let left = candidates.filter((c) => c.weight > 0);
  for (;;) {
    const pick = pickByWeight(left, random);
    if (!pick) return undefined;
    const given = await give(pick);
    if (given !== null) return given;
    left = left.filter((c) => c.id !== pick.id);
  }
}
