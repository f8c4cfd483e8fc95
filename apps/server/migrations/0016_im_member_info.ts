import type { Kysely } from 'kysely';
import { runScript } from './sql-script.ts';

/**
 * Group member custom fields (TIM's memberCustomField): a list of {key, value} per member, set by
 * setGroupMemberCustomField. The name card already has its column (name_card).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, `alter table im_group_member add column custom jsonb not null default '[]';`);
}
