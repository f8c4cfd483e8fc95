import type { Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { Timestamp } from '../../platform/db-types.ts';

/** One row per shipped order, for the sweeper: signing and automatic receipt happen once each. */
export interface LogisticsShipmentTable {
  order_no: string;
  user_id: number;
  next_check_at: Timestamp;
  signed_at: Timestamp | null;
  auto_confirmed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface LogisticsTables {
  logistics_shipment: LogisticsShipmentTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type LogisticsReadViews = Pick<DB, 'refund'>;

/** What this module's repos may query: its own tables and its read views. */
export type LogisticsSchema = LogisticsTables & LogisticsReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type LogisticsDb = Kysely<LogisticsSchema>;
