import type { Generated } from 'kysely';
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
