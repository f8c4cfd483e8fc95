import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Live selling. A live_room is one broadcast: 预告 ('notice', with or without a start time) →
 * 'live' (a stream is on) → 'ended' (its recording is the replay), or 'banned'. A host has at
 * most one open room (notice or live): a partial unique index, so two tabs cannot open two.
 * Figures that change often (likes, viewers, peak online) live on the room row; GMV is never
 * stored: it is summed from the room's paid, unrefunded orders (shop_order.live_room_id).
 * Gifts are paid through the ledger: the sender's wallet, the host's earnings account (kind
 * 'earning') and the platform's share (kind 'revenue'). live_reward keeps the ranking totals
 * per scope (a room, or 0 for every room) and period ('t' total, 'd…' a day, 'w…' a week), so a
 * ranking is an index range read, not a scan of the gifts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table live_sort (
      id integer generated always as identity primary key,
      name varchar(10) not null,
      sort integer not null default 0
    );

    create table live_ad (
      id integer generated always as identity primary key,
      title varchar(30) not null,
      image varchar(500) not null,
      link varchar(500) not null default '',
      enabled boolean not null default true,
      sort integer not null default 0,
      created_at timestamptz not null default now()
    );

    create table live_host (
      user_id integer primary key references app_user(id),
      status varchar(10) not null check (status in ('pending', 'approved', 'rejected')),
      intro varchar(200) not null,
      sort_id integer not null references live_sort(id),
      reason varchar(100) not null default '',
      followers integer not null default 0 check (followers >= 0),
      created_at timestamptz not null default now(),
      reviewed_at timestamptz
    );
    create index live_host_status_idx on live_host(status, created_at);

    create table live_room (
      id integer generated always as identity primary key,
      host_id integer not null references app_user(id),
      title varchar(30) not null,
      cover varchar(500) not null,
      sort_id integer not null references live_sort(id),
      state varchar(8) not null default 'notice' check (state in ('notice', 'live', 'ended', 'banned')),
      notice_at timestamptz,
      started_at timestamptz,
      ended_at timestamptz,
      pinned_product_id integer references product(id),
      peak_online integer not null default 0,
      viewers integer not null default 0,
      likes bigint not null default 0,
      new_followers integer not null default 0,
      gift_count integer not null default 0,
      gift_amount bigint not null default 0,
      record_file varchar(120),
      record_format varchar(4),
      record_duration_ms bigint not null default 0,
      ban_reason varchar(100) not null default '',
      created_at timestamptz not null default now()
    );
    create unique index live_room_open_idx on live_room(host_id) where state in ('notice', 'live');
    create index live_room_state_idx on live_room(state, sort_id, id desc);
    create index live_room_host_idx on live_room(host_id, id desc);
    create index live_room_title_trgm_idx on live_room using gin (title gin_trgm_ops);

    create table live_shelf (
      room_id integer not null references live_room(id),
      product_id integer not null references product(id),
      status varchar(8) not null check (status in ('hidden', 'onSale', 'shown')),
      sort integer not null,
      primary key (room_id, product_id)
    );

    create table live_gift (
      id integer generated always as identity primary key,
      name varchar(20) not null,
      icon varchar(500) not null,
      price integer not null check (price > 0),
      tier smallint not null check (tier between 1 and 3),
      enabled boolean not null default true,
      sort integer not null default 0
    );

    create table live_gift_send (
      id integer generated always as identity primary key,
      room_id integer not null references live_room(id),
      host_id integer not null references app_user(id),
      user_id integer not null references app_user(id),
      gift_id integer not null references live_gift(id),
      count integer not null check (count > 0),
      amount bigint not null check (amount > 0),
      host_share bigint not null,
      client_key varchar(64) not null,
      created_at timestamptz not null default now(),
      unique (user_id, client_key)
    );
    create index live_gift_send_host_idx on live_gift_send(host_id, id desc);

    create table live_reward (
      scope integer not null,
      period varchar(12) not null,
      user_id integer not null references app_user(id),
      amount bigint not null,
      primary key (scope, period, user_id)
    );
    create index live_reward_rank_idx on live_reward(scope, period, amount desc, user_id);

    create table live_follow (
      user_id integer not null references app_user(id),
      host_id integer not null references app_user(id),
      created_at timestamptz not null default now(),
      primary key (user_id, host_id)
    );
    create index live_follow_host_idx on live_follow(host_id);
    create index live_follow_user_idx on live_follow(user_id, created_at desc);

    create table live_notice_sub (
      user_id integer not null references app_user(id),
      room_id integer not null references live_room(id),
      created_at timestamptz not null default now(),
      primary key (user_id, room_id)
    );
    create index live_notice_sub_room_idx on live_notice_sub(room_id);

    alter table shop_order add column live_room_id integer references live_room(id);
    create index shop_order_live_room_idx on shop_order(live_room_id) where live_room_id is not null;

    alter table ledger_account drop constraint ledger_account_kind_check;
    alter table ledger_account add constraint ledger_account_kind_check
      check (kind in ('wallet', 'merchant', 'gateway', 'earning', 'revenue'));

    insert into live_sort (name, sort) values
      ('推荐', 0), ('美妆', 1), ('服饰', 2), ('美食', 3), ('数码', 4), ('家居', 5), ('农产', 6);
    insert into live_gift (name, icon, price, tier, sort) values
      ('小心心', '/assets/live/gift-heart.svg', 10, 1, 0),
      ('棒棒糖', '/assets/live/gift-lollipop.svg', 100, 1, 1),
      ('玫瑰', '/assets/live/gift-rose.svg', 520, 1, 2),
      ('跑车', '/assets/live/gift-car.svg', 9900, 2, 3),
      ('火箭', '/assets/live/gift-rocket.svg', 52000, 3, 4);
    insert into live_ad (title, image, link, sort) values
      ('直播好物节', '/assets/live/ad-festival.svg', '/pages/live/live', 0),
      ('主播招募', '/assets/live/ad-recruit.svg', '/rootPages/starUp/starUp', 1);
    `,
  );
}
