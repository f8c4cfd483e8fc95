import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * deleteGroupAtTips: a per-user mark in a group conversation; @-mentions at or below it are no longer
 * tips, without marking the messages read (the unread count stays).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `alter table im_conversation add column at_read_seq bigint not null default 0;`,
  );
}
