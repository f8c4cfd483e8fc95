import type { ColumnType, Generated, Kysely } from 'kysely';
import type { DB } from '../../database.ts';
import type { Timestamp } from '../../platform/db-types.ts';

/** bigint columns come back as strings from pg; the repo converts them with Number(). */
type BigCount = ColumnType<string | number, number | undefined, number>;
/** A bigint counter the database fills (and statements raise with sql). */
type BigCounter = ColumnType<string | number, number | undefined, number>;

export interface LiveSortTable {
  id: Generated<number>;
  name: string;
  sort: Generated<number>;
}

export interface LiveAdTable {
  id: Generated<number>;
  title: string;
  image: string;
  link: Generated<string>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

export interface LiveHostTable {
  user_id: number;
  status: 'pending' | 'approved' | 'rejected';
  intro: string;
  sort_id: number;
  reason: Generated<string>;
  followers: Generated<number>;
  created_at: Generated<Date>;
  reviewed_at: Timestamp | null;
}

export type LiveRoomStateColumn = 'notice' | 'live' | 'ended' | 'banned';

export interface LiveRoomTable {
  id: Generated<number>;
  host_id: number;
  title: string;
  cover: string;
  sort_id: number;
  state: Generated<LiveRoomStateColumn>;
  notice_at: Timestamp | null;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  pinned_product_id: number | null;
  peak_online: Generated<number>;
  viewers: Generated<number>;
  likes: BigCounter;
  new_followers: Generated<number>;
  gift_count: Generated<number>;
  gift_amount: BigCounter;
  record_file: string | null;
  record_format: 'mp4' | 'flv' | null;
  record_duration_ms: BigCounter;
  ban_reason: Generated<string>;
  created_at: Generated<Date>;
}

export interface LiveShelfTable {
  room_id: number;
  product_id: number;
  status: 'hidden' | 'onSale' | 'shown';
  sort: number;
}

export interface LiveGiftTable {
  id: Generated<number>;
  name: string;
  icon: string;
  price: number;
  tier: number;
  enabled: Generated<boolean>;
  sort: Generated<number>;
}

export interface LiveGiftSendTable {
  id: Generated<number>;
  room_id: number;
  host_id: number;
  user_id: number;
  gift_id: number;
  count: number;
  amount: BigCount;
  host_share: BigCount;
  client_key: string;
  created_at: Generated<Date>;
}

export interface LiveRewardTable {
  scope: number;
  period: string;
  user_id: number;
  amount: BigCount;
}

export interface LiveFollowTable {
  user_id: number;
  host_id: number;
  created_at: Generated<Date>;
}

export interface LiveNoticeSubTable {
  user_id: number;
  room_id: number;
  created_at: Generated<Date>;
}

export interface LiveTables {
  live_sort: LiveSortTable;
  live_ad: LiveAdTable;
  live_host: LiveHostTable;
  live_room: LiveRoomTable;
  live_shelf: LiveShelfTable;
  live_gift: LiveGiftTable;
  live_gift_send: LiveGiftSendTable;
  live_reward: LiveRewardTable;
  live_follow: LiveFollowTable;
  live_notice_sub: LiveNoticeSubTable;
}

/**
 * Tables of other modules this module's repos still read: each a crossing, named here so that
 * it stays visible (docs/ARCHITECTURE.md lists them); the compiler refuses any other.
 */
export type LiveReadViews = Pick<DB, 'app_user' | 'product' | 'sku'>;

/** What this module's repos may query: its own tables and its read views. */
export type LiveSchema = LiveTables & LiveReadViews;

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type LiveDb = Kysely<LiveSchema>;
