import type { Generated, Kysely } from 'kysely';
import type { Timestamp } from '../../platform/db-types.ts';

export interface SeckillSessionTable {
  id: Generated<number>;
  title: string;
  start_at: Timestamp;
  end_at: Timestamp;
  pay_minutes: number;
  /** Set once the unsold flash stock has gone back to the SKUs. */
  settled_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface SeckillItemTable {
  id: Generated<number>;
  session_id: number;
  sku_id: number;
  product_id: number;
  flash_price: number;
  flash_stock: number;
  /** Units in orders paid or awaiting payment; never above flash_stock (a check). */
  sold: Generated<number>;
  per_user_limit: number;
  sort: Generated<number>;
}

export interface SeckillPurchaseTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  order_id: number;
  quantity: number;
  /** Set when the unpaid order was cancelled and the unit went back. */
  released_at: Timestamp | null;
  created_at: Generated<Date>;
}

export interface SeckillSubscriptionTable {
  user_id: number;
  item_id: number;
  sms: Generated<boolean>;
  remind_at: Timestamp;
  reminded_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface SeckillTables {
  seckill_session: SeckillSessionTable;
  seckill_item: SeckillItemTable;
  seckill_purchase: SeckillPurchaseTable;
  seckill_subscription: SeckillSubscriptionTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type SeckillDb = Kysely<SeckillTables>;
