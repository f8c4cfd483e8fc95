import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The flash sale (秒杀). A session's items take their flash stock out of the SKU's stock when
 * the operator sets them up; `sold` counts units in orders that are paid or still awaiting
 * payment, guarded by a check so that no statement can take more than the flash stock.
 * seckill_purchase: one row per flash order line (released when the unpaid order is cancelled),
 * counted under the item's row lock for the per-user limit. seckill_subscription: 提醒我,
 * reminded once (reminded_at set in the transaction that writes the message).
 * order_item.seckill_item_id marks a flash line, whose unit goes back to the flash stock (not the
 * SKU) when its unpaid order is cancelled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table seckill_session (
      id integer generated always as identity primary key,
      title varchar(30) not null,
      start_at timestamptz not null,
      end_at timestamptz not null check (end_at > start_at),
      pay_minutes integer not null check (pay_minutes between 1 and 60),
      settled_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index seckill_session_time_idx on seckill_session(end_at, start_at);

    create table seckill_item (
      id integer generated always as identity primary key,
      session_id integer not null references seckill_session(id),
      sku_id integer not null references sku(id),
      product_id integer not null references product(id),
      flash_price integer not null check (flash_price > 0),
      flash_stock integer not null check (flash_stock > 0),
      sold integer not null default 0 check (sold >= 0 and sold <= flash_stock),
      per_user_limit integer not null check (per_user_limit > 0),
      sort integer not null default 0,
      unique (session_id, sku_id)
    );
    create index seckill_item_session_idx on seckill_item(session_id, sort, id);

    create table seckill_purchase (
      id integer generated always as identity primary key,
      item_id integer not null references seckill_item(id),
      user_id integer not null references app_user(id),
      order_id integer not null references shop_order(id),
      quantity integer not null check (quantity > 0),
      released_at timestamptz,
      created_at timestamptz not null default now(),
      unique (order_id, item_id)
    );
    create index seckill_purchase_user_idx on seckill_purchase(item_id, user_id) where released_at is null;

    create table seckill_subscription (
      user_id integer not null references app_user(id),
      item_id integer not null references seckill_item(id),
      sms boolean not null default false,
      remind_at timestamptz not null,
      reminded_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (user_id, item_id)
    );
    create index seckill_subscription_due_idx on seckill_subscription(remind_at) where reminded_at is null;
    create index seckill_subscription_user_idx on seckill_subscription(user_id, created_at desc);

    alter table order_item add column seckill_item_id integer references seckill_item(id);
    `,
  );
}
