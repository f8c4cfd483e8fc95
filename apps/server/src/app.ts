import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config/index.ts';
import type { DB } from './database.ts';
import type { Deps } from './deps.ts';
import { registerAccessModule } from './modules/access/index.ts';
import { registerAddressModule } from './modules/address/index.ts';
import { registerAftersaleModule } from './modules/aftersale/index.ts';
import { registerBargainModule } from './modules/bargain/index.ts';
import { registerCardsModule } from './modules/cards/index.ts';
import { registerCartModule } from './modules/cart/index.ts';
import { type OrderHistoryCheck, registerCatalogueModule } from './modules/catalogue/index.ts';
import { registerCouponModule } from './modules/coupon/index.ts';
import { createFunnelTally, registerDashboardModule } from './modules/dashboard/index.ts';
import { registerDrawModule } from './modules/draw/index.ts';
import { registerFarmModule } from './modules/farm/index.ts';
import { registerGameModule } from './modules/game/index.ts';
import { registerGoddessModule } from './modules/goddess/index.ts';
import { registerImModule } from './modules/im/index.ts';
import { registerInvoiceModule } from './modules/invoice/index.ts';
import { createLedgerModule } from './modules/ledger/index.ts';
import { registerLiveModule } from './modules/live/index.ts';
import { registerLogisticsModule } from './modules/logistics/index.ts';
import { registerMedicineModule } from './modules/medicine/index.ts';
import { registerMessageModule } from './modules/message/index.ts';
import {
  type DealPort,
  type FlashPort,
  type LiveOrderPort,
  type MemberPort,
  type NamedDealPort,
  type OrderConsolePorts,
  orderReads,
  type PurposeHandler,
  registerOrderModule,
} from './modules/order/index.ts';
import { registerExchangeModule } from './modules/points/exchange/index.ts';
import { registerPointsModule, type SignInHook } from './modules/points/index.ts';
import { registerPromotionModule } from './modules/promotion/index.ts';
import { registerReactions } from './modules/reactions.ts';
import { registerRedeemModule } from './modules/redeem/index.ts';
import { registerRewardsModule } from './modules/rewards/index.ts';
import { registerSeckillModule } from './modules/seckill/index.ts';
import { uploadRoutes } from './modules/upload/upload.routes.ts';
import {
  type RegisteredHook,
  registerUserConsole,
  registerUserModule,
} from './modules/user/index.ts';
import type { ModuleUses } from './modules/uses.ts';
import { registerWalletModule } from './modules/wallet/index.ts';
import { registerZoneModule } from './modules/zone/index.ts';
import { installAdmission } from './platform/admission.ts';
import { loadAppSecret } from './platform/app-secret.ts';
import { type BlobStore, DbBlobStore, DiskBlobStore, diskRoot } from './platform/blob-store.ts';
import { type Bus, MemoryBus, RedisBus } from './platform/bus.ts';
import { narrowDb, openDatabase } from './platform/db.ts';
import { DomainEvents } from './platform/domain-events.ts';
import { refreshEmbeddedStats } from './platform/embedded-stats.ts';
import {
  AppError,
  clientErrorHandler,
  frameworkErrors,
  installErrorHandling,
  MAX_HEADER_BYTES,
} from './platform/errors.ts';
import {
  installSecurityHeaders,
  registerBodyParsers,
  registerConsoleApp,
  registerOpenApi,
  registerWebApp,
  withMultipart,
} from './platform/http-plugins.ts';
import { assertBound, lateBound } from './platform/late-bound.ts';
import { migrateToLatest } from './platform/migrate.ts';
import {
  MemoryRateLimitStore,
  type RateLimitStore,
  RedisRateLimitStore,
} from './platform/rate-limit.ts';
import { connectRedis } from './platform/redis.ts';
import { LogSmsSender } from './platform/sms.ts';
import { fastifyTrustProxy } from './platform/trust-proxy.ts';
import { inputRulesCompilers } from './platform/validation.ts';

const ASSETS_DIR = fileURLToPath(new URL('../assets', import.meta.url));

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}

/**
 * Builds the whole server without listening (tests call this and use `inject`).
 * Opens the database and runs migrations; in cluster mode also connects Redis.
 */
export async function buildApp(
  config: Config,
  opts: {
    /** Tests: the PGlite data directory to start from (see openDatabase). */
    pgliteTemplate?: Blob;
    /** Tests: deal ports besides the modules' own (a port that lets every claim through). */
    dealPorts?: readonly NamedDealPort[];
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // Off unless configured: a forwarded address from anyone else would let a client pick its IP.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    return503OnClosing: false,
    requestIdHeader: 'x-request-id',
    ajv: { customOptions: { keywords: ['errorId'] } },
    // Integers bounded, numbers finite, strings without NUL or lone surrogates: on every route.
    schemaController: inputRulesCompilers(),
    // Headers over this answer 431 in the envelope (the whole request line and headers count).
    http: { maxHeaderSize: MAX_HEADER_BYTES },
    clientErrorHandler,
    frameworkErrors,
  });
  installErrorHandling(app);
  installSecurityHeaders(app);
  installAdmission(app, {
    maxConcurrent: config.MAX_CONCURRENT,
    maxQueue: config.MAX_QUEUE,
    queueTimeoutMs: config.QUEUE_TIMEOUT_MS,
    retryAfterSeconds: config.BUSY_RETRY_AFTER_SECONDS,
  });

  const database = await openDatabase<DB>({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: config.PGLITE_DIR,
    pgliteTemplate: opts.pgliteTemplate,
    onIdleError: (err) => app.log.warn({ err }, 'idle database connection failed'),
  });
  const closers: Array<() => Promise<unknown>> = [() => database.close()];
  app.addHook('onClose', async () => {
    for (const close of closers.reverse()) await close();
  });

  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (database.kind === 'pglite' && config.EMBEDDED_ANALYZE_MS > 0) {
      closers.push(
        refreshEmbeddedStats(database.db, config.EMBEDDED_ANALYZE_MS, (err) =>
          app.log.warn({ err }, 'embedded ANALYZE failed'),
        ),
      );
    }

    let rateLimit: RateLimitStore;
    let bus: Bus;
    let redisClient: Redis | undefined;
    if (config.REDIS_URL) {
      const redis = await connectRedis(config.REDIS_URL, 'chaopin', config.REDIS_PREFIX);
      const sub = await connectRedis(config.REDIS_URL, 'chaopin-sub', config.REDIS_PREFIX);
      closers.push(async () => {
        redis.disconnect();
        sub.disconnect();
      });
      rateLimit = new RedisRateLimitStore(redis);
      redisClient = redis;
      bus = new RedisBus(redis, sub, `${config.REDIS_PREFIX}bus:`);
    } else {
      rateLimit = new MemoryRateLimitStore();
      bus = new MemoryBus();
    }
    closers.push(
      () => rateLimit.close(),
      () => bus.close(),
    );

    const blobs: BlobStore =
      config.BLOB_STORE === 'db'
        ? new DbBlobStore(narrowDb(database.db))
        : new DiskBlobStore(diskRoot(config.DATA_DIR));

    const deps: Deps = {
      config,
      db: database.db,
      dbKind: database.kind,
      rateLimit,
      redis: redisClient,
      bus,
      blobs,
      sms: new LogSmsSender(app.log),
      log: app.log,
      events: new DomainEvents<DB>(),
      secret: await loadAppSecret(narrowDb(database.db), config.APP_SECRET),
    };
    app.decorate('deps', deps);

    // During shutdown, answer new requests with the envelope while in-flight ones finish.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', (_request, _reply, done) =>
      done(closing ? new AppError('SHUTTING_DOWN') : undefined),
    );

    await registerBodyParsers(app);
    await registerOpenApi(app);
    // Dependencies go through constructors. A port whose provider is built on its consumer (a
    // construction cycle) is handed as a late-bound stand-in (platform/late-bound.ts) and bound
    // here, once, as soon as its provider exists; assembly fails if one is left unbound.
    const late = {
      registered: lateBound<RegisteredHook>('user ← promotion: invited sign-up'),
      orderHistory: lateBound<OrderHistoryCheck>('catalogue ← order: order history'),
      isMember: lateBound<(userId: number) => Promise<boolean>>('coupon ← promotion: is member'),
      newUserPackGiven: lateBound<(userId: number) => Promise<void>>(
        'coupon ← wallet: new-user red packet',
      ),
      members: lateBound<MemberPort>('order ← promotion: member prices'),
      live: lateBound<LiveOrderPort>('order ← live: live-room orders'),
      flash: lateBound<FlashPort>('order ← seckill: flash sale'),
      deals: lateBound<ReadonlyMap<string, DealPort>>('order ← activities: deal ports'),
      purposes: lateBound<ReadonlyMap<string, PurposeHandler>>('payment ← promotion: purposes'),
      signedIn: lateBound<SignInHook>('points ← cards: sign-in'),
      consoleRefunds: lateBound<OrderConsolePorts['refunds']>('order console ← aftersale'),
      consoleTracking: lateBound<OrderConsolePorts['tracking']>('order console ← logistics'),
      consoleMessages: lateBound<OrderConsolePorts['messages']>('order console ← message'),
    };
    const users = await registerUserModule(app, deps, { registered: late.registered.port });
    const access = await registerAccessModule(app, deps, users);
    await withMultipart(app, (scope) => uploadRoutes(scope, deps));
    // The home popup's 新人专享 audience asks the orders whether a user has ever paid for one.
    // The dashboard's funnel counts what the catalogue, cart and orders see (built before them).
    const funnel = createFunnelTally(app, deps);
    const catalogue = await registerCatalogueModule(app, deps, {
      orderHistory: late.orderHistory.port,
      audit: access.audit,
      viewed: funnel.viewed,
    });
    const addresses = await registerAddressModule(app, deps);
    const cart = await registerCartModule(app, deps, { catalogue }, { added: funnel.addedToCart });
    const ledger = createLedgerModule(deps);
    // Coupons and medicine need nothing of orders: built first, their ports are handed as they are.
    const coupon = await registerCouponModule(
      app,
      deps,
      { users, catalogue },
      { isMember: late.isMember.port, newUserPackGiven: late.newUserPackGiven.port },
    );
    const medicine = await registerMedicineModule(app, deps, { users, cart });
    const order = await registerOrderModule(
      app,
      deps,
      {
        catalogue,
        addresses,
        cart,
        users,
        ledger,
        access,
        ports: {
          coupons: coupon.coupons,
          prescriptions: medicine.prescriptions,
          members: late.members.port,
          live: late.live.port,
          flash: late.flash.port,
          deals: late.deals.port,
          purposes: late.purposes.port,
          consoleReads: {
            refunds: late.consoleRefunds.port,
            tracking: late.consoleTracking.port,
            messages: late.consoleMessages.port,
          },
        },
      },
      { expiry: { intervalMs: config.ORDER_SWEEP_MS }, placed: funnel.placed },
    );
    late.orderHistory.bind((userId) => order.orders.hasPaidOrder(userId));
    const uses: ModuleUses = { users, catalogue, addresses, cart, order, ledger, access };
    // The console's 用户 pages read the user's orders and balances and write the audit log.
    await registerUserConsole(app, deps, users, {
      audit: access.audit,
      ledger: ledger.ledger,
      orders: {
        stats: (id) => orderReads.userStats(deps.db, id),
        recent: (id, limit) => orderReads.recentOfUser(deps.db, id, limit),
      },
    });
    const wallet = await registerWalletModule(app, deps, uses, coupon);
    late.newUserPackGiven.bind((userId) => wallet.redPackets.giveNewUser(userId));
    const promotion = await registerPromotionModule(app, deps, uses, wallet);
    late.members.bind(promotion.membership);
    late.isMember.bind(promotion.isMember);
    late.purposes.bind(new Map([['membership', promotion.membershipPaid]]));
    late.registered.bind(promotion.registered);
    const points = await registerPointsModule(app, deps, uses, {
      signedIn: late.signedIn.port,
    });
    const { rewards } = registerRewardsModule(app, {
      coupons: coupon.coupons,
      redPackets: wallet.redPackets,
      points: points.points,
      order,
    });
    const redeem = await registerRedeemModule(app, deps, uses, rewards);
    const exchange = await registerExchangeModule(app, deps, uses, { points, rewards });
    const game = await registerGameModule(app, deps, uses, { points, rewards });
    const draw = await registerDrawModule(app, deps, { points, rewards });
    const farm = await registerFarmModule(app, deps, uses, rewards);
    const cards = await registerCardsModule(app, deps, { points, rewards });
    late.signedIn.bind(cards.signedIn);
    const zone = await registerZoneModule(app, deps, uses, wallet);
    await registerGoddessModule(app, deps, uses);
    const message = await registerMessageModule(app, deps, uses);
    late.consoleMessages.bind(message.orderMessages);
    const aftersale = await registerAftersaleModule(app, deps, uses);
    late.consoleRefunds.bind(aftersale.refundsOf);
    const logistics = await registerLogisticsModule(app, deps, uses);
    late.consoleTracking.bind(logistics.trackingOf);
    await registerInvoiceModule(app, deps, uses, aftersale.orderRefunds);
    const im = await registerImModule(app, deps, uses);
    const seckill = await registerSeckillModule(app, deps, uses);
    late.flash.bind(seckill.flash);
    const bargain = await registerBargainModule(app, deps, uses, {
      captcha: seckill.captcha,
      rewards,
    });
    const deals = [exchange, redeem, game, draw, farm, bargain].map((m) => m.deal);
    late.deals.bind(
      new Map([...deals, ...(opts.dealPorts ?? [])].map((d) => [d.name, d.port] as const)),
    );
    const live = await registerLiveModule(app, deps, uses, im);
    late.live.bind(live.orderPort);
    const dashboard = await registerDashboardModule(app, deps, funnel);
    assertBound(late);
    registerReactions(deps.events, {
      promotion,
      points,
      exchange,
      draw,
      farm,
      cards,
      zone,
      logistics,
      seckill,
      message,
      dashboard,
    });
    app.get('/healthz', { schema: { hide: true }, config: { admission: false } }, async () => ({
      ok: true,
      db: deps.dbKind,
    }));
    await blobs.serve(app);
    await registerConsoleApp(app, config.CONSOLE_DIST);
    await registerWebApp(app, config.WEB_DIST, ASSETS_DIR);
    return app;
  } catch (err) {
    await app.close();
    throw err;
  }
}
