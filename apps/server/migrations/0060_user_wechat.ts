import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/** The mini-program's WeChat login: an openid (code2Session's) bound to one account, and back. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
create table user_wechat (
  openid text primary key,
  user_id integer not null unique references app_user(id),
  created_at timestamptz not null default now()
);
`,
  );
}
