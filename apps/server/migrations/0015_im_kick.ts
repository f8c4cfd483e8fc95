import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * IM kicks (REST force logout): per user, the time before which issued userSigs are refused, so a
 * kicked client cannot come back with its old credential. Epoch milliseconds, as in 0012_im.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table im_kick (
      user_id varchar(64) primary key,
      sigs_not_before_ms bigint not null
    );
    `,
  );
}
