import type { FastifyInstance } from 'fastify';
import type { Deps, Reaction } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { ModuleUses } from '../uses.ts';
import type { WalletModule } from '../wallet/index.ts';
import { NewUserRefundService } from './new-user-refund.service.ts';
import { ZoneRepo } from './zone.repo.ts';
import { zoneRoutes } from './zone.routes.ts';
import { ZoneService } from './zone.service.ts';
import { ZoneSweeper } from './zone-sweeper.ts';

export interface ZoneModule {
  zones: ZoneService;
  refund: NewUserRefundService;
  /** Pays due new-user refunds (every node runs it). */
  sweep(): Promise<void>;
  /** Steps of the order events' handlers (modules/reactions.ts): the claim, the window, the cancellation. */
  reactions: {
    orderPaid: Reaction<'order.paid'>;
    orderReceived: Reaction<'order.received'>;
    orderRefunded: Reaction<'refund.refunded'>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The zone module's services (tests drive the refund sweep through it). */
    zoneModule: ZoneModule;
  }
}

/** Zones (专区) and the new-user full refund (新人全额返). */
export async function registerZoneModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  wallet: WalletModule,
): Promise<ZoneModule> {
  const { config, db } = deps;
  const repo = new ZoneRepo(narrowDb(db));
  const zones = new ZoneService(db, repo, { dailySaleSize: config.ZONE_DAILY_SALE_SIZE });
  const refund = new NewUserRefundService(
    db,
    repo,
    zones,
    {
      paidLines: (trx, orderNos) => uses.order.promotionReads.paidLines(narrowDb(trx), orderNos),
      phoneOf: async (trx, userId) =>
        (await uses.users.users.repo.findById(userId, narrowDb(trx)))?.phone,
      giveRedPacket: (trx, userId, title, amount) =>
        wallet.redPackets.give(trx, userId, { title, source: 'activity', amount }),
    },
    {
      zoneKey: config.NEW_USER_REFUND_ZONE,
      settleSeconds: config.NEW_USER_REFUND_SETTLE_SECONDS,
      secret: deps.secret,
    },
  );
  const sweeper = new ZoneSweeper(refund, config.ZONE_SWEEP_MS, deps.log);
  const m: ZoneModule = {
    zones,
    refund,
    sweep: () => sweeper.sweep(),
    reactions: {
      orderPaid: (trx, e) => refund.onPaid(trx, e.userId, e.orderNos),
      orderReceived: (trx, e) => refund.onReceived(trx, e.orderNo),
      orderRefunded: (trx, e) => refund.onRefunded(trx, e.orderNo),
    },
  };
  app.decorate('zoneModule', m);
  await zoneRoutes(app, zones, refund);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
