import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';

export interface RedeemBatchTable {
  id: Generated<number>;
  name: string;
  kind: 'coupon' | 'redpacket' | 'points' | 'product';
  coupon_template_id: number | null;
  amount: number | null;
  /** A product batch's SKU (one unit per code, as an order at ¥0). */
  sku_id: Generated<number | null>;
  count: number;
  redeemed: Generated<number>;
  expires_at: Date;
  /** The plaintext codes, encrypted, until the one export clears them. */
  sealed_codes: string | null;
  exported_at: Date | null;
  created_at: Generated<Date>;
}

export interface RedeemCodeTable {
  id: Generated<number>;
  batch_id: number;
  /** HMAC-SHA256 (hex) of the normalised code under the app secret. */
  code_hash: ColumnType<string, string, never>;
  code_tail: string;
  redeemed_by: number | null;
  redeemed_at: Date | null;
  /** The order a product code last placed (a cancelled one lets its redeemer place it again). */
  order_id: Generated<number | null>;
  order_no: Generated<string | null>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface RedeemTables {
  redeem_batch: RedeemBatchTable;
  redeem_code: RedeemCodeTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type RedeemReadViews = Pick<DB, 'coupon_template' | 'shop_order'>;

/** What this module's repos may query: its own tables and its read views. */
export type RedeemSchema = RedeemTables & RedeemReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type RedeemDb = Kysely<RedeemSchema>;
