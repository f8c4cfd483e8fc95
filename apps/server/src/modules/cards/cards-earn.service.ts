import type { CardAction, CardHolding, CardShareData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import type { CardsRepo } from './cards.repo.ts';
import type { CardCampaigns } from './cards-campaigns.service.ts';
import { drawKind, rareWeight, requireActive } from './cards-rules.ts';

/** Earning cards: a card per action (sign-in, paid order, share) and China day, logged once. */
export class CardsEarning {
  constructor(
    private readonly db: Db,
    private readonly repo: CardsRepo,
    private readonly campaigns: CardCampaigns,
  ) {}

  /**
   * The action's card of the day in the current campaign, inside the caller's transaction: one
   * random kind (weighted) when this (user, action, day) earns for the first time, else null.
   */
  async earn(
    trx: Db,
    userId: number,
    action: CardAction,
    day = chinaDay(),
    now = new Date(),
  ): Promise<CardHolding | null> {
    const c = await this.repo.current(now, trx);
    if (!c) return null;
    const kinds = await this.repo.kinds(c.id, trx);
    const kind = drawKind(kinds);
    if (!kind) return null;
    const fresh = await this.repo.log(trx, {
      user_id: userId,
      campaign_id: c.id,
      kind_id: kind.id,
      delta: 1,
      source: action,
      ref: day,
      peer_user_id: null,
    });
    if (!fresh) return null;
    const { count } = await this.repo.add(trx, { userId, campaignId: c.id, kindId: kind.id, n: 1 });
    return { kindId: kind.id, name: kind.name, rare: kind.weight === rareWeight(kinds), count };
  }

  /** The share page's card: once per China day (a second call answers fresh: false). */
  async share(userId: number, campaignId: number, now = new Date()): Promise<CardShareData> {
    const c = await this.campaigns.campaignRow(campaignId);
    requireActive(c, now);
    const current = await this.repo.current(now);
    // Cards are earned in the campaign running now; sharing an older one earns nothing extra.
    if (current?.id !== c.id) return { fresh: false, card: null };
    const card = await this.db
      .transaction()
      .execute((trx) => this.earn(trx, userId, 'share', chinaDay(now), now));
    return { fresh: Boolean(card), card };
  }
}
