import type { ColumnType, Generated } from 'kysely';

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
