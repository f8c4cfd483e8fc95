import type { CardLogQuery, CardLogRow, CardsHomeData, PageOf } from '@chaopin/contracts';
import { chinaDay } from '../../platform/china-time.ts';
import { AppError } from '../../platform/errors.ts';
import { REWARD_LINKS } from '../rewards/index.ts';
import type { CardsRepo } from './cards.repo.ts';
import type { CardCampaigns } from './cards-campaigns.service.ts';
import { logTitle, rareWeight } from './cards-rules.ts';

/** What the player reads: their cards in a campaign and their card log. */
export class CardsViews {
  constructor(
    private readonly repo: CardsRepo,
    private readonly campaigns: CardCampaigns,
  ) {}

  async home(
    userId: number,
    campaignId: number | undefined,
    now = new Date(),
  ): Promise<CardsHomeData> {
    const c =
      campaignId === undefined
        ? await this.repo.current(now)
        : await this.repo.campaign(campaignId);
    if (!c) throw new AppError('CARD_CAMPAIGN_NOT_FOUND');
    const [campaign, held, exchanges, earned] = await Promise.all([
      this.campaigns.view(c, now),
      this.repo.holdings(userId, c.id),
      this.repo.exchanges(userId, c.id),
      this.repo.earnedOn(userId, c.id, chinaDay(now)),
    ]);
    const rare = rareWeight(held);
    const cards = held.map((h) => ({
      kindId: h.id,
      name: h.name,
      rare: h.weight === rare,
      count: Number(h.count),
    }));
    const complete = cards.length > 0 && cards.every((k) => k.count >= 1);
    return {
      campaign,
      cards,
      complete,
      exchanges,
      canExchange: complete && exchanges < c.max_exchanges && campaign.status === 'active',
      earnedToday: {
        signin: earned.has('signin'),
        order: earned.has('order'),
        share: earned.has('share'),
      },
      rewardLink: REWARD_LINKS[c.reward_kind],
    };
  }

  async log(userId: number, q: CardLogQuery): Promise<PageOf<CardLogRow>> {
    await this.campaigns.campaignRow(q.campaignId);
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.logPage(
      userId,
      q.campaignId,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        kindId: r.kind_id,
        name: r.name,
        delta: r.delta,
        source: r.source,
        title: logTitle(r),
        createdAt: r.created_at.toISOString(),
      })),
      total: Number(total.n),
      pageNum,
      pageSize,
    };
  }
}
