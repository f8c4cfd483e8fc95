import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The time of each conversation's last message, kept on its sequence row (written by the same
 * upsert that numbers the message): the conversation list sorts by it without reading one
 * message per conversation (measured in docs/BENCHMARKS.md, "conversation list").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `alter table im_seq add column last_ms bigint not null default 0;
     update im_seq s set last_ms = m.time_ms
       from im_message m where m.conv_key = s.conv_key and m.seq = s.last_seq;`,
  );
}
