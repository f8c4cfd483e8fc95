import type { Generated, Kysely } from 'kysely';

export interface GoddessMemberTable {
  user_id: number;
  /** Fixed at joining; null when the member joined on their own. */
  inviter_id: number | null;
  /** 抵扣金 (fen) this join earned the inviter; 0 when none (no inviter, or past the day's max). */
  reward: Generated<number>;
  joined_at: Generated<Date>;
}

export interface GoddessRewardDayTable {
  inviter_id: number;
  /** The China calendar day, YYYY-MM-DD. */
  day: string;
  rewarded: Generated<number>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface GoddessTables {
  goddess_member: GoddessMemberTable;
  goddess_reward_day: GoddessRewardDayTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type GoddessDb = Kysely<GoddessTables>;
