import { randomUUID } from 'node:crypto';
import type {
  CardAdminGiveBody,
  CardAdminGiveData,
  CardCampaignBody,
  CardCampaignUpdateBody,
  CardCampaignView,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { RewardsService } from '../rewards/index.ts';
import type { CardsRepo } from './cards.repo.ts';
import type { CardCampaigns } from './cards-campaigns.service.ts';
import { campaignFields } from './cards-rules.ts';

/** The operator's side: campaigns and their kinds, and cards granted to a user. */
export class CardsAdmin {
  constructor(
    private readonly db: Db,
    private readonly repo: CardsRepo,
    private readonly campaigns: CardCampaigns,
    private readonly rewards: RewardsService,
  ) {}

  /** The campaign's fields checked, its coupon template included. */
  private async checked(b: CardCampaignBody) {
    const fields = campaignFields(b);
    if (b.couponTemplateId !== undefined) await this.rewards.couponName(b.couponTemplateId);
    return fields;
  }

  async createCampaign(b: CardCampaignBody): Promise<CardCampaignView> {
    const { kinds, row } = await this.checked(b);
    const id = await this.db
      .transaction()
      .execute((trx) => this.repo.insertCampaign(narrowDb(trx), row, kinds));
    return this.campaigns.view(await this.campaigns.campaignRow(id));
  }

  /** Changes a campaign; its number of kinds is fixed once anybody holds a card. */
  async updateCampaign(b: CardCampaignUpdateBody): Promise<CardCampaignView> {
    const before = await this.campaigns.campaignRow(b.id);
    const { kinds, row } = await this.checked(b);
    await this.db.transaction().execute(async (trx) => {
      const old = await this.repo.kinds(before.id, narrowDb(trx));
      if (b.kinds && kinds.length !== old.length) {
        if (await this.repo.hasCards(before.id, narrowDb(trx)))
          throw new AppError('CARD_KINDS_LOCKED');
        await this.repo.deleteKinds(narrowDb(trx), before.id);
        await this.repo.insertKinds(narrowDb(trx), before.id, kinds);
      } else if (b.kinds) {
        for (const [i, k] of kinds.entries())
          await this.repo.updateKind(narrowDb(trx), before.id, i + 1, k);
      }
      await this.repo.updateCampaign(narrowDb(trx), before.id, row);
    });
    return this.campaigns.view(await this.campaigns.campaignRow(before.id));
  }

  /** An operator's grant of cards of a kind to a user (logged as 平台发放). */
  async adminGive(b: CardAdminGiveBody): Promise<CardAdminGiveData> {
    const c = await this.campaigns.campaignRow(b.campaignId);
    const kind = await this.campaigns.kindOf(c.id, b.kindId);
    if (!(await this.repo.user({ id: b.userId }))) throw new AppError('CARD_FRIEND_NOT_FOUND');
    const n = b.count ?? 1;
    const count = await this.db.transaction().execute(async (trx) => {
      await this.repo.log(narrowDb(trx), {
        user_id: b.userId,
        campaign_id: c.id,
        kind_id: kind.id,
        delta: n,
        source: 'admin',
        ref: randomUUID(),
        peer_user_id: null,
      });
      return (
        await this.repo.add(narrowDb(trx), {
          userId: b.userId,
          campaignId: c.id,
          kindId: kind.id,
          n,
        })
      ).count;
    });
    return { kindId: kind.id, count };
  }
}
