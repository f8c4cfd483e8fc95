import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { Timestamp } from '../../platform/db-types.ts';

export interface PromoUserTable {
  user_id: number;
  invite_code: string;
  parent_id: number | null;
  grandparent_id: number | null;
  bound_at: Timestamp | null;
  identity: 'promoter' | 'owner' | null;
  identity_source: 'upgrade' | 'bail' | 'operator' | null;
  identity_at: Timestamp | null;
  member_until: Timestamp | null;
  direct_count: Generated<number>;
  indirect_count: Generated<number>;
  created_at: Generated<Date>;
}

export interface MemberPurchaseTable {
  id: Generated<number>;
  purchase_no: Generated<string>;
  user_id: number;
  client_key: string;
  plan: 'month' | 'quarter' | 'year';
  days: number;
  price: number;
  pay_type: string;
  payment_no: string | null;
  status: Generated<'pending' | 'paid'>;
  member_until: Timestamp | null;
  created_at: Generated<Date>;
  paid_at: Timestamp | null;
}

export interface UpgradePackageTable {
  product_id: number;
  created_at: Generated<Date>;
}

export interface CommissionRateTable {
  product_id: number;
  l1_bp: number | null;
  l2_bp: number | null;
}

export type CommissionStateCol = 'pending' | 'frozen' | 'settled' | 'void';

export interface CommissionTable {
  id: Generated<number>;
  order_item_id: number;
  level: number;
  beneficiary_id: number;
  buyer_id: number;
  order_id: number;
  order_no: string;
  product_id: number;
  title: string;
  image: string;
  base: number;
  refunded: Generated<number>;
  rate_bp: number;
  amount: number;
  state: Generated<CommissionStateCol>;
  created_at: Generated<Date>;
  frozen_at: Timestamp | null;
  settle_at: Timestamp | null;
  settled_at: Timestamp | null;
  voided_at: Timestamp | null;
}

export interface InviteRewardTable {
  invitee_id: number;
  kind: 'invitee' | 'inviter';
  inviter_id: number;
  amount: number;
  created_at: Generated<Date>;
}

export interface PayoutAccountTable {
  user_id: number;
  account: string;
  real_name_masked: string;
  bound_at: Generated<Date>;
}

export type WithdrawStateCol = 'pending' | 'paying' | 'succeeded' | 'rejected' | 'failed';

export interface WithdrawalTable {
  id: Generated<number>;
  withdraw_no: Generated<string>;
  user_id: number;
  client_key: string;
  amount: number;
  fee: number;
  net: number;
  account: string;
  state: Generated<WithdrawStateCol>;
  reject_reason: string | null;
  created_at: Generated<Date>;
  decided_at: Timestamp | null;
  finished_at: Timestamp | null;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface PromotionTables {
  promo_user: PromoUserTable;
  member_purchase: MemberPurchaseTable;
  upgrade_package: UpgradePackageTable;
  commission_rate: CommissionRateTable;
  commission: CommissionTable;
  invite_reward: InviteRewardTable;
  payout_account: PayoutAccountTable;
  withdrawal: WithdrawalTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type PromotionReadViews = Pick<DB, 'app_user' | 'product' | 'sku'>;

/** What this module's repos may query: its own tables and its read views. */
export type PromotionSchema = PromotionTables & PromotionReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type PromotionDb = Kysely<PromotionSchema>;
