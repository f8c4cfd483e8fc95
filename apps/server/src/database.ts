import type { Kysely } from 'kysely';
import type { AccessTables } from './modules/access/access.tables.ts';
import type { AddressTables } from './modules/address/address.tables.ts';
import type { AftersaleTables } from './modules/aftersale/aftersale.tables.ts';
import type { BargainTables } from './modules/bargain/bargain.tables.ts';
import type { CardsTables } from './modules/cards/cards.tables.ts';
import type { CartTables } from './modules/cart/cart.tables.ts';
import type { CatalogueTables } from './modules/catalogue/catalogue.tables.ts';
import type { CouponTables } from './modules/coupon/coupon.tables.ts';
import type { DashboardTables } from './modules/dashboard/dashboard.tables.ts';
import type { DrawTables } from './modules/draw/draw.tables.ts';
import type { FarmTables } from './modules/farm/farm.tables.ts';
import type { GameTables } from './modules/game/game.tables.ts';
import type { GoddessTables } from './modules/goddess/goddess.tables.ts';
import type { ImTables } from './modules/im/im.tables.ts';
import type { InvoiceTables } from './modules/invoice/invoice.tables.ts';
import type { LedgerTables } from './modules/ledger/index.ts';
import type { LiveTables } from './modules/live/live.tables.ts';
import type { LogisticsTables } from './modules/logistics/logistics.tables.ts';
import type { MedicineTables } from './modules/medicine/medicine.tables.ts';
import type { MessageTables } from './modules/message/message.tables.ts';
import type { OrderTables } from './modules/order/order.tables.ts';
import type { ExchangeTables } from './modules/points/exchange/exchange.tables.ts';
import type { PointsTables } from './modules/points/points.tables.ts';
import type { PromotionTables } from './modules/promotion/promotion.tables.ts';
import type { RedeemTables } from './modules/redeem/redeem.tables.ts';
import type { SeckillTables } from './modules/seckill/seckill.tables.ts';
import type { ServiceTables } from './modules/service/service.tables.ts';
import type { UserTables } from './modules/user/user.tables.ts';
import type { WalletTables } from './modules/wallet/wallet.tables.ts';
import type { ZoneTables } from './modules/zone/zone.tables.ts';
import type { PlatformTables } from './platform/db-types.ts';

/**
 * Every table of the app: the platform's own and each module's, from its `<module>.tables.ts`.
 * Assembled here, where the app is wired, so that the platform never imports a module.
 */
export interface DB
  extends PlatformTables,
    UserTables,
    CatalogueTables,
    AddressTables,
    CartTables,
    OrderTables,
    LedgerTables,
    AftersaleTables,
    LogisticsTables,
    InvoiceTables,
    ServiceTables,
    MessageTables,
    SeckillTables,
    LiveTables,
    CouponTables,
    WalletTables,
    PromotionTables,
    PointsTables,
    BargainTables,
    RedeemTables,
    ExchangeTables,
    ZoneTables,
    AccessTables,
    GameTables,
    FarmTables,
    DrawTables,
    CardsTables,
    GoddessTables,
    MedicineTables,
    DashboardTables,
    ImTables {}

/** The whole database (a transaction on it is one too). */
export type Db = Kysely<DB>;
