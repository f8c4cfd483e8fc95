import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';

type Edition = 'normal' | 'newYear';
type RewardKind = 'none' | 'coupon' | 'redPacket';
type Json<T> = ColumnType<T, string, string>;

export interface BargainItemTable {
  id: Generated<number>;
  edition: Edition;
  sku_id: number;
  product_id: number;
  target_price: number;
  helpers_needed: number;
  time_limit_hours: number;
  stock: number;
  per_user_limit: number;
  reward_kind: RewardKind;
  coupon_template_id: number | null;
  red_packet_amount: number;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  started_count: Generated<number>;
  created_at: Generated<Date>;
}

export interface BargainTable {
  id: Generated<number>;
  item_id: number;
  user_id: number;
  edition: Edition;
  original_price: number;
  target_price: number;
  current_price: number;
  helpers_needed: number;
  helps_done: Generated<number>;
  status: Generated<'running' | 'succeeded' | 'expired'>;
  expires_at: Date;
  succeeded_at: Date | null;
  ended_at: Date | null;
  created_at: Generated<Date>;
}

export interface BargainHelpTable {
  id: Generated<number>;
  bargain_id: number;
  helper_id: number;
  cut: number;
  is_starter: boolean;
  is_new_user: boolean;
  ip: string;
  reward_kind: RewardKind;
  reward_amount: number;
  coupon_template_id: number | null;
  reward_status: 'none' | 'given' | 'pending' | 'failed';
  created_at: Generated<Date>;
}

export interface BargainClaimTable {
  id: Generated<number>;
  bargain_id: number;
  item_id: number;
  user_id: number;
  status: 'audit' | 'ordered' | 'rejected';
  flags: Json<string[]>;
  address_id: number | null;
  note: string;
  order_id: number | null;
  order_no: string | null;
  reject_reason: string | null;
  approved_at: Date | null;
  created_at: Generated<Date>;
}

export interface BargainPostTable {
  id: Generated<number>;
  claim_id: number;
  item_id: number;
  user_id: number;
  content: string;
  images: Json<string[]>;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface BargainTables {
  bargain_item: BargainItemTable;
  bargain: BargainTable;
  bargain_help: BargainHelpTable;
  bargain_claim: BargainClaimTable;
  bargain_post: BargainPostTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type BargainReadViews = Pick<DB, 'coupon_template' | 'shop_order'>;

/** What this module's repos may query: its own tables and its read views. */
export type BargainSchema = BargainTables & BargainReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type BargainDb = Kysely<BargainSchema>;
