import { type Insertable, sql } from 'kysely';
import type { ServiceDb, UserFeedbackTable, UserReportTable } from './service.tables.ts';

/** SQL for dictionaries, rule texts, feedback and reports. */
export class ServiceRepo {
  constructor(readonly db: ServiceDb) {}

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

  /** Creates or replaces a rule page; `updated_at` is the edit's time. */
  saveRule(code: string, title: string, paragraphs: string[]) {
    const text = JSON.stringify(paragraphs);
    return this.db
      .insertInto('rule_page')
      .values({ code, title, paragraphs: text })
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({ title, paragraphs: text, updated_at: sql`now()` }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
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
