import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { sendNotice } from '../message/index.ts';
import type { PointsModule, SignInHook } from '../points/index.ts';
import type { RewardsService } from '../rewards/index.ts';
import { CardsRepo } from './cards.repo.ts';
import { cardsRoutes } from './cards.routes.ts';
import { CardsService } from './cards.service.ts';

export interface CardsModule {
  cards: CardsService;
  /** The points module's sign-in hook: a card a day (late-bound by app.ts). */
  signedIn: SignInHook;
  /** Steps of the order events' handlers (modules/reactions.ts). */
  reactions: { orderPaid: Reaction<'order.paid'>; orderRefunded: Reaction<'refund.refunded'> };
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
  more: { points: PointsModule; rewards: RewardsService },
): Promise<CardsModule> {
  // A gift's notice is written in the gift's transaction, through the message module's port.
  const cards = new CardsService(
    deps.db,
    new CardsRepo(narrowDb(deps.db)),
    more.rewards,
    sendNotice,
  );
  await cardsRoutes(app, cards);
  const m: CardsModule = {
    cards,
    async signedIn(trx, userId, day) {
      await cards.earn(trx, userId, 'signin', day);
    },
    reactions: {
      async orderPaid(trx, e) {
        if (e.amount > 0) {
          await cards.earn(trx, e.userId, 'order', undefined, undefined, e.orderNos[0]);
        }
      },
      async orderRefunded(trx, e) {
        if (e.orderRefunded) await cards.onOrderRefunded(trx, e.userId, e.orderNo);
      },
    },
  };
  app.decorate('cardsModule', m);
  return m;
}
