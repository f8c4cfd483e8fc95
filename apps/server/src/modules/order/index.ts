import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { AccessModule } from '../access/index.ts';
import type { AddressModule } from '../address/index.ts';
import type { CartModule } from '../cart/index.ts';
import type { CatalogueModule } from '../catalogue/index.ts';
import { StockRepo, StockService } from '../catalogue/index.ts';
import type { Ledger, LedgerModule } from '../ledger/index.ts';
import type { UserModule } from '../user/index.ts';
import { OrderAftersale } from './aftersale/order-aftersale.ts';
import { BarrageRepo } from './barrage.repo.ts';
import { barrageRoutes } from './barrage.routes.ts';
import { BarrageService } from './barrage.service.ts';
import { OrderConsoleRepo } from './console/order-console.repo.ts';
import { orderConsoleRoutes } from './console/order-console.routes.ts';
import { OrderConsoleService } from './console/order-console.service.ts';
import { OrderListRepo } from './console/order-list.repo.ts';
import { OrderShipping } from './console/order-shipping.service.ts';
import { FulfilmentRepo } from './fulfilment/fulfilment.repo.ts';
import { OrderFulfilment } from './fulfilment/order-fulfilment.ts';
import { OrderRepo } from './order.repo.ts';
import { orderRoutes } from './order.routes.ts';
import { type OrderPorts, OrderService } from './order.service.ts';
import { OrderPromotionRepo } from './order-promotion.repo.ts';
import { OrderExpiry, type OrderExpiryOptions } from './order-sweeper.ts';
import { SandboxGateway } from './payment/gateway.ts';
import { PaymentRepo } from './payment/payment.repo.ts';
import { paymentRoutes } from './payment/payment.routes.ts';
import { PaymentService } from './payment/payment.service.ts';
import { sandboxRoutes } from './payment/sandbox.routes.ts';
import { OrderPlacer } from './placement/order-placer.ts';
import type { PlacedOrder } from './placement/place-job.ts';
import { PlacementRepo } from './placement/placement.repo.ts';
import type { CheckoutRules } from './pricing.ts';
import type { OrderProvidedPorts } from './provided-ports.ts';

export type { ItemRow, OrderAftersale, OrderRow } from './aftersale/order-aftersale.ts';
// What other modules take from here. Types: the services of OrderModule, which app.ts hands to
// invoice, seckill, live, the points mall, membership, after-sales and logistics (given, never
// built there); the ports other modules provide to orders (OrderProvidedPorts: coupons, member
// prices, prescriptions, live rooms, the flash sale and the deals, given to registerOrderModule);
// what promotion and zone read of paid orders (promotionReads).
// One pure helper, maskNickname: the game, farm and team pages mask buyers as the home barrage does.
export { maskNickname } from './barrage.service.ts';
export type { OrderConsolePorts, OrderMessageView } from './console/console-ports.ts';
export type { CouponPort, LockedCoupon, WalletCoupon } from './coupon-port.ts';
export type { CouponForPricing } from './discount.ts';
export type { OrderFulfilment, OrderShipment } from './fulfilment/order-fulfilment.ts';
export type { MemberPort } from './member-price.ts';
export type { OrderService } from './order.service.ts';
export type {
  OrderPromotionRepo as OrderPromotionReads,
  PaidLine,
} from './order-promotion.repo.ts';
// Read queries on orders for other modules (the dashboard's rollups, the console's user page,
// the 客服 desk's buyer panel).
export { type BuyerOrderRow, orderReads, type PaidOrderFacts } from './order-reads.repo.ts';
export type { GatewayRefund } from './payment/gateway.ts';
export type { PaymentService, PurposeHandler } from './payment/payment.service.ts';
export type {
  DealJob,
  DealPort,
  FlashPort,
  NamedDealPort,
} from './placement/order-placer.ts';
export type { PrescriptionPort, RxRequest } from './prescription-port.ts';
export type { LiveOrderPort, OrderProvidedPorts } from './provided-ports.ts';

export interface OrderModule {
  orders: OrderService;
  payments: PaymentService;
  expiry: OrderExpiry;
  stock: StockService;
  /** Orders and money as the after-sales module needs them. */
  aftersale: OrderAftersale;
  /** Shipments, automatic receipt and evaluated lines, for the logistics module. */
  fulfilment: OrderFulfilment;
  /** The placement batch. */
  placer: OrderPlacer;
  /** The kernel's ledger, as the order module was given it (kept for the modules that read it here). */
  ledger: Ledger;
  /** Paid lines and member savings, as the promotion module reads them. */
  promotionReads: OrderPromotionRepo;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The order module's services (tests drive the expiry sweep through it). */
    orderModule: OrderModule;
  }
}

/** Orders, payment (balance ledger and sandbox gateway) and the order lifecycle. */
export async function registerOrderModule(
  app: FastifyInstance,
  deps: Deps,
  uses: {
    catalogue: CatalogueModule;
    addresses: AddressModule;
    cart: CartModule;
    users: UserModule;
    ledger: LedgerModule;
    /** What other modules provide (late-bound by app.ts where they are built on orders). */
    ports: OrderProvidedPorts;
    access: AccessModule;
  },
  opts: {
    expiry?: OrderExpiryOptions;
    /** Orders were placed, each with its store and buyer (the dashboard's funnel counts them). */
    placed?: (orders: readonly PlacedOrder[]) => void;
  } = {},
): Promise<OrderModule> {
  const { addresses } = uses.addresses;
  const { cart } = uses.cart;
  const ports: OrderPorts = {
    findAddress: (userId, id) => addresses.findOwned(userId, id),
    defaultAddress: async (userId) => {
      const chosen = (await addresses.list(userId)).find((a) => a.isDefault);
      return chosen ? addresses.findOwned(userId, chosen.id) : null;
    },
    addToCart: async (userId, items) => {
      const result = await cart.addItems(userId, items);
      return { added: result.added, skipped: result.skipped.map((s) => ({ ...s })) };
    },
    removeCartLines: (trx, userId, skuIds) => cart.removeLines(trx, userId, skuIds),
  };
  const stock = new StockService(
    deps.db,
    new StockRepo(narrowDb(deps.db)),
    uses.catalogue.catalogue.cache,
  );
  const repo = new OrderRepo(narrowDb(deps.db));
  const { ledger } = uses.ledger;
  const provided = uses.ports;
  const checkout: CheckoutRules = {
    redPacketSharePercent: deps.config.REDPACKET_MAX_SHARE_PERCENT,
    pointsPerYuan: deps.config.POINTS_PER_YUAN,
    pointsSharePercent: deps.config.POINTS_MAX_SHARE_PERCENT,
    freeDealShipping: deps.config.DEAL_FREE_SHIPPING,
  };
  const placer = new OrderPlacer(
    deps.db,
    new PlacementRepo(),
    stock,
    {
      findAddresses: (pairs) => addresses.findOwnedMany(pairs),
      removeCartLines: ports.removeCartLines,
    },
    ledger,
    checkout,
    deps.config.DATABASE_URL ? 4 : 1,
    provided,
    opts.placed,
  );
  const gateway = new SandboxGateway(deps.secret);
  const payments = new PaymentService(
    deps.db,
    repo,
    new PaymentRepo(narrowDb(deps.db)),
    ledger,
    stock,
    gateway,
    (userId, password) => uses.users.payPassword.verify(userId, password),
    deps.events,
    provided.coupons,
    provided.purposes,
  );
  const orders = new OrderService(
    deps.db,
    repo,
    stock,
    ledger,
    ports,
    deps.events,
    placer,
    checkout,
    provided,
    (userId, payNo) => payments.settleFree(userId, payNo),
  );
  const expiry = new OrderExpiry(deps.db, repo, orders, deps.log, opts.expiry);
  const aftersale = new OrderAftersale(
    deps.db,
    repo,
    stock,
    ledger,
    gateway,
    deps.events,
    provided.coupons,
  );
  const fulfilment = new OrderFulfilment(deps.db, repo, new FulfilmentRepo(), deps.events);
  const consoleRepo = new OrderConsoleRepo(narrowDb(deps.db));
  const listRepo = new OrderListRepo(narrowDb(deps.db));
  const orderConsole = new OrderConsoleService(
    deps.db,
    listRepo,
    consoleRepo,
    uses.ledger.reads,
    uses.access.audit,
    (input) => addresses.compose(input),
    provided.consoleReads,
  );
  const shipping = new OrderShipping(deps.db, consoleRepo, repo, deps.events, uses.access.audit);
  const m: OrderModule = {
    orders,
    payments,
    expiry,
    stock,
    aftersale,
    fulfilment,
    placer,
    ledger,
    promotionReads: new OrderPromotionRepo(narrowDb(deps.db)),
  };
  app.decorate('orderModule', m);

  await orderRoutes(app, orders);
  await paymentRoutes(app, payments);
  await sandboxRoutes(app, payments, gateway);
  await orderConsoleRoutes(app, orderConsole, shipping, listRepo);
  await barrageRoutes(app, new BarrageService(new BarrageRepo(narrowDb(deps.db))));
  app.addHook('onReady', async () => expiry.start());
  app.addHook('preClose', async () => expiry.stop());
  // onClose hooks run last-registered first: this one before the database is closed.
  app.addHook('onClose', () => placer.idle());
  return m;
}
