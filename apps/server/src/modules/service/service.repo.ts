import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { UserFeedbackTable, UserReportTable } from '../invoice/invoice.tables.ts';

/** SQL for dictionaries, rule texts, feedback and reports. */
export class ServiceRepo {
  constructor(readonly db: Db) {}

  dictionary(code: string) {
    return this.db
      .selectFrom('dictionary_item')
      .select(['label', 'value'])
      .where('code', '=', code)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  dictionaryLabel(code: string, value: string) {
    return this.db
      .selectFrom('dictionary_item')
      .select('label')
      .where('code', '=', code)
      .where('value', '=', value)
      .executeTakeFirst();
  }

  rule(code: string) {
    return this.db.selectFrom('rule_page').selectAll().where('code', '=', code).executeTakeFirst();
  }

  insertFeedback(values: Insertable<UserFeedbackTable>) {
    return this.db
      .insertInto('user_feedback')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async feedbackPage(userId: number, limit: number, offset: number) {
    const q = this.db.selectFrom('user_feedback').where('user_id', '=', userId);
    const [count, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count.n), rows };
  }

  /** One report per user and target: a repeat inserts nothing (undefined). */
  insertReport(values: Insertable<UserReportTable>) {
    return this.db
      .insertInto('user_report')
      .values(values)
      .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
  }
}
