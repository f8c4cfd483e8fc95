import type {
  FarmFriendData,
  FarmFruit,
  FarmFruitBody,
  FarmFruitsData,
  FarmHarvestBody,
  FarmHarvestData,
  FarmHelpData,
  FarmHomeData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { StockService } from '../catalogue/index.ts';
import type { DealPort, RewardsService } from '../rewards/index.ts';
import type { FarmRepo } from './farm.repo.ts';
import { FarmFruits } from './farm-fruits.service.ts';
import { FarmHarvest } from './farm-harvest.service.ts';
import { FarmPlay } from './farm-play.service.ts';
import type { FarmRules } from './farm-rules.ts';
import { FarmViews } from './farm-views.service.ts';

export { FARM_DEAL_PORT } from './farm-harvest.service.ts';
export { type FarmRules, parseStages, stageOf } from './farm-rules.ts';

/**
 * The farm game, one entry for the routes, the module's hooks and the demo seed; the work is
 * done by its parts: the fruit kinds (farm-fruits), the player's reads (farm-views), the
 * player's actions and the paid order's water (farm-play), the harvest and its deal port
 * (farm-harvest), and the pure rules (farm-rules).
 */
export class FarmService {
  private readonly kinds: FarmFruits;
  private readonly views: FarmViews;
  private readonly play: FarmPlay;
  private readonly harvests: FarmHarvest;

  constructor(
    db: Db,
    repo: FarmRepo,
    rewards: RewardsService,
    stock: StockService,
    readonly rules: FarmRules,
  ) {
    this.kinds = new FarmFruits(repo, rewards, stock);
    this.views = new FarmViews(repo, rules);
    this.play = new FarmPlay(db, repo, this.views, rules);
    this.harvests = new FarmHarvest(db, repo, this.views, rewards);
  }

  // --- operator -------------------------------------------------------------------------------

  createFruit(b: FarmFruitBody): Promise<number> {
    return this.kinds.createFruit(b);
  }

  updateFruit(id: number, b: FarmFruitBody): Promise<FarmFruit> {
    return this.kinds.updateFruit(id, b);
  }

  deleteFruit(id: number): Promise<void> {
    return this.kinds.deleteFruit(id);
  }

  fruit(id: number): Promise<FarmFruit> {
    return this.kinds.fruit(id);
  }

  /** Every kind (the operator) or the ones that may be planted (users). */
  fruits(all: boolean): Promise<FarmFruitsData> {
    return this.kinds.fruits(all);
  }

  // --- the player -----------------------------------------------------------------------------

  home(userId: number, now?: Date): Promise<FarmHomeData> {
    return this.views.home(userId, now);
  }

  friend(userId: number, friendId: number, now?: Date): Promise<FarmFriendData> {
    return this.views.friend(userId, friendId, now);
  }

  plant(userId: number, fruitId: number): Promise<FarmHomeData> {
    return this.play.plant(userId, fruitId);
  }

  collect(userId: number, now?: Date): Promise<FarmHomeData> {
    return this.play.collect(userId, now);
  }

  share(userId: number, now?: Date): Promise<FarmHomeData> {
    return this.play.share(userId, now);
  }

  water(userId: number, now?: Date): Promise<FarmHomeData> {
    return this.play.water(userId, now);
  }

  help(userId: number, friendId: number, now?: Date): Promise<FarmHelpData> {
    return this.play.help(userId, friendId, now);
  }

  harvest(userId: number, b: FarmHarvestBody, now?: Date): Promise<FarmHarvestData> {
    return this.harvests.harvest(userId, b, now);
  }

  // --- hooks ----------------------------------------------------------------------------------

  /** order.paid: each paid order's water, once per order (inside the payment's transaction). */
  onPaid(trx: Db, userId: number, orderNos: readonly string[]): Promise<void> {
    return this.play.onPaid(trx, userId, orderNos);
  }

  /** refund.refunded of a fully refunded order: its water back, once (see FarmPlay). */
  onOrderRefunded(trx: Db, userId: number, orderNo: string): Promise<void> {
    return this.play.onOrderRefunded(trx, userId, orderNo);
  }

  /** The port the order placer calls for product harvests (registered under FARM_DEAL_PORT). */
  dealPort(): DealPort {
    return this.harvests.dealPort();
  }
}
