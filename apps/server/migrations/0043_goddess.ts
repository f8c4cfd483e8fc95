import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The goddess gang (女神帮).
 * - goddess_member: one row per member (the primary key keeps a second join out, whatever the
 *   nodes), with the inviter fixed at joining and the 抵扣金 that join earned the inviter
 *   (0: no inviter, or past the inviter's daily maximum). The ledger posting of a reward is keyed
 *   by the invitee, so it is posted once.
 * - goddess_reward_day: rewards per inviter per China day; the conditional upsert that bumps it
 *   below the day's maximum is what decides whether a join is rewarded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table goddess_member (
      user_id integer primary key references app_user(id),
      inviter_id integer references goddess_member(user_id),
      reward integer not null default 0 check (reward >= 0),
      joined_at timestamptz not null default now(),
      check (inviter_id is null or inviter_id <> user_id)
    );
    create index goddess_member_inviter on goddess_member (inviter_id, joined_at desc, user_id desc)
      where inviter_id is not null;

    create table goddess_reward_day (
      inviter_id integer not null references goddess_member(user_id),
      day date not null,
      rewarded integer not null default 0 check (rewarded >= 0),
      primary key (inviter_id, day)
    );
    `,
  );
}
