import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table user_address (
      id integer generated always as identity primary key,
      user_id integer not null references app_user(id) on delete cascade,
      name varchar(25) not null,
      phone varchar(11) not null,
      province_code char(6) not null,
      province varchar(40) not null,
      city_code char(6) not null,
      city varchar(40) not null,
      district_code char(6) not null,
      district varchar(40) not null,
      detail varchar(120) not null,
      is_default boolean not null default false,
      deleted_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (not (is_default and deleted_at is not null))
    );
    create index user_address_user_idx on user_address(user_id, id desc) where deleted_at is null;
    create unique index user_address_one_default_uq on user_address(user_id)
      where is_default and deleted_at is null;

    create table cart_item (
      id integer generated always as identity primary key,
      user_id integer not null references app_user(id) on delete cascade,
      sku_id integer not null,
      quantity integer not null check (quantity between 1 and 999),
      selected boolean not null default true,
      title varchar(120) not null,
      image varchar(512) not null,
      sku_name varchar(120) not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, sku_id)
    );
    create index cart_item_user_idx on cart_item(user_id, id desc);
  `,
  );
}
