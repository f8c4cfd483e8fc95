import type {
  CardAction,
  CardAdminGiveBody,
  CardAdminGiveData,
  CardCampaignBody,
  CardCampaignUpdateBody,
  CardCampaignView,
  CardExchangeData,
  CardGiveBody,
  CardGiveData,
  CardHolding,
  CardLogQuery,
  CardLogRow,
  CardShareData,
  CardsHomeData,
  PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { SendNotice } from '../message/index.ts';
import type { RewardsService } from '../rewards/index.ts';
import type { CardsRepo } from './cards.repo.ts';
import { CardsAdmin } from './cards-admin.service.ts';
import { CardCampaigns } from './cards-campaigns.service.ts';
import { CardsEarning } from './cards-earn.service.ts';
import { CardsMoves } from './cards-moves.service.ts';
import { CardsViews } from './cards-views.service.ts';

export { CARDS_PAGE } from './cards-moves.service.ts';

/**
 * Card collecting, one entry for the routes, the module's hooks and the demo seed; the work is
 * done by its parts: the campaigns as read by every side (cards-campaigns), the operator's
 * (cards-admin), earning (cards-earn), the player's reads (cards-views), gifts and exchanges
 * (cards-moves), and the pure rules (cards-rules).
 */
export class CardsService {
  private readonly admin: CardsAdmin;
  private readonly earning: CardsEarning;
  private readonly views: CardsViews;
  private readonly moves: CardsMoves;

  constructor(db: Db, repo: CardsRepo, rewards: RewardsService, notices: SendNotice) {
    const campaigns = new CardCampaigns(repo, rewards);
    this.admin = new CardsAdmin(db, repo, campaigns, rewards);
    this.earning = new CardsEarning(db, repo, campaigns);
    this.views = new CardsViews(repo, campaigns);
    this.moves = new CardsMoves(db, repo, campaigns, rewards, notices);
  }

  // --- operator -------------------------------------------------------------------------------

  createCampaign(b: CardCampaignBody): Promise<CardCampaignView> {
    return this.admin.createCampaign(b);
  }

  updateCampaign(b: CardCampaignUpdateBody): Promise<CardCampaignView> {
    return this.admin.updateCampaign(b);
  }

  adminGive(b: CardAdminGiveBody): Promise<CardAdminGiveData> {
    return this.admin.adminGive(b);
  }

  // --- earning --------------------------------------------------------------------------------

  /** The action's card of the day (sign-in, paid order, share), inside the caller's transaction. */
  earn(
    trx: Db,
    userId: number,
    action: CardAction,
    day?: string,
    now?: Date,
    orderNo?: string,
  ): Promise<CardHolding | null> {
    return this.earning.earn(trx, userId, action, day, now, orderNo);
  }

  /** refund.refunded of a fully refunded order: its card back, once (see CardsEarning). */
  onOrderRefunded(trx: Db, userId: number, orderNo: string): Promise<void> {
    return this.earning.onOrderRefunded(trx, userId, orderNo);
  }

  /** Cards the user owes a campaign after a refund found none left to take back. */
  debtOf(userId: number, campaignId: number): Promise<number> {
    return this.earning.debtOf(userId, campaignId);
  }

  share(userId: number, campaignId: number, now?: Date): Promise<CardShareData> {
    return this.earning.share(userId, campaignId, now);
  }

  // --- the player -----------------------------------------------------------------------------

  home(userId: number, campaignId: number | undefined, now?: Date): Promise<CardsHomeData> {
    return this.views.home(userId, campaignId, now);
  }

  log(userId: number, q: CardLogQuery): Promise<PageOf<CardLogRow>> {
    return this.views.log(userId, q);
  }

  give(userId: number, b: CardGiveBody, now?: Date): Promise<CardGiveData> {
    return this.moves.give(userId, b, now);
  }

  exchange(userId: number, campaignId: number, now?: Date): Promise<CardExchangeData> {
    return this.moves.exchange(userId, campaignId, now);
  }
}
