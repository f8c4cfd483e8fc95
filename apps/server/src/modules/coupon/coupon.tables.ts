import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { Timestamp } from '../../platform/db-types.ts';

export interface CouponTemplateTable {
  id: Generated<number>;
  name: string;
  kind: 'full' | 'discount' | 'free';
  scope: 'platform' | 'store' | 'category' | 'product';
  store_id: number | null;
  scope_ids: ColumnType<number[], string | undefined, string>;
  threshold: number;
  amount: number;
  rate: number;
  cap: number;
  start_at: Timestamp | null;
  end_at: Timestamp | null;
  valid_days: number | null;
  total: number;
  issued: Generated<number>;
  per_user: number;
  audience: 'all' | 'new' | 'member';
  claimable: boolean;
  new_user_pack: boolean;
  created_at: Generated<Date>;
}

export interface CouponClaimCountTable {
  template_id: number;
  user_id: number;
  claimed: number;
}

export type UserCouponStatus = 'unused' | 'held' | 'used';

export interface UserCouponTable {
  id: Generated<number>;
  template_id: number;
  user_id: number;
  status: Generated<UserCouponStatus>;
  valid_from: Timestamp;
  valid_to: Timestamp;
  /** The unpaid (held) or paid (used) submit it went into. */
  group_id: number | null;
  source: Generated<string>;
  claimed_at: Generated<Date>;
  used_at: Timestamp | null;
}

export interface OrderCouponTable {
  order_id: number;
  coupon_id: number;
  amount: number;
}

/** Bumped by a trigger on every write of a user's coupons (migration 0041). */
export interface CouponWalletVersionTable {
  user_id: number;
  version: ColumnType<string, string | undefined, string>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface CouponTables {
  coupon_wallet_version: CouponWalletVersionTable;
  coupon_template: CouponTemplateTable;
  coupon_claim_count: CouponClaimCountTable;
  user_coupon: UserCouponTable;
  order_coupon: OrderCouponTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type CouponReadViews = Pick<DB, 'product' | 'shop_order' | 'store'>;

/** What this module's repos may query: its own tables and its read views. */
export type CouponSchema = CouponTables & CouponReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type CouponDb = Kysely<CouponSchema>;
