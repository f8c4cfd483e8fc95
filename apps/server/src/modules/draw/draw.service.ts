import type {
  DrawAdminResultsPage,
  DrawAdminResultsQuery,
  DrawChancesBody,
  DrawChancesData,
  DrawClaimBody,
  DrawResultsPage,
  DrawResultsQuery,
  DrawSpinBody,
  DrawSpinData,
  DrawWheelBody,
  DrawWheelData,
  DrawWheelUpdateBody,
  NewOrderData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { PointsService } from '../points/index.ts';
import type { DealPort, RewardsService } from '../rewards/index.ts';
import type { DrawRepo } from './draw.repo.ts';
import { DrawChances } from './draw-chances.service.ts';
import { DrawClaims } from './draw-claim.service.ts';
import type { DrawOptions } from './draw-rules.ts';
import { DrawSpins } from './draw-spin.service.ts';
import { DrawViews } from './draw-views.service.ts';
import { DrawWheels } from './draw-wheels.service.ts';

export { DRAW_DEAL_PORT } from './draw-claim.service.ts';
export type { DrawOptions } from './draw-rules.ts';

/**
 * The lucky draw, one entry for the routes, the module's hooks and the demo seed; the work is
 * done by its parts: the operator's wheels (draw-wheels), earned chances (draw-chances), the
 * player's reads (draw-views), the spin (draw-spin), product prizes claimed as orders
 * (draw-claim), and the pure rules (draw-rules, draw-pick).
 */
export class DrawService {
  private readonly wheels: DrawWheels;
  private readonly chances: DrawChances;
  private readonly views: DrawViews;
  private readonly spins: DrawSpins;
  private readonly claims: DrawClaims;

  constructor(
    db: Db,
    repo: DrawRepo,
    points: PointsService,
    rewards: RewardsService,
    readonly opts: DrawOptions,
  ) {
    this.wheels = new DrawWheels(db, repo, opts);
    this.chances = new DrawChances(db, repo, opts);
    this.views = new DrawViews(repo, points, opts);
    this.spins = new DrawSpins(db, repo, this.views, points, rewards);
    this.claims = new DrawClaims(repo, rewards);
  }

  // --- operator -------------------------------------------------------------------------------

  createWheel(b: DrawWheelBody, now?: Date): Promise<number> {
    return this.wheels.createWheel(b, now);
  }

  updateWheel(b: DrawWheelUpdateBody, now?: Date): Promise<void> {
    return this.wheels.updateWheel(b, now);
  }

  adminResults(q: DrawAdminResultsQuery): Promise<DrawAdminResultsPage> {
    return this.wheels.adminResults(q);
  }

  giveChances(b: DrawChancesBody): Promise<DrawChancesData> {
    return this.chances.giveChances(b);
  }

  // --- the player -----------------------------------------------------------------------------

  wheel(userId: number, id: number | undefined, now?: Date): Promise<DrawWheelData> {
    return this.views.wheel(userId, id, now);
  }

  spin(userId: number, b: DrawSpinBody, now?: Date): Promise<DrawSpinData> {
    return this.spins.spin(userId, b, now);
  }

  results(userId: number, q: DrawResultsQuery): Promise<DrawResultsPage> {
    return this.views.results(userId, q);
  }

  /** The chances a user has left. */
  chancesOf(userId: number): Promise<number> {
    return this.chances.chancesOf(userId);
  }

  claim(userId: number, b: DrawClaimBody): Promise<NewOrderData> {
    return this.claims.claim(userId, b);
  }

  // --- hooks ----------------------------------------------------------------------------------

  /** order.paid: the first paid order of a China-time day earns its chances once. */
  onPaid(trx: Db, userId: number, orderNo: string, now?: Date): Promise<void> {
    return this.chances.onPaid(trx, userId, orderNo, now);
  }

  /** refund.refunded of a fully refunded order: its chances back, once (see DrawChances). */
  onOrderRefunded(trx: Db, userId: number, orderNo: string): Promise<void> {
    return this.chances.onOrderRefunded(trx, userId, orderNo);
  }

  /** Chances the user owes after a refund took back one already spent. */
  chanceDebtOf(userId: number): Promise<number> {
    return this.chances.debtOf(userId);
  }

  /** The port the order placer calls for product prizes (registered under DRAW_DEAL_PORT). */
  dealPort(): DealPort {
    return this.claims.dealPort();
  }
}
