import type { ColumnType, Generated, Kysely } from 'kysely';
import type { LedgerTables } from '../ledger/index.ts';

export interface PointsSigninTable {
  user_id: number;
  /** YYYY-MM-DD in China time (a date column, read back as text). */
  day: ColumnType<string, string, string>;
  streak: number;
  points: number;
  created_at: Generated<Date>;
}

/** The notice that a year's points expire soon, sent once per user and year. */
export interface PointsExpiryNoticeTable {
  user_id: number;
  year: number;
  points: number;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface PointsTables {
  points_signin: PointsSigninTable;
  points_expiry_notice: PointsExpiryNoticeTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type PointsDb = Kysely<PointsTables>;

/**
 * What the points expiry runs on: the points tables and the kernel ledger's, queried only through
 * the ledger's read port (`LedgerReads`) on the expiry's own transaction, never by SQL here.
 */
export type PointsLedgerDb = Kysely<PointsTables & LedgerTables>;
