import type { AdminNoticeQuery } from '@chaopin/contracts';
import { sql } from 'kysely';
import type { MessageDb } from '../message.tables.ts';

export interface NoticeDeskRow {
  id: number;
  title: string;
  content: string;
  link: string;
  user_id: number | null;
  publish_at: Date;
  withdrawn_at: Date | null;
  created_at: Date;
}

const COLUMNS = [
  'n.id',
  'n.title',
  'n.content',
  'n.link',
  'n.user_id',
  'n.publish_at',
  'n.withdrawn_at',
  'n.created_at',
] as const;

/** The operator's view of system notices: every notice, its state and how many opened it. */
export class NoticeDeskRepo {
  constructor(private readonly db: MessageDb) {}

  async page(q: AdminNoticeQuery, offset: number, limit: number) {
    let query = this.db.selectFrom('system_notice as n');
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([eb('n.title', 'like', like), eb('n.content', 'like', like)]),
      );
    }
    if (q.state === 'withdrawn') query = query.where('n.withdrawn_at', 'is not', null);
    if (q.state === 'scheduled') {
      query = query
        .where('n.withdrawn_at', 'is', null)
        .where('n.publish_at', '>', sql<Date>`now()`);
    }
    if (q.state === 'published') {
      query = query
        .where('n.withdrawn_at', 'is', null)
        .where('n.publish_at', '<=', sql<Date>`now()`);
    }
    const [rows, count] = await Promise.all([
      query
        .select(COLUMNS)
        .select((eb) =>
          eb
            .selectFrom('system_notice_read as r')
            .whereRef('r.notice_id', '=', 'n.id')
            .select(eb.fn.countAll<string>().as('reads'))
            .as('reads'),
        )
        .orderBy('n.publish_at', 'desc')
        .orderBy('n.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** One notice, locked for a change in `trx`. */
  forUpdate(trx: MessageDb, id: number): Promise<NoticeDeskRow | undefined> {
    return trx
      .selectFrom('system_notice as n')
      .select(COLUMNS)
      .where('n.id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  insert(
    trx: MessageDb,
    v: {
      title: string;
      content: string;
      link: string;
      userId: number | null;
      publishAt: Date | null;
      by: number;
    },
  ) {
    return trx
      .insertInto('system_notice')
      .values({
        title: v.title,
        content: v.content,
        link: v.link,
        user_id: v.userId,
        created_by: v.by,
        ...(v.publishAt ? { publish_at: v.publishAt } : {}),
      })
      .returning(['id', 'publish_at'])
      .executeTakeFirstOrThrow();
  }

  async update(
    trx: MessageDb,
    id: number,
    v: {
      title: string;
      content: string;
      link: string;
      userId: number | null;
      publishAt: Date | null;
    },
  ) {
    await trx
      .updateTable('system_notice')
      .set({
        title: v.title,
        content: v.content,
        link: v.link,
        user_id: v.userId,
        publish_at: v.publishAt ?? sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async withdraw(trx: MessageDb, id: number) {
    await trx
      .updateTable('system_notice')
      .set({ withdrawn_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('withdrawn_at', 'is', null)
      .execute();
  }
}
