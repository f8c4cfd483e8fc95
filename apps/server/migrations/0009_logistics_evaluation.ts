import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Logistics tracking state (when a shipment was seen signed, when its order confirmed itself),
 * and writing evaluations: each order line remembers that it was evaluated, and an evaluation
 * must name a real order line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table logistics_shipment (
      order_no varchar(32) primary key references shop_order(order_no) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      -- When the sweeper next asks the provider about an unsigned shipment.
      next_check_at timestamptz not null,
      -- Set once, when order.signed was emitted.
      signed_at timestamptz,
      -- Set once, when the automatic receipt ran (whether or not the order still waited for it).
      auto_confirmed_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index logistics_unsigned_idx on logistics_shipment(next_check_at) where signed_at is null;
    create index logistics_unconfirmed_idx on logistics_shipment(signed_at)
      where signed_at is not null and auto_confirmed_at is null;

    -- Orders already on their way when this landed get tracked too.
    insert into logistics_shipment (order_no, user_id, next_check_at)
      select order_no, user_id, shipped_at from shop_order
      where status = 'unreceived' and shipped_at is not null;

    alter table order_item add column evaluated_at timestamptz;

    alter table evaluation add constraint evaluation_order_item_fk
      foreign key (order_item_id) references order_item(id) on delete cascade;
  `,
  );
}
