import type { CardAction, CardHolding, CardShareData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
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
   * random kind (weighted) when this (user, action, day) earns for the first time, else null. A
   * paid order's card names the order (its full refund takes the card back). A card owed to an
   * earlier refund is paid from the new one first.
   */
  async earn(
    trx: Db,
    userId: number,
    action: CardAction,
    day = chinaDay(),
    now = new Date(),
    orderNo: string | null = null,
  ): Promise<CardHolding | null> {
    const c = await this.repo.current(now, narrowDb(trx));
    if (!c) return null;
    const kinds = await this.repo.kinds(c.id, narrowDb(trx));
    const kind = drawKind(kinds);
    if (!kind) return null;
    const fresh = await this.repo.log(narrowDb(trx), {
      user_id: userId,
      campaign_id: c.id,
      kind_id: kind.id,
      delta: 1,
      source: action,
      ref: day,
      peer_user_id: null,
      order_no: orderNo,
    });
    if (!fresh) return null;
    let { count } = await this.repo.add(narrowDb(trx), {
      userId,
      campaignId: c.id,
      kindId: kind.id,
      n: 1,
    });
    if (await this.repo.payDebt(narrowDb(trx), userId, c.id)) {
      count = (await this.repo.takeOne(narrowDb(trx), userId, kind.id))?.count ?? count - 1;
      await this.repo.log(narrowDb(trx), {
        user_id: userId,
        campaign_id: c.id,
        kind_id: kind.id,
        delta: -1,
        source: 'debt',
        ref: orderNo ? `${action}:${day}:${orderNo}` : `${action}:${day}`,
        peer_user_id: null,
      });
    }
    return { kindId: kind.id, name: kind.name, rare: kind.weight === rareWeight(kinds), count };
  }

  /**
   * refund.refunded of a fully refunded order: its card back once (the reversal's log row is
   * keyed by the order number): that kind if the user still holds one, else the kind held most,
   * else a debt the next earned card pays. The day's order card is free again: the next order
   * paid that day earns one.
   */
  async onOrderRefunded(trx: Db, userId: number, orderNo: string): Promise<void> {
    const card = await this.repo.orderCard(narrowDb(trx), userId, orderNo);
    if (!card) return;
    const logId = await this.repo.logId(narrowDb(trx), {
      user_id: userId,
      campaign_id: card.campaign_id,
      kind_id: card.kind_id,
      delta: -1,
      source: 'refund',
      ref: orderNo,
      peer_user_id: null,
      order_no: orderNo,
    });
    if (logId === undefined) return;
    await this.repo.renameRef(narrowDb(trx), card.id, `${card.ref}:${orderNo}`);
    if (await this.repo.takeOne(narrowDb(trx), userId, card.kind_id)) return;
    const other = await this.repo.takeAny(narrowDb(trx), userId, card.campaign_id);
    if (other !== undefined) {
      await this.repo.setLogKind(narrowDb(trx), logId, { kind_id: other, delta: -1 });
      return;
    }
    await this.repo.setLogKind(narrowDb(trx), logId, { kind_id: card.kind_id, delta: 0 });
    await this.repo.addDebt(narrowDb(trx), userId, card.campaign_id);
  }

  /** Cards the user owes the campaign (refunded orders' cards already given away). */
  debtOf(userId: number, campaignId: number): Promise<number> {
    return this.repo.debt(userId, campaignId);
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
