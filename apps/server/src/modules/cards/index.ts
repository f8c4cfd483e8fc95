import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { sendNotice } from '../message/index.ts';
import type { PointsModule } from '../points/index.ts';
import type { RedeemModule } from '../redeem/index.ts';
import { CardsRepo } from './cards.repo.ts';
import { cardsRoutes } from './cards.routes.ts';
import { CardsService } from './cards.service.ts';

export interface CardsModule {
  cards: CardsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Card collecting (the demo seed makes a campaign through it). */
    cardsModule: CardsModule;
  }
}

/**
 * Card collecting (集卡): a card a day from the sign-in, a paid order and a share, gifts between
 * users, and a full set exchanged for the campaign's reward.
 */
export async function registerCardsModule(
  app: FastifyInstance,
  deps: Deps,
  more: { points: PointsModule; redeem: RedeemModule },
): Promise<CardsModule> {
  // A gift's notice is written in the gift's transaction, through the message module's port.
  const cards = new CardsService(deps.db, new CardsRepo(deps.db), more.redeem.rewards, sendNotice);
  more.points.points.onSignIn(async (trx, userId, day) => {
    await cards.earn(trx, userId, 'signin', day);
  });
  deps.events.on(async (trx, e) => {
    if (e.type === 'order.paid' && e.amount > 0) {
      await cards.earn(trx, e.userId, 'order', undefined, undefined, e.orderNos[0]);
    } else if (e.type === 'refund.refunded' && e.orderRefunded) {
      await cards.onOrderRefunded(trx, e.userId, e.orderNo);
    }
  });
  await cardsRoutes(app, cards);
  const m: CardsModule = { cards };
  app.decorate('cardsModule', m);
  return m;
}
