import type { DomainEvents } from '../deps.ts';
import type { DomainEventType } from '../platform/domain-events.ts';
import type { CardsModule } from './cards/index.ts';
import type { DashboardModule } from './dashboard/index.ts';
import type { DrawModule } from './draw/index.ts';
import type { FarmModule } from './farm/index.ts';
import type { LogisticsModule } from './logistics/index.ts';
import type { MessageModule } from './message/index.ts';
import type { ExchangeModule, PointsModule } from './points/index.ts';
import type { PromotionModule } from './promotion/index.ts';
import type { SeckillModule } from './seckill/index.ts';
import type { ZoneModule } from './zone/index.ts';

/** The modules that react to what happened elsewhere. */
export interface Reactors {
  promotion: PromotionModule;
  points: PointsModule;
  exchange: ExchangeModule;
  draw: DrawModule;
  farm: FarmModule;
  cards: CardsModule;
  zone: ZoneModule;
  logistics: LogisticsModule;
  seckill: SeckillModule;
  message: MessageModule;
  dashboard: DashboardModule;
}

/** Events only the user's notice follows. */
const NOTICE_ONLY = [
  'order.signed',
  'refund.approved',
  'refund.rejected',
  'invoice.issued',
  'seckill.reminder',
  'points.expiring',
  'medicine.prescribed',
  'medicine.rejected',
  'medicine.assigned',
  'live.started',
] as const satisfies readonly DomainEventType[];

/**
 * "After X happened": one handler per event type, its steps in the order written here. Every step
 * runs inside the producer's transaction (a step that throws rolls the change back with it); the
 * user's notice comes last, after the rewards it may speak of are written.
 */
export function registerReactions(events: DomainEvents, m: Reactors): void {
  events.handle('order.paid', async (trx, e) => {
    // Rewards of a payment: commissions and the upgrade package, the day's first-order points,
    // the points mall's purchase made final, draw chances, farm water, a card, the new-user
    // refund's claim, the dashboard's rollups; then the notice.
    await m.promotion.reactions.orderPaid(trx, e);
    await m.points.reactions.orderPaid(trx, e);
    await m.exchange.reactions.orderPaid(trx, e);
    await m.draw.reactions.orderPaid(trx, e);
    await m.farm.reactions.orderPaid(trx, e);
    await m.cards.reactions.orderPaid(trx, e);
    await m.zone.reactions.orderPaid(trx, e);
    await m.dashboard.reactions.orderPaid(trx, e);
    await m.message.notify(trx, e);
  });
  events.handle('order.cancelled', async (trx, e) => {
    // An unpaid order cancelled (by the user or the pay timeout): the points mall gives its
    // points, unit and allowance back. (Stock, coupons and a prescription are given back by the
    // order module itself, in the same transaction.)
    await m.exchange.reactions.orderCancelled(trx, e);
  });
  events.handle('order.shipped', async (trx, e) => {
    await m.message.notify(trx, e);
    await m.logistics.reactions.orderShipped(trx, e);
  });
  events.handle('order.received', async (trx, e) => {
    // Commissions freeze and the inviter's reward, the new-user refund's window opens.
    await m.promotion.reactions.orderReceived(trx, e);
    await m.zone.reactions.orderReceived(trx, e);
    await m.message.notify(trx, e);
  });
  events.handle('refund.refunded', async (trx, e) => {
    // What the payment earned is taken back (the per-order rewards only when nothing of the
    // order stays paid), the new-user refund is cancelled, the dashboard's rollups; then the
    // notice.
    await m.promotion.reactions.orderRefunded(trx, e);
    await m.points.reactions.orderRefunded(trx, e);
    await m.draw.reactions.orderRefunded(trx, e);
    await m.farm.reactions.orderRefunded(trx, e);
    await m.cards.reactions.orderRefunded(trx, e);
    await m.zone.reactions.orderRefunded(trx, e);
    await m.dashboard.reactions.refundRefunded(trx, e);
    await m.message.notify(trx, e);
  });
  events.handle('seckill.released', async (trx, e) => {
    await m.message.notify(trx, e);
    await m.seckill.reactions.released(trx, e);
  });
  events.handle('review.written', async (trx, e) => {
    await m.points.reactions.reviewWritten(trx, e);
    await m.message.notify(trx, e);
  });
  events.handle('user.invited', async (trx, e) => {
    await m.points.reactions.userInvited(trx, e);
    await m.message.notify(trx, e);
  });
  for (const type of NOTICE_ONLY) events.handle(type, m.message.notify);
}
