import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * A C2C conversation's last message time on each party's row, with an index in the list's order:
 * a page of a shop account with tens of thousands of buyers reads 20 index entries instead of
 * sorting every conversation. Group rows keep using im_seq.last_ms (one write per group message,
 * not one per member), found by their own partial index so that the C2C rows are not scanned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `alter table im_conversation add column last_ms bigint not null default 0;
     update im_conversation c set last_ms = s.last_ms
       from im_seq s where s.conv_key = c.conv_key and c.conversation_id like 'C2C%';
     create index im_conversation_c2c_order
       on im_conversation (user_id, last_ms, conversation_id collate "C")
       where conversation_id like 'C2C%';
     create index im_conversation_other
       on im_conversation (user_id)
       where conversation_id not like 'C2C%';`,
  );
}
