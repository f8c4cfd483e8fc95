import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Timestamp } from '../../platform/db-types.ts';

export type RefundRowStatus =
  | 'pending'
  | 'approved'
  | 'returning'
  | 'refunding'
  | 'refunded'
  | 'rejected'
  | 'cancelled';

export interface RefundTable {
  id: Generated<number>;
  refund_no: Generated<string>;
  order_id: number;
  order_item_id: number;
  user_id: number;
  store_id: number;
  order_no: string;
  sku_id: number;
  title: string;
  sku_name: string;
  image: string;
  price: number;
  quantity: number;
  type: 'refund' | 'return';
  status: Generated<RefundRowStatus>;
  amount: number;
  reason: string;
  description: Generated<string>;
  images: ColumnType<string[], string | undefined, string>;
  /** 'balance' (wallet) or the gateway channel the order was paid through. */
  refund_to: string;
  reject_reason: string | null;
  return_carrier: string | null;
  return_tracking_no: string | null;
  stock_returned: Generated<boolean>;
  shipping_amount: Generated<number>;
  /** Red packet and platform coupon subsidy given back with this refund (their line's share). */
  redpacket_back: Generated<number>;
  subsidy_back: Generated<number>;
  /** Points (and their fen) given back with this refund: the line's share of its deduction. */
  points_back: Generated<number>;
  points_cash_back: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  refunded_at: Timestamp | null;
}

export interface RefundEventTable {
  id: Generated<number>;
  refund_id: number;
  status: string;
  note: Generated<string>;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface AftersaleTables {
  refund: RefundTable;
  refund_event: RefundEventTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type AftersaleDb = Kysely<AftersaleTables>;
