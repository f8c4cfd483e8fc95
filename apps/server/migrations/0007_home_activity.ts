import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Operator-managed home activity buttons and popup, product evaluations (read side first), and
 * each store's generated business-licence image.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table home_activity (
      id integer generated always as identity primary key,
      title varchar(20) not null,
      subtitle varchar(40) not null default '',
      image varchar(512) not null,
      link varchar(512) not null,
      sort integer not null default 0,
      enabled boolean not null default true
    );

    create table home_popup (
      id integer generated always as identity primary key,
      title varchar(60) not null,
      image varchar(512) not null,
      link varchar(512) not null,
      enabled boolean not null default true,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      check (ends_at > starts_at)
    );
    create index home_popup_live_idx on home_popup(starts_at desc) where enabled;

    create table evaluation (
      id integer generated always as identity primary key,
      product_id integer not null references product(id) on delete cascade,
      user_id integer not null references app_user(id) on delete cascade,
      order_item_id integer not null unique,
      stars smallint not null check (stars between 1 and 5),
      content varchar(500) not null default '',
      images jsonb not null default '[]',
      anonymous boolean not null default false,
      created_at timestamptz not null default now()
    );
    create index evaluation_product_idx on evaluation(product_id, created_at desc, id desc);

    alter table store add column license_key varchar(256);
  `,
  );
}
