import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Points (积分). points_signin: one row per user and calendar day (China time) — the primary
 * key makes a sign-in happen once even with concurrent taps on several nodes; it keeps the
 * streak it reached. The points themselves are ledger accounts of kind `points` (whole points,
 * never below zero), so the balance is only ever the sum of its postings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table points_signin (
      user_id integer not null references app_user(id),
      day date not null,
      streak integer not null check (streak >= 1),
      points integer not null check (points >= 0),
      created_at timestamptz not null default now(),
      primary key (user_id, day)
    );

    alter table ledger_account drop constraint ledger_account_kind_check;
    alter table ledger_account add constraint ledger_account_kind_check
      check (kind in ('wallet', 'merchant', 'gateway', 'earning', 'revenue', 'redpacket', 'clearing',
        'commission', 'points'));
    alter table ledger_account drop constraint ledger_account_check;
    alter table ledger_account add constraint ledger_account_check
      check (kind not in ('wallet', 'redpacket', 'points') or balance >= 0);
  `,
  );
}
