import { randomInt } from 'node:crypto';
import {
  CARD_SOURCE_TEXT,
  CARDS_DEFAULTS,
  type CardCampaignBody,
  type CardCampaignView,
  type CardLogRow,
} from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import { AppError } from '../../platform/errors.ts';
import type { Reward } from '../rewards/index.ts';
import type { CardCampaignTable } from './cards.tables.ts';

export type CampaignRow = Selectable<CardCampaignTable>;

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

/** Cards move only while the campaign runs. */
export function requireActive(c: { start_at: Date; end_at: Date }, now: Date): void {
  const status = statusAt(c, now);
  if (status === 'upcoming') throw new AppError('CARD_CAMPAIGN_NOT_STARTED');
  if (status === 'ended') throw new AppError('CARD_CAMPAIGN_ENDED');
}

/** 138****0000 (a gift's peer is shown, never their full number). */
export function maskPhone(phone: string | null): string {
  if (!phone) return '好友';
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '好友';
}

export type CampaignStatus = CardCampaignView['status'];

/**
 * A campaign body's fields checked (dates in order, a title, named kinds without repeats, exactly
 * its reward kind's field) and made into its rows; whether the coupon exists is the caller's.
 */
export function campaignFields(b: CardCampaignBody) {
  const start = new Date(b.startAt);
  const end = new Date(b.endAt);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end <= start) {
    throw new AppError('CARD_CAMPAIGN_INVALID');
  }
  const title = b.title.trim();
  const kinds = (b.kinds ?? CARDS_DEFAULTS.KINDS).map((k) => ({
    name: k.name.trim(),
    weight: k.weight,
  }));
  if (
    !title ||
    kinds.some((k) => !k.name) ||
    new Set(kinds.map((k) => k.name)).size !== kinds.length
  ) {
    throw new AppError('CARD_CAMPAIGN_INVALID');
  }
  const isCoupon = b.rewardKind === 'coupon';
  if (isCoupon !== (b.couponTemplateId !== undefined) || isCoupon === (b.amount !== undefined)) {
    throw new AppError('CARD_CAMPAIGN_INVALID');
  }
  return {
    kinds,
    row: {
      title,
      start_at: start,
      end_at: end,
      reward_kind: b.rewardKind,
      coupon_template_id: b.couponTemplateId ?? null,
      amount: b.amount ?? null,
      max_exchanges: b.maxExchanges ?? CARDS_DEFAULTS.MAX_EXCHANGES,
    },
  };
}

/** What a full set is exchanged for. */
export function rewardOf(
  c: Pick<CampaignRow, 'reward_kind' | 'coupon_template_id' | 'amount'>,
): Reward {
  if (c.reward_kind === 'coupon') return { kind: 'coupon', templateId: c.coupon_template_id ?? 0 };
  return { kind: c.reward_kind, amount: c.amount ?? 0 };
}

/** A log row's line: a gift names its peer by masked phone. */
export function logTitle(r: { source: CardLogRow['source']; peer_phone: string | null }): string {
  return r.source === 'gift_in' || r.source === 'gift_out'
    ? `${CARD_SOURCE_TEXT[r.source]}（${maskPhone(r.peer_phone)}）`
    : CARD_SOURCE_TEXT[r.source];
}
