import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Coupons, red packets and the discounts of orders.
 * coupon_template: the operator's rules; `issued` is guarded by `issued <= total`, so claims can
 * never issue more than the total. coupon_claim_count: per (template, user) how many were taken,
 * guarded in its upsert, so no user passes the per-user limit. user_coupon: one coupon of one
 * user: unused, held by an unpaid submit (group_id), or used; expired is unused past valid_to.
 * order_coupon: what each coupon took off each order (a platform coupon spans a submit's
 * orders). red_packet: opened once (amount fixed then) into the `redpacket:<user>` ledger
 * account, which may never go below zero. Orders and lines keep their discounts so refunds give
 * back the line's share net of them; refunds record the red packet and subsidy they gave back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table coupon_template (
      id integer generated always as identity primary key,
      name varchar(30) not null,
      kind varchar(10) not null check (kind in ('full', 'discount', 'free')),
      scope varchar(10) not null check (scope in ('platform', 'store', 'category', 'product')),
      store_id integer references store(id),
      scope_ids jsonb not null default '[]',
      threshold integer not null default 0 check (threshold >= 0),
      amount integer not null default 0 check (amount >= 0),
      rate integer not null default 0 check (rate between 0 and 99),
      cap integer not null default 0 check (cap >= 0),
      start_at timestamptz,
      end_at timestamptz,
      valid_days integer check (valid_days > 0),
      total integer not null check (total > 0),
      issued integer not null default 0 check (issued >= 0 and issued <= total),
      per_user integer not null check (per_user > 0),
      audience varchar(10) not null default 'all' check (audience in ('all', 'new', 'member')),
      claimable boolean not null default true,
      new_user_pack boolean not null default false,
      created_at timestamptz not null default now(),
      check (valid_days is not null or (start_at is not null and end_at > start_at))
    );
    create index coupon_template_store_idx on coupon_template(store_id) where store_id is not null;

    create table coupon_claim_count (
      template_id integer not null references coupon_template(id),
      user_id integer not null references app_user(id),
      claimed integer not null check (claimed > 0),
      primary key (template_id, user_id)
    );

    create table user_coupon (
      id integer generated always as identity primary key,
      template_id integer not null references coupon_template(id),
      user_id integer not null references app_user(id),
      status varchar(8) not null default 'unused' check (status in ('unused', 'held', 'used')),
      valid_from timestamptz not null,
      valid_to timestamptz not null,
      group_id integer references order_group(id),
      source varchar(16) not null default 'claim',
      claimed_at timestamptz not null default now(),
      used_at timestamptz,
      check ((status = 'unused') = (group_id is null))
    );
    create index user_coupon_user_idx on user_coupon(user_id, status, valid_to);
    create index user_coupon_group_idx on user_coupon(group_id) where group_id is not null;

    create table order_coupon (
      order_id integer not null references shop_order(id),
      coupon_id integer not null references user_coupon(id),
      amount integer not null check (amount >= 0),
      primary key (order_id, coupon_id)
    );
    create index order_coupon_coupon_idx on order_coupon(coupon_id);

    create table red_packet (
      id integer generated always as identity primary key,
      user_id integer not null references app_user(id),
      title varchar(30) not null,
      source varchar(12) not null check (source in ('activity', 'invitation', 'newUser', 'operator')),
      min_amount integer not null check (min_amount > 0),
      max_amount integer not null check (max_amount >= min_amount),
      amount integer check (amount between min_amount and max_amount),
      expires_at timestamptz not null,
      opened_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      check ((amount is null) = (opened_at is null))
    );
    create index red_packet_user_idx on red_packet(user_id, id desc) where deleted_at is null;
    -- The new-user packet is given once per user, whoever asks twice at once.
    create unique index red_packet_new_user_idx on red_packet(user_id) where source = 'newUser';

    alter table shop_order add column discount_amount integer not null default 0;
    alter table shop_order add column platform_discount integer not null default 0;
    alter table shop_order add column redpacket_amount integer not null default 0;
    alter table order_item add column discount integer not null default 0;
    alter table order_item add column platform_discount integer not null default 0;
    alter table order_item add column redpacket integer not null default 0;
    alter table refund add column redpacket_back integer not null default 0;
    alter table refund add column subsidy_back integer not null default 0;

    -- A user now has several accounts (wallet, red packet, a host's earnings): user_id was unique.
    alter table ledger_account drop constraint ledger_account_user_id_key;
    create index ledger_account_user_idx on ledger_account(user_id) where user_id is not null;
    alter table ledger_account drop constraint ledger_account_kind_check;
    alter table ledger_account add constraint ledger_account_kind_check
      check (kind in ('wallet', 'merchant', 'gateway', 'earning', 'revenue', 'redpacket', 'clearing'));
    alter table ledger_account drop constraint ledger_account_check;
    alter table ledger_account add constraint ledger_account_check
      check (kind not in ('wallet', 'redpacket') or balance >= 0);
  `,
  );
}
