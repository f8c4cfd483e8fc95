import { type ExpressionBuilder, sql } from 'kysely';
import type { MessageDb, MessageTables } from './message.tables.ts';
import type { OrderMessageDraft } from './message-texts.ts';

/** Whose messages: the user and when they joined (broadcasts older than that are not theirs). */
export interface Reader {
  userId: number;
  joinedAt: Date;
}

export interface MessageRow {
  id: number;
  title: string;
  content: string;
  link: string;
  order_no: string;
  image: string | null;
  read: boolean;
  created_at: Date;
}

/** The notices a reader sees: their own, and broadcasts since they joined (or meant for all). */
function visibleTo(reader: Reader) {
  return (eb: ExpressionBuilder<MessageTables, 'system_notice'>) =>
    eb.and([
      eb('system_notice.publish_at', '<=', sql<Date>`now()`),
      eb('system_notice.withdrawn_at', 'is', null),
      eb.or([
        eb('system_notice.user_id', '=', reader.userId),
        eb.and([
          eb('system_notice.user_id', 'is', null),
          eb.or([
            eb('system_notice.publish_at', '>=', reader.joinedAt),
            eb('system_notice.for_new_users', '=', true),
          ]),
        ]),
      ]),
    ]);
}

/** SQL for notices, read marks and order messages. Every read is scoped to its reader. */
export class MessageRepo {
  constructor(readonly db: MessageDb) {}

  /** Writes the message unless the same (user, kind, ref) exists; true when written. */
  async insertOrderMessage(trx: MessageDb, d: OrderMessageDraft): Promise<boolean> {
    const row = await trx
      .insertInto('order_message')
      .values({
        user_id: d.userId,
        kind: d.kind,
        ref: d.ref,
        order_no: d.orderNo,
        title: d.title,
        content: d.content,
      })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  insertNotice(
    values: { title: string; content: string; link: string; userId: number | null },
    db: MessageDb = this.db,
  ) {
    return db
      .insertInto('system_notice')
      .values({
        title: values.title,
        content: values.content,
        link: values.link,
        user_id: values.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  private noticesOf(reader: Reader) {
    return this.db
      .selectFrom('system_notice')
      .leftJoin('system_notice_read as r', (j) =>
        j.onRef('r.notice_id', '=', 'system_notice.id').on('r.user_id', '=', reader.userId),
      )
      .where(visibleTo(reader));
  }

  async noticePage(reader: Reader, limit: number, offset: number) {
    const [count, rows] = await Promise.all([
      this.noticesOf(reader)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      this.noticeRows(reader).limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count.n), rows };
  }

  private noticeRows(reader: Reader) {
    return this.noticesOf(reader)
      .select([
        'system_notice.id',
        'system_notice.title',
        'system_notice.content',
        'system_notice.link',
        sql<string>`''`.as('order_no'),
        sql<string | null>`null`.as('image'),
        sql<boolean>`r.notice_id is not null`.as('read'),
        // A scheduled notice is dated when it went out.
        'system_notice.publish_at as created_at',
      ])
      .orderBy('system_notice.publish_at', 'desc')
      .orderBy('system_notice.id', 'desc');
  }

  notice(reader: Reader, id: number): Promise<MessageRow | undefined> {
    return this.noticeRows(reader).where('system_notice.id', '=', id).executeTakeFirst();
  }

  async unreadNotices(reader: Reader): Promise<number> {
    const row = await this.noticesOf(reader)
      .where('r.notice_id', 'is', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the reader's visible notices read (only `ids` when given); answers how many were new. */
  async markNoticesRead(reader: Reader, ids?: number[]): Promise<number> {
    let source = this.db
      .selectFrom('system_notice')
      .where(visibleTo(reader))
      .select((eb) => [eb.val(reader.userId).as('user_id'), 'system_notice.id as notice_id']);
    if (ids) source = source.where('system_notice.id', 'in', ids);
    const rows = await this.db
      .insertInto('system_notice_read')
      .columns(['user_id', 'notice_id'])
      .expression(source)
      .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
      .returning('notice_id')
      .execute();
    return rows.length;
  }

  private orderRows(userId: number) {
    return this.db
      .selectFrom('order_message')
      .where('user_id', '=', userId)
      .select([
        'id',
        'title',
        'content',
        sql<string>`''`.as('link'),
        'order_no',
        'image',
        sql<boolean>`read_at is not null`.as('read'),
        'created_at',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  }

  async orderPage(userId: number, limit: number, offset: number) {
    const [count, rows] = await Promise.all([
      this.db
        .selectFrom('order_message')
        .where('user_id', '=', userId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
      this.orderRows(userId).limit(limit).offset(offset).execute(),
    ]);
    return { total: Number(count.n), rows };
  }

  /** The user's messages about one order, oldest first (the console's order page). */
  ofOrder(userId: number, orderNo: string) {
    return this.db
      .selectFrom('order_message')
      .select([
        'kind',
        'title',
        'content',
        'created_at',
        sql<boolean>`read_at is not null`.as('read'),
      ])
      .where('user_id', '=', userId)
      .where('order_no', '=', orderNo)
      .orderBy('id')
      .execute();
  }

  orderMessage(userId: number, id: number): Promise<MessageRow | undefined> {
    return this.orderRows(userId).where('id', '=', id).executeTakeFirst();
  }

  async unreadOrderMessages(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('order_message')
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async markOrderMessagesRead(userId: number, ids?: number[]): Promise<number> {
    let q = this.db
      .updateTable('order_message')
      .set({ read_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null);
    if (ids) q = q.where('id', 'in', ids);
    const rows = await q.returning('id').execute();
    return rows.length;
  }

  /** Remembers a looked-up goods image ('' when the order has none to show). */
  async setImage(userId: number, id: number, image: string): Promise<void> {
    await this.db
      .updateTable('order_message')
      .set({ image })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }
}
