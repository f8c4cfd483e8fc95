import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table app_user (
      id integer generated always as identity primary key,
      phone varchar(11) not null unique,
      nickname varchar(40) not null,
      avatar varchar(512) not null,
      role varchar(16) not null default 'user',
      status smallint not null default 1,
      password_hash text,
      login_fails integer not null default 0,
      login_locked_until timestamptz,
      pay_password_hash text,
      pay_password_fails integer not null default 0,
      pay_password_locked_until timestamptz,
      real_name_masked varchar(40),
      id_card_masked varchar(18),
      id_card_hash char(64) unique,
      real_name_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table user_session (
      token_hash char(64) primary key,
      user_id integer not null references app_user(id) on delete cascade,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      user_agent varchar(256)
    );
    create index user_session_user_idx on user_session(user_id);

    create table sms_code (
      id integer generated always as identity primary key,
      phone varchar(11) not null,
      purpose varchar(16) not null,
      code_hash char(64) not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index sms_code_lookup_idx on sms_code(phone, purpose, id desc);

    create table verification_ticket (
      ticket_hash char(64) primary key,
      user_id integer not null references app_user(id) on delete cascade,
      purpose varchar(16) not null,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now()
    );

    create table blob (
      key varchar(200) primary key,
      content_type varchar(100) not null,
      size integer not null,
      data bytea not null,
      created_at timestamptz not null default now()
    );

    create table app_meta (
      key varchar(64) primary key,
      value text not null,
      updated_at timestamptz not null default now()
    );
  `,
  );
}
