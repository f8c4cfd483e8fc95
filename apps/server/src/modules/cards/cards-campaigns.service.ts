import type { CardCampaignView } from '@chaopin/contracts';
import { AppError } from '../../platform/errors.ts';
import { type RewardsService, yuan } from '../rewards/index.ts';
import type { CardsRepo } from './cards.repo.ts';
import { type CampaignRow, rareWeight, statusAt } from './cards-rules.ts';

/** A campaign and its kinds as every side reads them (found or refused, shown, its reward's text). */
export class CardCampaigns {
  constructor(
    private readonly repo: CardsRepo,
    private readonly rewards: RewardsService,
  ) {}

  async campaignRow(id: number): Promise<CampaignRow> {
    const c = await this.repo.campaign(id);
    if (!c) throw new AppError('CARD_CAMPAIGN_NOT_FOUND');
    return c;
  }

  /** The kind, if it is one of this campaign's (another campaign's kind id is not found). */
  async kindOf(campaignId: number, kindId: number) {
    const kind = (await this.repo.kinds(campaignId)).find((k) => k.id === kindId);
    if (!kind) throw new AppError('CARD_KIND_NOT_FOUND');
    return kind;
  }

  async rewardText(c: CampaignRow): Promise<string> {
    if (c.reward_kind === 'coupon') {
      return `优惠券「${await this.rewards.couponName(c.coupon_template_id ?? 0)}」`;
    }
    if (c.reward_kind === 'redpacket') return `红包 ${yuan(c.amount ?? 0)}`;
    return `${c.amount ?? 0} 积分`;
  }

  async view(c: CampaignRow, now = new Date()): Promise<CardCampaignView> {
    const kinds = await this.repo.kinds(c.id);
    const rare = rareWeight(kinds);
    return {
      id: c.id,
      title: c.title,
      startAt: c.start_at.toISOString(),
      endAt: c.end_at.toISOString(),
      status: statusAt(c, now),
      kinds: kinds.map((k) => ({
        id: k.id,
        name: k.name,
        weight: k.weight,
        rare: k.weight === rare,
      })),
      rewardKind: c.reward_kind,
      couponTemplateId: c.coupon_template_id,
      amount: c.amount,
      rewardText: await this.rewardText(c),
      maxExchanges: c.max_exchanges,
    };
  }
}
