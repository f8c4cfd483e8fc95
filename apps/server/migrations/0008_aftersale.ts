import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Refunds and returns (after-sales): one request per order line at a time (partial unique index),
 * its images, and the timeline of every step. Stock comes back at most once per line (partial
 * unique index on stock_returned).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table refund (
      id integer generated always as identity primary key,
      refund_no varchar(32) not null unique
        default ('R' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('order_no_seq')::text, 10, '0')),
      order_id integer not null references shop_order(id),
      order_item_id integer not null references order_item(id),
      user_id integer not null references app_user(id),
      store_id integer not null references store(id),
      -- the line as it was ordered, so that reading a request never needs the order's tables
      order_no varchar(32) not null,
      sku_id integer not null,
      title varchar(120) not null,
      sku_name varchar(120) not null,
      image varchar(512) not null,
      price integer not null,
      quantity integer not null,
      type varchar(8) not null check (type in ('refund', 'return')),
      status varchar(12) not null default 'pending'
        check (status in ('pending', 'approved', 'returning', 'refunding', 'refunded', 'rejected', 'cancelled')),
      amount integer not null check (amount > 0),
      reason varchar(20) not null,
      description varchar(200) not null default '',
      images jsonb not null default '[]',
      refund_to varchar(16) not null,
      reject_reason varchar(60),
      return_carrier varchar(40),
      return_tracking_no varchar(40),
      stock_returned boolean not null default false,
      -- the part of amount that is the order's shipping fee (refunded with the last line before shipping)
      shipping_amount integer not null default 0 check (shipping_amount >= 0 and shipping_amount <= amount),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      refunded_at timestamptz
    );
    create unique index refund_open_line_idx on refund(order_item_id)
      where status in ('pending', 'approved', 'returning', 'refunding');
    create unique index refund_stock_once_idx on refund(order_item_id) where stock_returned;
    create index refund_user_idx on refund(user_id, id desc);
    create index refund_order_idx on refund(order_id);
    create index refund_status_idx on refund(status, id desc);

    create table refund_event (
      id integer generated always as identity primary key,
      refund_id integer not null references refund(id),
      status varchar(12) not null,
      note varchar(200) not null default '',
      created_at timestamptz not null default now()
    );
    create index refund_event_refund_idx on refund_event(refund_id, id);
  `,
  );
}
