import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * One-time sign-in tickets for the web build opened in the mini-program's <web-view>: only the
 * ticket's SHA-256 is kept, and it is deleted by the exchange that uses it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
create table user_web_ticket (
  ticket_hash text primary key,
  user_id integer not null references app_user(id),
  expires_at timestamptz not null
);
create index user_web_ticket_expires_idx on user_web_ticket (expires_at);
`,
  );
}
