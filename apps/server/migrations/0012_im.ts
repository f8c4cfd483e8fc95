import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The messaging service: accounts and profiles, friends and requests, blacklists, groups and
 * members, join requests, per-conversation sequences, messages and per-user conversation state.
 * Times are epoch milliseconds (bigint) so that every node compares them the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table im_profile (
      user_id varchar(64) primary key,
      nick varchar(600) not null default '',
      gender varchar(32) not null default 'Gender_Type_Unknown',
      birthday bigint not null default 0,
      location varchar(256) not null default '',
      self_signature varchar(512) not null default '',
      allow_type varchar(40) not null default 'AllowType_Type_NeedConfirm',
      language bigint not null default 0,
      avatar varchar(512) not null default '',
      message_settings smallint not null default 0,
      admin_forbid_type varchar(40) not null default 'AdminForbid_Type_None',
      level bigint not null default 0,
      role bigint not null default 0,
      custom jsonb not null default '[]',
      password_hash varchar(200),
      updated_ms bigint not null
    );

    create table im_friend (
      user_id varchar(64) not null,
      friend_id varchar(64) not null,
      created_ms bigint not null,
      primary key (user_id, friend_id)
    );

    create table im_friend_request (
      from_id varchar(64) not null,
      to_id varchar(64) not null,
      wording varchar(256) not null default '',
      created_ms bigint not null,
      primary key (from_id, to_id)
    );
    create index im_friend_request_to on im_friend_request (to_id);

    create table im_blacklist (
      user_id varchar(64) not null,
      blocked_id varchar(64) not null,
      created_ms bigint not null,
      primary key (user_id, blocked_id)
    );

    create table im_group (
      group_id varchar(64) primary key,
      type varchar(16) not null,
      name varchar(30) not null,
      avatar varchar(512) not null default '',
      introduction varchar(240) not null default '',
      notification varchar(300) not null default '',
      owner_id varchar(64) not null,
      join_option varchar(20) not null default 'FreeAccess',
      max_member_num integer not null,
      mute_all boolean not null default false,
      custom jsonb not null default '[]',
      info_seq integer not null default 1,
      created_ms bigint not null,
      info_ms bigint not null
    );
    create index im_group_type on im_group (type, created_ms);

    create table im_group_member (
      group_id varchar(64) not null references im_group (group_id) on delete cascade,
      user_id varchar(64) not null,
      role varchar(8) not null,
      join_ms bigint not null,
      name_card varchar(64) not null default '',
      mute_until bigint not null default 0,
      last_send_ms bigint not null default 0,
      primary key (group_id, user_id)
    );
    create index im_group_member_user on im_group_member (user_id);

    create table im_group_pendency (
      group_id varchar(64) not null references im_group (group_id) on delete cascade,
      from_id varchar(64) not null,
      wording varchar(256) not null default '',
      created_ms bigint not null,
      primary key (group_id, from_id)
    );

    create table im_seq (
      conv_key varchar(80) primary key,
      last_seq bigint not null
    );

    create table im_message (
      conv_key varchar(80) not null,
      seq bigint not null,
      msg_id varchar(120) not null unique,
      conv_type varchar(16) not null,
      from_id varchar(64) not null,
      to_id varchar(64) not null,
      random bigint not null,
      time_ms bigint not null,
      type varchar(32) not null,
      payload jsonb not null,
      nick varchar(600) not null default '',
      avatar varchar(512) not null default '',
      priority varchar(16) not null default 'Normal',
      client_seq bigint not null default 0,
      cloud_custom_data text not null default '',
      revoked_ms bigint,
      primary key (conv_key, seq),
      unique (conv_key, from_id, random)
    );
    create index im_message_revoked on im_message (conv_key, revoked_ms) where revoked_ms is not null;

    -- One row per user and conversation: where it starts for them, how far they read, when deleted.
    create table im_conversation (
      user_id varchar(64) not null,
      conv_key varchar(80) not null,
      conversation_id varchar(80) not null,
      start_seq bigint not null default 0,
      read_seq bigint not null default 0,
      read_ms bigint not null default 0,
      primary key (user_id, conv_key)
    );
    create index im_conversation_key on im_conversation (conv_key);

    create table im_rest_file (
      id varchar(40) primary key,
      secret varchar(64) not null,
      owner varchar(64) not null,
      file_name varchar(256) not null,
      content_type varchar(128) not null,
      data bytea not null,
      created_ms bigint not null
    );
    `,
  );
}
