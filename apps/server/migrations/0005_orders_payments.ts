import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Orders (one per store, grouped by the submit that created them), their items and timeline,
 * gateway payments, and the double-entry ledger behind wallet balances.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create sequence order_no_seq;

    create table order_group (
      id integer generated always as identity primary key,
      group_no varchar(32) not null unique
        default ('P' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0')),
      user_id integer not null references app_user(id),
      client_key varchar(64) not null,
      total_amount integer not null check (total_amount >= 0),
      created_at timestamptz not null default now(),
      unique (user_id, client_key)
    );

    create table shop_order (
      id integer generated always as identity primary key,
      order_no varchar(32) not null unique
        default (to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0')),
      group_id integer not null references order_group(id),
      user_id integer not null references app_user(id),
      store_id integer not null references store(id),
      status varchar(16) not null default 'unpaid'
        check (status in ('unpaid', 'unshipped', 'unreceived', 'unevaluated', 'finished', 'cancelled')),
      goods_amount integer not null check (goods_amount >= 0),
      shipping_fee integer not null check (shipping_fee >= 0),
      pay_amount integer not null check (pay_amount >= 0),
      address jsonb not null,
      note varchar(200) not null default '',
      pay_method varchar(16),
      payment_no varchar(40),
      carrier varchar(40),
      tracking_no varchar(40),
      cancel_reason varchar(60),
      expires_at timestamptz not null,
      paid_at timestamptz,
      shipped_at timestamptz,
      received_at timestamptz,
      cancelled_at timestamptz,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index shop_order_user_idx on shop_order(user_id, id desc) where deleted_at is null;
    create index shop_order_group_idx on shop_order(group_id);
    create index shop_order_expiry_idx on shop_order(expires_at) where status = 'unpaid';

    create table order_item (
      id integer generated always as identity primary key,
      order_id integer not null references shop_order(id),
      product_id integer not null references product(id),
      sku_id integer not null references sku(id),
      title varchar(120) not null,
      sku_name varchar(120) not null,
      image varchar(512) not null,
      price integer not null check (price >= 0),
      quantity integer not null check (quantity > 0)
    );
    create index order_item_order_idx on order_item(order_id);

    create table order_event (
      id integer generated always as identity primary key,
      order_id integer not null references shop_order(id),
      status varchar(16) not null,
      note varchar(120) not null default '',
      created_at timestamptz not null default now()
    );
    create index order_event_order_idx on order_event(order_id, id);

    create table payment (
      id integer generated always as identity primary key,
      payment_no varchar(40) not null unique
        default ('T' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0')),
      user_id integer not null references app_user(id),
      purpose varchar(16) not null check (purpose in ('order', 'recharge')),
      order_ids jsonb not null default '[]',
      amount integer not null check (amount >= 0),
      channel varchar(16) not null,
      status varchar(16) not null default 'pending'
        check (status in ('pending', 'succeeded', 'cancelled', 'refunded')),
      created_at timestamptz not null default now(),
      finished_at timestamptz
    );
    create index payment_user_idx on payment(user_id, id desc);

    create table ledger_account (
      id integer generated always as identity primary key,
      code varchar(40) not null unique,
      kind varchar(16) not null check (kind in ('wallet', 'merchant', 'gateway')),
      user_id integer unique references app_user(id),
      balance bigint not null default 0,
      check (kind <> 'wallet' or balance >= 0)
    );

    create table ledger_txn (
      id integer generated always as identity primary key,
      kind varchar(24) not null,
      ref varchar(64) not null,
      memo varchar(120) not null default '',
      created_at timestamptz not null default now(),
      unique (kind, ref)
    );

    create table ledger_entry (
      id integer generated always as identity primary key,
      txn_id integer not null references ledger_txn(id),
      account_id integer not null references ledger_account(id),
      amount bigint not null check (amount <> 0),
      created_at timestamptz not null default now()
    );
    create index ledger_entry_account_idx on ledger_entry(account_id, id desc);
    create index ledger_entry_txn_idx on ledger_entry(txn_id);
  `,
  );
}
