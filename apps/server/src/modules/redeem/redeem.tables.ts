import type { ColumnType, Generated } from 'kysely';

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
