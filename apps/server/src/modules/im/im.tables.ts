import type { ColumnType, Kysely } from 'kysely';

type Json<T> = ColumnType<T, string, string>;
type Kv = Array<{ key: string; value: string }>;

export interface ImProfileTable {
  user_id: string;
  nick: ColumnType<string, string | undefined, string>;
  gender: ColumnType<string, string | undefined, string>;
  birthday: ColumnType<number, number | undefined, number>;
  location: ColumnType<string, string | undefined, string>;
  self_signature: ColumnType<string, string | undefined, string>;
  allow_type: ColumnType<string, string | undefined, string>;
  language: ColumnType<number, number | undefined, number>;
  avatar: ColumnType<string, string | undefined, string>;
  message_settings: ColumnType<number, number | undefined, number>;
  admin_forbid_type: ColumnType<string, string | undefined, string>;
  level: ColumnType<number, number | undefined, number>;
  role: ColumnType<number, number | undefined, number>;
  custom: ColumnType<Kv, string | undefined, string>;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  updated_ms: number;
}

export interface ImFriendTable {
  user_id: string;
  friend_id: string;
  created_ms: number;
}

export interface ImFriendRequestTable {
  from_id: string;
  to_id: string;
  wording: string;
  created_ms: number;
}

export interface ImBlacklistTable {
  user_id: string;
  blocked_id: string;
  created_ms: number;
}

export interface ImGroupTable {
  group_id: string;
  type: string;
  name: string;
  avatar: string;
  introduction: string;
  notification: string;
  owner_id: string;
  join_option: string;
  max_member_num: number;
  mute_all: boolean;
  custom: Json<Kv>;
  info_seq: number;
  created_ms: number;
  info_ms: number;
}

export interface ImGroupMemberTable {
  group_id: string;
  user_id: string;
  role: string;
  join_ms: number;
  name_card: ColumnType<string, string | undefined, string>;
  mute_until: ColumnType<number, number | undefined, number>;
  last_send_ms: ColumnType<number, number | undefined, number>;
  /** memberCustomField (migration 0016). */
  custom: ColumnType<Kv, string | undefined, string>;
}

export interface ImGroupPendencyTable {
  group_id: string;
  from_id: string;
  wording: string;
  created_ms: number;
}

export interface ImSeqTable {
  conv_key: string;
  last_seq: number;
  /** The last message's time (its time_ms), for the conversation list's order (migration 0017). */
  last_ms: ColumnType<number, number | undefined, number>;
}

export interface ImMessageTable {
  conv_key: string;
  seq: number;
  msg_id: string;
  conv_type: string;
  from_id: string;
  to_id: string;
  random: number;
  time_ms: number;
  type: string;
  payload: Json<Record<string, unknown>>;
  nick: string;
  avatar: string;
  priority: string;
  client_seq: number;
  cloud_custom_data: string;
  revoked_ms: number | null;
}

export interface ImConversationTable {
  user_id: string;
  conv_key: string;
  conversation_id: string;
  start_seq: ColumnType<number, number | undefined, number>;
  read_seq: ColumnType<number, number | undefined, number>;
  read_ms: ColumnType<number, number | undefined, number>;
  /** deleteGroupAtTips: @-mentions at or below it are no longer tips (migration 0014). */
  at_read_seq: ColumnType<number, number | undefined, number>;
  /** C2C rows: the last message's time, indexed for the list's order (migration 0018); 0 otherwise. */
  last_ms: ColumnType<number, number | undefined, number>;
}

export interface ImRestFileTable {
  id: string;
  secret: string;
  owner: string;
  file_name: string;
  content_type: string;
  data: Uint8Array;
  created_ms: number;
}

/** Migration 0015: userSigs issued before this time (a REST kick) are refused. */
export interface ImKickTable {
  user_id: string;
  sigs_not_before_ms: number;
}

/** Migration 0022: a store's own auto-reply texts (null = the default). */
export interface ImShopReplyTable {
  store_id: number;
  welcome_text: string | null;
  away_text: string | null;
  updated_ms: number;
}

/** Migration 0022: a buyer's conversation with a store: when it was greeted, the last away reply. */
export interface ImShopContactTable {
  store_id: number;
  buyer_id: string;
  greeted_ms: number;
  away_ms: ColumnType<number, number | undefined, number>;
}

/** Migration 0052: a buyer's conversation with a store on the 客服 desk (waiting, assigned, closed). */
export interface ImDeskConversationTable {
  id: ColumnType<number, never, never>;
  store_id: number;
  buyer_id: string;
  conv_key: string;
  status: 'waiting' | 'assigned' | 'closed';
  agent_id: number | null;
  waiting_since_ms: number | null;
  last_buyer_ms: ColumnType<number, number | undefined, number>;
  last_buyer_type: ColumnType<string, string | undefined, string>;
  last_buyer_text: ColumnType<string, string | undefined, string>;
  last_reply_ms: ColumnType<number, number | undefined, number>;
  assigned_ms: number | null;
  closed_ms: ColumnType<number, number | undefined, number>;
  updated_ms: number;
}

/** Migration 0052: a store's quick replies (快捷回复). */
export interface ImDeskQuickReplyTable {
  id: ColumnType<number, never, never>;
  store_id: number;
  title: ColumnType<string, string | undefined, string>;
  text: string;
  sort: ColumnType<number, number | undefined, number>;
  updated_ms: number;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface ImTables {
  im_profile: ImProfileTable;
  im_friend: ImFriendTable;
  im_friend_request: ImFriendRequestTable;
  im_blacklist: ImBlacklistTable;
  im_group: ImGroupTable;
  im_group_member: ImGroupMemberTable;
  im_group_pendency: ImGroupPendencyTable;
  im_seq: ImSeqTable;
  im_message: ImMessageTable;
  im_conversation: ImConversationTable;
  im_rest_file: ImRestFileTable;
  im_kick: ImKickTable;
  im_shop_reply: ImShopReplyTable;
  im_shop_contact: ImShopContactTable;
  im_desk_conversation: ImDeskConversationTable;
  im_desk_quick_reply: ImDeskQuickReplyTable;
}

/** The database as this module's repos see it (index.ts narrows the app's with narrowDb). */
export type ImDb = Kysely<ImTables>;
