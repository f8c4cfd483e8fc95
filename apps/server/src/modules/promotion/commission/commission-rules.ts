/**
 * Who earns what on a paid line: pure, so the rules are read in one place and proven by tests.
 */

export interface ChainMember {
  userId: number;
  /** 推广员 or above earns commission. */
  isPromoter: boolean;
}

export interface Chain {
  buyer: ChainMember;
  parent: ChainMember | null;
  grandparent: ChainMember | null;
}

export interface RateRule {
  l1Bp: number;
  l2Bp: number;
  /** A promoter's own purchase earns them level 1 (their parent level 2). */
  selfPurchase: boolean;
}

export interface Earner {
  level: 1 | 2;
  userId: number;
  rateBp: number;
}

/** A commission: rate × what stays paid, rounded down to the fen. */
export function commissionOf(base: number, refunded: number, rateBp: number): number {
  return Math.floor((Math.max(0, base - refunded) * rateBp) / 10_000);
}

/**
 * The earners of a line bought by `chain.buyer`: level 1 is the parent (or, with self-purchase
 * on, a promoter buyer), level 2 the one above; each only when a promoter and the rate is above 0.
 */
export function earnersOf(chain: Chain, rule: RateRule): Earner[] {
  const selfFirst = rule.selfPurchase && chain.buyer.isPromoter;
  const levels: (ChainMember | null)[] = selfFirst
    ? [chain.buyer, chain.parent]
    : [chain.parent, chain.grandparent];
  const out: Earner[] = [];
  levels.forEach((m, i) => {
    const level = (i + 1) as 1 | 2;
    const rateBp = level === 1 ? rule.l1Bp : rule.l2Bp;
    if (m?.isPromoter && rateBp > 0) out.push({ level, userId: m.userId, rateBp });
  });
  return out;
}
