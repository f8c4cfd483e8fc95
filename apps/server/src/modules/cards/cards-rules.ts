import { randomInt } from 'node:crypto';
import type { CardCampaignView } from '@chaopin/contracts';

/** A kind drawn with probability weight / total, from crypto randomness (cards are worth something). */
export function drawKind<K extends { weight: number }>(kinds: readonly K[]): K | undefined {
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  if (total <= 0) return undefined;
  let roll = randomInt(total);
  for (const k of kinds) {
    if (roll < k.weight) return k;
    roll -= k.weight;
  }
  return kinds[kinds.length - 1];
}

/** The rarest weight: kinds with it show as rare (none when every kind weighs the same). */
export function rareWeight(kinds: readonly { weight: number }[]): number | null {
  const weights = kinds.map((k) => k.weight);
  const min = Math.min(...weights);
  return weights.some((w) => w !== min) ? min : null;
}

export function statusAt(c: { start_at: Date; end_at: Date }, now: Date) {
  if (now < c.start_at) return 'upcoming' as const;
  return now < c.end_at ? ('active' as const) : ('ended' as const);
}

/** 138****0000 (a gift's peer is shown, never their full number). */
export function maskPhone(phone: string | null): string {
  if (!phone) return '好友';
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '好友';
}

export type CampaignStatus = CardCampaignView['status'];
