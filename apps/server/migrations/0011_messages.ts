import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * System notices and order messages. Both take ids from one sequence, so that an id names one
 * message whatever its type. A notice to everyone is stored once with per-user read marks (there
 * may be many users); an order message belongs to one user and is written once per (user, kind,
 * ref), so a retried domain event never writes twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create sequence message_id_seq as integer;

    create table system_notice (
      id integer primary key default nextval('message_id_seq'),
      user_id integer references app_user(id) on delete cascade,
      title varchar(60) not null,
      content varchar(2000) not null,
      link varchar(512) not null default '',
      for_new_users boolean not null default false,
      created_at timestamptz not null default now(),
      check (user_id is null or not for_new_users)
    );
    create index system_notice_all_idx on system_notice(created_at desc, id desc) where user_id is null;
    create index system_notice_user_idx on system_notice(user_id, created_at desc, id desc) where user_id is not null;

    create table system_notice_read (
      user_id integer not null references app_user(id) on delete cascade,
      notice_id integer not null references system_notice(id) on delete cascade,
      read_at timestamptz not null default now(),
      primary key (user_id, notice_id)
    );

    create table order_message (
      id integer primary key default nextval('message_id_seq'),
      user_id integer not null references app_user(id) on delete cascade,
      kind varchar(40) not null,
      ref varchar(200) not null,
      order_no varchar(40) not null,
      title varchar(60) not null,
      content varchar(500) not null,
      image varchar(512),
      read_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, kind, ref)
    );
    create index order_message_user_idx on order_message(user_id, created_at desc, id desc);
    create index order_message_unread_idx on order_message(user_id) where read_at is null;

    insert into system_notice (title, content, for_new_users)
    values ('欢迎来到潮品直播', '欢迎加入潮品直播！在这里边看直播边买好物，每天都有新品上架和限时秒杀。订单发货、退款进度和平台通知都会在消息中心提醒您，祝您购物愉快。', true);
  `,
  );
}
