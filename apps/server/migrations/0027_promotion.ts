import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Social commerce. promo_user: a user's place in the programme — invite code, the one binding
 * (parent and grandparent kept on the row, so a team page is one index range read), the
 * promoter identity and the paid membership's end; direct/indirect counts kept exact at binding.
 * member_purchase: one membership purchase per (user, client key). commission: one per (order
 * line, level), moving pending → frozen → settled or void; `refunded` is the line's money that
 * came back, so the amount is always rate × (base − refunded). withdrawal: one per (user, client
 * key); its hold and its end are ledger transactions keyed by its number. The `commission:<user>`
 * ledger account may go below zero (a debt) — only a refund's reversal entry may take it there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table promo_user (
      user_id integer primary key references app_user(id),
      invite_code varchar(16) not null unique,
      parent_id integer references app_user(id),
      grandparent_id integer references app_user(id),
      bound_at timestamptz,
      identity varchar(10) check (identity in ('promoter', 'owner')),
      identity_source varchar(10) check (identity_source in ('upgrade', 'bail', 'operator')),
      identity_at timestamptz,
      member_until timestamptz,
      direct_count integer not null default 0,
      indirect_count integer not null default 0,
      created_at timestamptz not null default now(),
      check (parent_id is null or parent_id <> user_id)
    );
    create index promo_user_parent_idx on promo_user(parent_id, bound_at desc, user_id desc)
      where parent_id is not null;
    create index promo_user_grandparent_idx on promo_user(grandparent_id, bound_at desc, user_id desc)
      where grandparent_id is not null;

    create table member_purchase (
      id integer generated always as identity primary key,
      purchase_no varchar(32) not null unique
        default 'MP' || to_char(now(), 'YYYYMMDDHH24MISS') || lpad((floor(random() * 1000000))::text, 6, '0'),
      user_id integer not null references app_user(id),
      client_key varchar(64) not null,
      plan varchar(10) not null check (plan in ('month', 'quarter', 'year')),
      days integer not null check (days > 0),
      price integer not null check (price > 0),
      pay_type varchar(16) not null,
      payment_no varchar(40),
      status varchar(10) not null default 'pending' check (status in ('pending', 'paid')),
      member_until timestamptz,
      created_at timestamptz not null default now(),
      paid_at timestamptz,
      unique (user_id, client_key)
    );

    -- Products bought for the 598 upgrade: paying for one makes the buyer a promoter.
    create table upgrade_package (
      product_id integer primary key references product(id),
      created_at timestamptz not null default now()
    );

    -- Per-product commission rates (null: the configured default).
    create table commission_rate (
      product_id integer primary key references product(id),
      l1_bp integer check (l1_bp between 0 and 5000),
      l2_bp integer check (l2_bp between 0 and 5000)
    );

    create table commission (
      id integer generated always as identity primary key,
      order_item_id integer not null references order_item(id),
      level smallint not null check (level in (1, 2)),
      beneficiary_id integer not null references app_user(id),
      buyer_id integer not null references app_user(id),
      order_id integer not null references shop_order(id),
      order_no varchar(40) not null,
      product_id integer not null,
      title varchar(200) not null,
      image varchar(500) not null,
      base integer not null check (base >= 0),
      refunded integer not null default 0 check (refunded >= 0),
      rate_bp integer not null check (rate_bp >= 0),
      amount integer not null check (amount >= 0),
      state varchar(10) not null default 'pending' check (state in ('pending', 'frozen', 'settled', 'void')),
      created_at timestamptz not null default now(),
      frozen_at timestamptz,
      settle_at timestamptz,
      settled_at timestamptz,
      voided_at timestamptz,
      unique (order_item_id, level)
    );
    create index commission_beneficiary_idx on commission(beneficiary_id, id desc);
    create index commission_buyer_idx on commission(beneficiary_id, buyer_id);
    create index commission_order_idx on commission(order_id);
    create index commission_due_idx on commission(settle_at) where state = 'frozen';

    -- Rewards of the invite-with-gift programme, once per (invitee, kind).
    create table invite_reward (
      invitee_id integer not null references app_user(id),
      kind varchar(10) not null check (kind in ('invitee', 'inviter')),
      inviter_id integer not null references app_user(id),
      amount integer not null,
      created_at timestamptz not null default now(),
      primary key (invitee_id, kind)
    );

    create table payout_account (
      user_id integer primary key references app_user(id),
      account varchar(64) not null,
      real_name_masked varchar(40) not null,
      bound_at timestamptz not null default now()
    );

    create table withdrawal (
      id integer generated always as identity primary key,
      withdraw_no varchar(32) not null unique
        default 'WD' || to_char(now(), 'YYYYMMDDHH24MISS') || lpad((floor(random() * 1000000))::text, 6, '0'),
      user_id integer not null references app_user(id),
      client_key varchar(64) not null,
      amount integer not null check (amount > 0),
      fee integer not null check (fee >= 0),
      net integer not null check (net > 0),
      account varchar(64) not null,
      state varchar(10) not null default 'pending'
        check (state in ('pending', 'paying', 'succeeded', 'rejected', 'failed')),
      reject_reason varchar(100),
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      finished_at timestamptz,
      unique (user_id, client_key)
    );
    create index withdrawal_user_idx on withdrawal(user_id, id desc);
    create index withdrawal_state_idx on withdrawal(state, decided_at) where state in ('pending', 'paying');

    -- A keyed hash of the verified real name, so a payout account's name can be matched exactly.
    alter table app_user add column real_name_hash varchar(64);

    -- What membership took off each line (list price − member price) × quantity.
    alter table order_item add column member_saving integer not null default 0 check (member_saving >= 0);

    alter table payment drop constraint payment_purpose_check;
    alter table payment add constraint payment_purpose_check
      check (purpose in ('order', 'recharge', 'membership'));

    alter table ledger_account drop constraint ledger_account_kind_check;
    alter table ledger_account add constraint ledger_account_kind_check
      check (kind in ('wallet', 'merchant', 'gateway', 'earning', 'revenue', 'redpacket', 'clearing', 'commission'));
  `,
  );
}
