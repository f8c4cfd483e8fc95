import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The 客服 desk. im_desk_conversation: one row per (store, buyer) conversation, upserted by the
 * buyer's messages (waiting from the first unanswered one), claimed by one agent with a guarded
 * update (assigned), closed, and reopened as waiting by the buyer's next message. conv_key is the
 * IM conversation's key (the store account's unread count is read through it). The id is a
 * bigserial: each upsert that meets its row still draws one value. im_desk_quick_reply: a store's
 * 快捷回复. Epoch milliseconds, as in 0012_im.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table im_desk_conversation (
      id bigserial primary key,
      store_id integer not null,
      buyer_id varchar(64) not null,
      conv_key varchar(160) not null,
      status varchar(8) not null check (status in ('waiting', 'assigned', 'closed')),
      agent_id integer,
      waiting_since_ms bigint,
      last_buyer_ms bigint not null default 0,
      last_buyer_type varchar(32) not null default '',
      last_buyer_text varchar(100) not null default '',
      last_reply_ms bigint not null default 0,
      assigned_ms bigint,
      closed_ms bigint not null default 0,
      updated_ms bigint not null
    );
    create unique index im_desk_conversation_pair on im_desk_conversation (store_id, buyer_id);
    create index im_desk_queue on im_desk_conversation (store_id, waiting_since_ms, id)
      where status = 'waiting';
    create index im_desk_mine on im_desk_conversation (agent_id, store_id)
      where status = 'assigned';

    create table im_desk_quick_reply (
      id serial primary key,
      store_id integer not null,
      title varchar(20) not null default '',
      text varchar(500) not null,
      sort integer not null default 0,
      updated_ms bigint not null
    );
    create index im_desk_quick_reply_store on im_desk_quick_reply (store_id, sort, id);
    `,
  );
}
