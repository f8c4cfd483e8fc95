import type { AdminFeedbackQuery, AdminReportQuery } from '@chaopin/contracts';
import { sql } from 'kysely';
import { userReads } from '../../user/index.ts';
import type { ServiceDb } from '../service.tables.ts';

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The operator's side of feedback, reports, rule pages and the editable dictionaries. */
export class ContentDeskRepo {
  constructor(private readonly db: ServiceDb) {}

  async feedbackPage(q: AdminFeedbackQuery, offset: number, limit: number) {
    let query = this.db
      .selectFrom('user_feedback as f')
      .leftJoin(userReads.publicView(this.db).as('u'), 'u.id', 'f.user_id');
    if (q.status) query = query.where('f.status', '=', q.status);
    if (q.type) query = query.where('f.type', '=', q.type);
    if (q.q) query = query.where('f.content', 'like', escapeLike(q.q));
    const [rows, count] = await Promise.all([
      query
        .selectAll('f')
        .select('u.nickname')
        .orderBy('f.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  feedbackForUpdate(trx: ServiceDb, id: number) {
    return trx
      .selectFrom('user_feedback')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async handleFeedback(
    trx: ServiceDb,
    id: number,
    by: number,
    status: 'new' | 'processing' | 'resolved',
    reply: string | null,
  ) {
    await trx
      .updateTable('user_feedback')
      .set({ status, reply, handled_by: by, handled_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
  }

  async reportPage(q: AdminReportQuery, offset: number, limit: number) {
    let query = this.db
      .selectFrom('user_report as r')
      .leftJoin(userReads.publicView(this.db).as('u'), 'u.id', 'r.user_id');
    if (q.status) query = query.where('r.status', '=', q.status);
    if (q.targetType) query = query.where('r.target_type', '=', q.targetType);
    const [rows, count] = await Promise.all([
      query
        .selectAll('r')
        .select('u.nickname')
        .orderBy('r.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Decides a pending report once: undefined when it is not pending (or not there). */
  decideReport(
    trx: ServiceDb,
    id: number,
    by: number,
    status: 'valid' | 'invalid',
    result: string,
  ) {
    return trx
      .updateTable('user_report')
      .set({ status, result, handled_by: by, handled_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning(['id', 'target_type', 'target_id'])
      .executeTakeFirst();
  }

  reportExists(trx: ServiceDb, id: number) {
    return trx
      .selectFrom('user_report')
      .select(['id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  rules() {
    return this.db.selectFrom('rule_page').selectAll().orderBy('code').execute();
  }

  ruleForUpdate(trx: ServiceDb, code: string) {
    return trx
      .selectFrom('rule_page')
      .selectAll()
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
  }

  saveRule(trx: ServiceDb, code: string, title: string, paragraphs: string[]) {
    const text = JSON.stringify(paragraphs);
    return trx
      .insertInto('rule_page')
      .values({ code, title, paragraphs: text })
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({ title, paragraphs: text, updated_at: sql`now()` }),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  dictionary(db: ServiceDb, code: string) {
    return db
      .selectFrom('dictionary_item')
      .select(['label', 'value'])
      .where('code', '=', code)
      .orderBy('sort')
      .orderBy('id')
      .execute();
  }

  /** Replaces a dictionary's items, in the given order. */
  async replaceDictionary(
    trx: ServiceDb,
    code: string,
    items: Array<{ label: string; value: string }>,
  ) {
    await trx.deleteFrom('dictionary_item').where('code', '=', code).execute();
    await trx
      .insertInto('dictionary_item')
      .values(items.map((it, i) => ({ code, label: it.label, value: it.value, sort: i })))
      .execute();
  }
}
