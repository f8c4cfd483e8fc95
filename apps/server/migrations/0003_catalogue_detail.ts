import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create extension if not exists pg_trgm;

    -- Substring search of titles (ILIKE '%kw%'); trigrams help from 3 characters on.
    create index product_title_trgm_idx on product using gin (title gin_trgm_ops);
    create index product_store_idx on product(store_id, id desc) where status = 1;
    create index sku_product_idx on sku(product_id);

    create table product_favorite (
      user_id integer not null references app_user(id) on delete cascade,
      product_id integer not null references product(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, product_id)
    );
    create index product_favorite_user_idx on product_favorite(user_id, created_at desc);

    -- One footprint per user, product and (China) calendar day; a new view moves viewed_at.
    create table product_footprint (
      id integer generated always as identity primary key,
      user_id integer not null references app_user(id) on delete cascade,
      product_id integer not null references product(id) on delete cascade,
      day date not null,
      viewed_at timestamptz not null default now(),
      unique (user_id, product_id, day)
    );
    create index product_footprint_user_idx on product_footprint(user_id, day desc, viewed_at desc, id desc);

    create table store_follow (
      user_id integer not null references app_user(id) on delete cascade,
      store_id integer not null references store(id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, store_id)
    );
    create index store_follow_store_idx on store_follow(store_id);
    create index store_follow_user_idx on store_follow(user_id, created_at desc);

    create table search_history (
      user_id integer not null references app_user(id) on delete cascade,
      keyword varchar(30) not null,
      searched_at timestamptz not null default now(),
      primary key (user_id, keyword)
    );
    create index search_history_user_idx on search_history(user_id, searched_at desc);

    -- Every first-page search, for the hot list (last 7 days).
    create table search_log (
      id bigint generated always as identity primary key,
      keyword varchar(30) not null,
      user_id integer,
      created_at timestamptz not null default now()
    );
    create index search_log_created_idx on search_log(created_at, keyword);

    -- A product's short link; poster_key names the last poster made (it changes with the price).
    create table product_share (
      code varchar(16) primary key,
      product_id integer not null unique references product(id) on delete cascade,
      poster_key varchar(200),
      created_at timestamptz not null default now()
    );
  `,
  );
}
