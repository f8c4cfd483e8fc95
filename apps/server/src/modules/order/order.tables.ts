import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { Json, Timestamp } from '../../platform/db-types.ts';

export type OrderStatus =
  | 'unpaid'
  | 'unshipped'
  | 'unreceived'
  | 'unevaluated'
  | 'finished'
  | 'cancelled';

/** The address as it was when the order was placed (later edits never change an order). */
export interface AddressSnapshotJson {
  id: number;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detail: string;
  fullAddress: string;
}

export interface OrderGroupTable {
  id: Generated<number>;
  group_no: Generated<string>;
  user_id: number;
  client_key: string;
  total_amount: number;
  created_at: Generated<Date>;
}

export interface ShopOrderTable {
  id: Generated<number>;
  order_no: Generated<string>;
  group_id: number;
  user_id: number;
  store_id: number;
  status: Generated<OrderStatus>;
  goods_amount: number;
  shipping_fee: number;
  pay_amount: number;
  address: Json<AddressSnapshotJson>;
  note: Generated<string>;
  pay_method: string | null;
  payment_no: string | null;
  carrier: string | null;
  tracking_no: string | null;
  cancel_reason: string | null;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
  received_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** The live room the order was placed from (live selling's GMV). */
  live_room_id: Generated<number | null>;
  /** Coupons (of which the platform's coupon's part) and red packet taken off this order. */
  discount_amount: Generated<number>;
  platform_discount: Generated<number>;
  redpacket_amount: Generated<number>;
  /** Points the buyer spent on this order, and the fen they took off it. */
  points_used: Generated<number>;
  points_amount: Generated<number>;
  /** The merchant's own remark (the console's 备注; the buyer's is `note`). */
  merchant_remark: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  sku_id: number;
  title: string;
  sku_name: string;
  image: string;
  price: number;
  quantity: number;
  /** Set once when the buyer evaluates the line (the logistics module writes the evaluation). */
  evaluated_at: Timestamp | null;
  /** A flash-sale line: its unit goes back to the flash stock, not the SKU, on cancel. */
  seckill_item_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The line's share of the coupons, the platform coupon's part of it, and of the red packet. */
  discount: Generated<number>;
  platform_discount: Generated<number>;
  redpacket: Generated<number>;
  /** The line's share of the order's points deduction: in points, and in fen. */
  points: Generated<number>;
  points_deduct: Generated<number>;
  /** What membership took off the line: (list price − member price) × quantity. */
  member_saving: Generated<number>;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  note: Generated<string>;
  created_at: Generated<Date>;
}

export type PaymentStatus = 'pending' | 'succeeded' | 'cancelled' | 'refunded';

export interface PaymentTable {
  id: Generated<number>;
  payment_no: Generated<string>;
  user_id: number;
  purpose: 'order' | 'recharge' | 'membership';
  order_ids: ColumnType<number[], string | undefined, string>;
  amount: number;
  channel: string;
  status: Generated<PaymentStatus>;
  created_at: Generated<Date>;
  finished_at: Timestamp | null;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface OrderTables {
  order_group: OrderGroupTable;
  shop_order: ShopOrderTable;
  order_item: OrderItemTable;
  order_event: OrderEventTable;
  payment: PaymentTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type OrderReadViews = Pick<DB, 'app_user' | 'refund' | 'store'>;

/** What this module's repos may query: its own tables and its read views. */
export type OrderSchema = OrderTables & OrderReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type OrderDb = Kysely<OrderSchema>;
