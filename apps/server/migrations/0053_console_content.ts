import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * The console's content desk: notices can be scheduled (publish_at) and withdrawn (withdrawn_at;
 * readers stop seeing them), feedback and reports get a handling state, the operator's reply or
 * finding, and who handled them when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table system_notice add column publish_at timestamptz;
    update system_notice set publish_at = created_at;
    alter table system_notice alter column publish_at set not null;
    alter table system_notice alter column publish_at set default now();
    alter table system_notice add column withdrawn_at timestamptz;
    alter table system_notice add column created_by integer;
    create index system_notice_broadcast_publish on system_notice (publish_at desc, id desc)
      where user_id is null;

    alter table user_feedback add column status text not null default 'new'
      check (status in ('new', 'processing', 'resolved'));
    alter table user_feedback add column reply text;
    alter table user_feedback add column handled_by integer;
    alter table user_feedback add column handled_at timestamptz;
    create index user_feedback_status on user_feedback (status, id desc);

    alter table user_report add column status text not null default 'pending'
      check (status in ('pending', 'valid', 'invalid'));
    alter table user_report add column result text;
    alter table user_report add column handled_by integer;
    alter table user_report add column handled_at timestamptz;
    create index user_report_status on user_report (status, id desc);
    `,
  );
}
