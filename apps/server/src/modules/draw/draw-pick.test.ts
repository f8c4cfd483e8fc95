import { describe, expect, it } from 'vitest';
import { drawPrize, pickByWeight } from './draw-pick.ts';

const prizes = [
  { id: 1, weight: 1 },
  { id: 2, weight: 0 },
  { id: 3, weight: 3 },
];

describe('drawing by weight', () => {
  it('maps the random number onto the weights, skipping weight 0', () => {
    expect(pickByWeight(prizes, () => 0)?.id).toBe(1);
    expect(pickByWeight(prizes, () => 1)?.id).toBe(3);
    expect(pickByWeight(prizes, () => 3)?.id).toBe(3);
    expect(pickByWeight([{ id: 1, weight: 0 }])).toBeUndefined();
  });

  it('draws again among the rest when a prize cannot be given', async () => {
    const tried: number[] = [];
    const given = await drawPrize(
      prizes,
      async (p) => {
        tried.push(p.id);
        return p.id === 1 ? `prize ${p.id}` : null;
      },
      (max) => Math.min(1, max - 1),
    );
    expect(tried).toEqual([3, 1]);
    expect(given).toBe('prize 1');
    expect(await drawPrize(prizes, async () => null)).toBeUndefined();
  });

  it('follows the weights with crypto randomness', () => {
    const counts = new Map<number, number>();
    for (let i = 0; i < 4000; i++) {
      const id = pickByWeight(prizes)?.id ?? 0;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.get(2)).toBeUndefined();
    expect(counts.get(3) ?? 0).toBeGreaterThan(2700);
    expect(counts.get(3) ?? 0).toBeLessThan(3300);
  });
});
