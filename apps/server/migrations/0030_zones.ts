import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Zones (专区) and the new-user full refund (新人全额返).
 * zone: operator configuration of a page (key, banner, rules, theme, kind); zone_item: its
 * products, each optionally pinned to the SKU the zone sells, with a badge and a sort order.
 * new_user_refund: one row per refunded-to-be order; the unique user and phone hash keep it to
 * one per account and one per phone number even when an order of each lands at once; state moves
 * pending → frozen (received, settle_at set) → paid (a red packet given) | cancelled (refunded).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table zone (
      id serial primary key,
      key varchar(32) not null unique,
      title varchar(30) not null,
      banner varchar(500) not null default '',
      rules text not null default '',
      theme varchar(7) not null default '#FF0135',
      kind varchar(8) not null default 'normal'
        check (kind in ('normal', 'daily', 'mall', 'newUser')),
      sort integer not null default 0,
      enabled boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table zone_item (
      id serial primary key,
      zone_id integer not null references zone(id) on delete cascade,
      product_id integer not null references product(id),
      sku_id integer references sku(id),
      label varchar(12) not null default '',
      sort integer not null default 0,
      unique (zone_id, product_id)
    );
    create index zone_item_zone_sort_idx on zone_item(zone_id, sort, id);
    create index zone_item_product_idx on zone_item(product_id);

    create table new_user_refund (
      id serial primary key,
      user_id integer not null unique references app_user(id),
      phone_hash varchar(64) not null unique,
      order_id integer not null,
      order_no varchar(32) not null unique,
      amount integer not null check (amount > 0),
      state varchar(9) not null default 'pending'
        check (state in ('pending', 'frozen', 'paid', 'cancelled')),
      settle_at timestamptz,
      paid_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index new_user_refund_due_idx on new_user_refund(settle_at) where state = 'frozen';
  `,
  );
}
