import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { Timestamp } from '../../platform/db-types.ts';

export interface RedPacketTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  source: 'activity' | 'invitation' | 'newUser' | 'operator';
  min_amount: number;
  max_amount: number;
  amount: number | null;
  expires_at: Timestamp;
  opened_at: Timestamp | null;
  deleted_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface WalletTables {
  red_packet: RedPacketTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type WalletReadViews = Pick<DB, 'order_group' | 'payment' | 'refund' | 'shop_order'>;

/** What this module's repos may query: its own tables and its read views. */
export type WalletSchema = WalletTables & WalletReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type WalletDb = Kysely<WalletSchema>;
