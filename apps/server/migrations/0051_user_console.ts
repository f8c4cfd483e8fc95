import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The console's user management (modules/user/console): an account may be marked a test account
 * (kept out of nothing yet, shown and filtered in the console), is banned with a reason and a
 * time (status 0, as a disabled account always was), and keeps its verified ID number encrypted
 * (AES-256-GCM under a key derived from the app secret) for an operator holding user.pii to
 * reveal; verifications before this kept only the masked form and the keyed hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table app_user add column is_test boolean not null default false;
    alter table app_user add column banned_at timestamptz;
    alter table app_user add column ban_reason text;
    alter table app_user add column id_card_enc text;
    create index app_user_test_idx on app_user (id) where is_test;
    create index app_user_banned_idx on app_user (id) where status <> 1;
    `,
  );
}
