import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Shop chat (客服) auto replies. im_shop_reply: a store's own welcome and away texts (null = the
 * default). im_shop_contact: one row per (store, buyer) conversation, inserted by the greeting (so
 * concurrent first messages greet once) and moved forward by each away reply with a guarded update
 * (so the away text goes out once per interval). Epoch milliseconds, as in 0012_im.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table im_shop_reply (
      store_id integer primary key,
      welcome_text varchar(500),
      away_text varchar(500),
      updated_ms bigint not null
    );
    create table im_shop_contact (
      store_id integer not null,
      buyer_id varchar(64) not null,
      greeted_ms bigint not null,
      away_ms bigint not null default 0,
      primary key (store_id, buyer_id)
    );
    `,
  );
}
