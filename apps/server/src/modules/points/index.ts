import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { ModuleUses } from '../uses.ts';
import { PointsRepo } from './points.repo.ts';
import { pointsRoutes } from './points.routes.ts';
import { PointsService, type SignInHook } from './points.service.ts';
import { PointsExpiryRepo } from './points-expiry.repo.ts';
import { PointsExpiry } from './points-sweeper.ts';

// The points mall's module by type, for modules/reactions.ts (app.ts registers it from exchange/).
export type { ExchangeModule } from './exchange/index.ts';
// The service of PointsModule by type, for the modules app.ts hands it to (draw, game).
export type { PointsService, SignInHook } from './points.service.ts';

export interface PointsModule {
  points: PointsService;
  expiry: PointsExpiry;
  /** Steps of the events' handlers (modules/reactions.ts). */
  reactions: {
    orderPaid: Reaction<'order.paid'>;
    orderRefunded: Reaction<'refund.refunded'>;
    reviewWritten: Reaction<'review.written'>;
    userInvited: Reaction<'user.invited'>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The points module's service (tests sign in on other days through it). */
    pointsModule: PointsModule;
  }
}

/** Points (积分): sign-in, earning tasks and the bill, on the ledger's points accounts. */
export async function registerPointsModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  ports: {
    /** A fresh sign-in, in its transaction: the cards module gives a card (late-bound by app.ts). */
    signedIn: SignInHook;
  },
): Promise<PointsModule> {
  const { config } = deps;
  const { ledger, reads } = uses.ledger;
  const points = new PointsService(
    deps.db,
    new PointsRepo(narrowDb(deps.db)),
    ledger,
    reads,
    {
      signIn: config.POINTS_SIGN_IN,
      streak7Bonus: config.POINTS_STREAK_7_BONUS,
      streak30Bonus: config.POINTS_STREAK_30_BONUS,
      firstOrder: config.POINTS_FIRST_ORDER,
      reviewPhoto: config.POINTS_REVIEW_PHOTO,
      share: config.POINTS_SHARE,
      invite: config.POINTS_INVITE,
      perYuan: config.POINTS_PER_YUAN,
      maxSharePercent: config.POINTS_MAX_SHARE_PERCENT,
      expiryYears: config.POINTS_EXPIRY_YEARS,
      expiryNoticeDays: config.POINTS_EXPIRY_NOTICE_DAYS,
    },
    ports.signedIn,
  );
  const expiry = new PointsExpiry(
    deps.db,
    new PointsExpiryRepo(reads),
    ledger,
    deps.events,
    { years: config.POINTS_EXPIRY_YEARS, noticeDays: config.POINTS_EXPIRY_NOTICE_DAYS },
    deps.log,
    config.POINTS_SWEEP_MS,
  );
  app.addHook('onReady', async () => expiry.start());
  app.addHook('preClose', async () => expiry.stop());
  await pointsRoutes(app, points);
  const m: PointsModule = {
    points,
    expiry,
    reactions: {
      async orderPaid(trx, e) {
        if (e.amount > 0 && e.orderNos[0]) await points.onPaid(trx, e.userId, e.orderNos[0]);
      },
      async orderRefunded(trx, e) {
        if (e.orderRefunded) await points.onOrderRefunded(trx, e.userId, e.orderNo);
      },
      reviewWritten: (trx, e) => points.onReview(trx, e.userId, e.evaluationId, e.photos),
      userInvited: (trx, e) => points.onInvited(trx, e.userId, e.inviteeId),
    },
  };
  app.decorate('pointsModule', m);
  return m;
}
