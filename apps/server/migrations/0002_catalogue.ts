import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table store (
      id integer generated always as identity primary key,
      name varchar(60) not null unique,
      logo varchar(512) not null,
      description text not null default '',
      score smallint not null default 48,
      created_at timestamptz not null default now()
    );

    create table category (
      id integer generated always as identity primary key,
      parent_id integer references category(id),
      name varchar(30) not null,
      icon varchar(512) not null,
      sort integer not null default 0,
      unique (parent_id, name)
    );
    create index category_parent_idx on category(parent_id, sort);

    create table product (
      id integer generated always as identity primary key,
      store_id integer not null references store(id),
      category_id integer not null references category(id),
      title varchar(120) not null,
      subtitle varchar(200) not null default '',
      main_image varchar(512) not null,
      images jsonb not null default '[]',
      video varchar(512),
      price integer not null check (price >= 0),
      origin_price integer not null check (origin_price >= 0),
      sales integer not null default 0 check (sales >= 0),
      status smallint not null default 1,
      detail text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index product_category_idx on product(category_id) where status = 1;
    create index product_sales_idx on product(sales desc, id desc) where status = 1;
    create index product_created_idx on product(created_at desc, id desc) where status = 1;

    create table sku (
      id integer generated always as identity primary key,
      product_id integer not null references product(id) on delete cascade,
      name varchar(120) not null,
      specs jsonb not null default '{}',
      price integer not null check (price >= 0),
      origin_price integer not null check (origin_price >= 0),
      stock integer not null check (stock >= 0),
      image varchar(512) not null,
      unique (product_id, name)
    );

    create table banner (
      id integer generated always as identity primary key,
      title varchar(60) not null,
      image varchar(512) not null,
      link varchar(512) not null,
      sort integer not null default 0,
      enabled boolean not null default true
    );

    create table menu_entry (
      id integer generated always as identity primary key,
      name varchar(20) not null,
      icon varchar(512) not null,
      link varchar(512) not null,
      sort integer not null default 0,
      enabled boolean not null default true
    );
  `,
  );
}
