import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Zero-yuan bargain (砍价免费拿), both editions in one set of tables.
 * bargain_item: what the operator lists per edition; `stock` is how many free orders it gives.
 * bargain: one user's bargain on an item. A partial unique index allows one running bargain per
 * user and item; `helps_done` and `current_price` change only under the row's lock, and the
 * checks keep the price from passing the target and the helps from passing the count.
 * bargain_help: every cut (the starter's first knife too); unique (bargain_id, helper_id) makes a
 * help happen once per helper, and `cut >= 1` forbids an empty cut.
 * bargain_claim: the free order; unique (user_id, item_id) is one claim per user and item, and
 * unique bargain_id one per bargain. bargain_post: 晒单, one per claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table bargain_item (
      id integer generated always as identity primary key,
      edition varchar(10) not null check (edition in ('normal', 'newYear')),
      sku_id integer not null references sku(id),
      product_id integer not null references product(id),
      target_price integer not null default 0 check (target_price >= 0),
      helpers_needed integer not null check (helpers_needed between 1 and 500),
      time_limit_hours integer not null check (time_limit_hours between 1 and 720),
      stock integer not null check (stock >= 0),
      per_user_limit integer not null default 1 check (per_user_limit > 0),
      reward_kind varchar(10) not null default 'none' check (reward_kind in ('none', 'coupon', 'redPacket')),
      coupon_template_id integer references coupon_template(id),
      red_packet_amount integer not null default 0 check (red_packet_amount >= 0),
      enabled boolean not null default true,
      sort integer not null default 0,
      started_count integer not null default 0 check (started_count >= 0),
      created_at timestamptz not null default now(),
      check (reward_kind <> 'coupon' or coupon_template_id is not null),
      check (reward_kind <> 'redPacket' or red_packet_amount > 0)
    );
    create index bargain_item_edition_idx on bargain_item(edition, sort, id) where enabled;

    create table bargain (
      id integer generated always as identity primary key,
      item_id integer not null references bargain_item(id),
      user_id integer not null references app_user(id),
      edition varchar(10) not null check (edition in ('normal', 'newYear')),
      original_price integer not null check (original_price > 0),
      target_price integer not null check (target_price >= 0 and target_price < original_price),
      current_price integer not null,
      helpers_needed integer not null check (helpers_needed >= 1),
      helps_done integer not null default 0,
      status varchar(10) not null default 'running' check (status in ('running', 'succeeded', 'expired')),
      expires_at timestamptz not null,
      succeeded_at timestamptz,
      ended_at timestamptz,
      created_at timestamptz not null default now(),
      check (current_price >= target_price and current_price <= original_price),
      check (helps_done between 0 and helpers_needed),
      check ((status = 'succeeded') = (current_price = target_price and helps_done = helpers_needed))
    );
    create unique index bargain_running_uq on bargain(item_id, user_id) where status = 'running';
    create index bargain_user_idx on bargain(user_id, id desc);
    create index bargain_due_idx on bargain(expires_at) where status = 'running';

    create table bargain_help (
      id integer generated always as identity primary key,
      bargain_id integer not null references bargain(id),
      helper_id integer not null references app_user(id),
      cut integer not null check (cut >= 1),
      is_starter boolean not null default false,
      is_new_user boolean not null default false,
      ip varchar(64) not null default '',
      reward_kind varchar(10) not null default 'none' check (reward_kind in ('none', 'coupon', 'redPacket')),
      reward_amount integer not null default 0,
      coupon_template_id integer references coupon_template(id),
      reward_status varchar(10) not null default 'none'
        check (reward_status in ('none', 'given', 'pending', 'failed')),
      created_at timestamptz not null default now(),
      unique (bargain_id, helper_id)
    );
    create index bargain_help_helper_idx on bargain_help(helper_id, id desc);
    create index bargain_help_pending_idx on bargain_help(id) where reward_status = 'pending';

    create table bargain_claim (
      id integer generated always as identity primary key,
      bargain_id integer not null unique references bargain(id),
      item_id integer not null references bargain_item(id),
      user_id integer not null references app_user(id),
      status varchar(10) not null check (status in ('audit', 'ordered', 'rejected')),
      flags jsonb not null default '[]',
      address_id integer,
      note varchar(200) not null default '',
      order_id integer references shop_order(id),
      order_no varchar(32),
      reject_reason varchar(100),
      approved_at timestamptz,
      created_at timestamptz not null default now(),
      unique (user_id, item_id),
      check (status <> 'ordered' or order_id is not null)
    );
    create index bargain_claim_status_idx on bargain_claim(status, id);

    create table bargain_post (
      id integer generated always as identity primary key,
      claim_id integer not null unique references bargain_claim(id),
      item_id integer not null references bargain_item(id),
      user_id integer not null references app_user(id),
      content varchar(500) not null,
      images jsonb not null default '[]',
      created_at timestamptz not null default now()
    );
    create index bargain_post_item_idx on bargain_post(item_id, id desc);
  `,
  );
}
