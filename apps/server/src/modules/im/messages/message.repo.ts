import { sql, type Transaction } from 'kysely';
import type { DB, Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { ImDb, ImMessageTable, ImTables } from '../im.tables.ts';
import { ConversationRepo } from './conversation.repo.ts';

/** A transaction (by contract: the row locks these methods take last until it ends), narrowed. */
type Trx = ImDb;
export type MessageRow = Omit<ImMessageTable, 'payload'> & { payload: Record<string, unknown> };
export interface NewMessage extends Omit<MessageRow, 'seq' | 'msg_id' | 'revoked_ms'> {}

export interface ConversationRow {
  user_id: string;
  conv_key: string;
  conversation_id: string;
  start_seq: number;
  read_seq: number;
  read_ms: number;
  /** deleteGroupAtTips: @-mentions at or below it are no longer tips. */
  at_read_seq: number;
  last_seq: number;
}

/** Messages, per-conversation sequences and per-user conversation state (all SQL of the messages). */
export class MessageRepo {
  /** The conversation list's pages and @-tips mark. */
  readonly lists: ConversationRepo;

  /** The im tables, what every query here may name. */
  private readonly db: ImDb;
  /** The app's database, only to open a transaction: a message's unit of work may span modules. */
  readonly #app: Db;

  constructor(app: Db) {
    this.db = narrowDb<ImTables, DB>(app);
    this.#app = app;
    this.lists = new ConversationRepo(this.db);
  }

  transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.#app.transaction().execute(fn);
  }

  /**
   * The next sequence of a conversation. The row lock taken here is held until the transaction
   * ends, so sequences are committed in order on every node and never collide.
   */
  async nextSeq(trx: Trx, convKey: string, timeMs: number): Promise<number> {
    const row = await trx
      .insertInto('im_seq')
      .values({ conv_key: convKey, last_seq: 1, last_ms: timeMs })
      .onConflict((oc) =>
        oc.column('conv_key').doUpdateSet({ last_seq: sql`im_seq.last_seq + 1`, last_ms: timeMs }),
      )
      .returning('last_seq')
      .executeTakeFirstOrThrow();
    return Number(row.last_seq);
  }

  async lastSeq(db: ImDb | Trx, convKey: string): Promise<number> {
    const row = await db
      .selectFrom('im_seq')
      .select('last_seq')
      .where('conv_key', '=', convKey)
      .executeTakeFirst();
    return row ? Number(row.last_seq) : 0;
  }

  /** Inserts at `seq`; undefined when the sender already sent this `random` here (a resend). */
  async insert(
    trx: Trx,
    m: NewMessage,
    seq: number,
    msgId: string,
  ): Promise<MessageRow | undefined> {
    const row = await trx
      .insertInto('im_message')
      .values({ ...m, seq, msg_id: msgId, payload: JSON.stringify(m.payload), revoked_ms: null })
      .onConflict((oc) => oc.columns(['conv_key', 'from_id', 'random']).doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? normalize(row) : undefined;
  }

  async findByRandom(convKey: string, from: string, random: number) {
    const row = await this.db
      .selectFrom('im_message')
      .selectAll()
      .where('conv_key', '=', convKey)
      .where('from_id', '=', from)
      .where('random', '=', random)
      .executeTakeFirst();
    return row && normalize(row);
  }

  async find(convKey: string, seq: number) {
    const row = await this.db
      .selectFrom('im_message')
      .selectAll()
      .where('conv_key', '=', convKey)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row && normalize(row);
  }

  async seqOfId(msgId: string): Promise<{ conv_key: string; seq: number } | undefined> {
    const row = await this.db
      .selectFrom('im_message')
      .select(['conv_key', 'seq'])
      .where('msg_id', '=', msgId)
      .executeTakeFirst();
    return row && { conv_key: row.conv_key, seq: Number(row.seq) };
  }

  /** Marks revoked once; undefined when it was already revoked. */
  async revoke(convKey: string, seq: number, now: number) {
    const row = await this.db
      .updateTable('im_message')
      .set({ revoked_ms: now })
      .where('conv_key', '=', convKey)
      .where('seq', '=', seq)
      .where('revoked_ms', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row && normalize(row);
  }

  /** Newest first below `beforeSeq`, or oldest first above `after`; never before `startSeq`. */
  async history(key: string, startSeq: number, beforeSeq: number, count: number, after?: number) {
    const rows = await this.db
      .selectFrom('im_message')
      .selectAll()
      .where('conv_key', '=', key)
      .where('seq', '>', Math.max(startSeq, after ?? 0))
      .where('seq', '<', beforeSeq)
      .orderBy('seq', after === undefined ? 'desc' : 'asc')
      .limit(count)
      .execute();
    return rows.map(normalize);
  }

  async ensureConversation(
    trx: Trx | ImDb,
    userId: string,
    convKey: string,
    conversationID: string,
    startSeq = 0,
  ) {
    await trx
      .insertInto('im_conversation')
      .values({
        user_id: userId,
        conv_key: convKey,
        conversation_id: conversationID,
        start_seq: startSeq,
        read_seq: startSeq,
      })
      .onConflict((oc) => oc.columns(['user_id', 'conv_key']).doNothing())
      .execute();
  }

  async removeConversation(userId: string, convKey: string, trx: Trx | ImDb = this.db) {
    await trx
      .deleteFrom('im_conversation')
      .where('user_id', '=', userId)
      .where('conv_key', '=', convKey)
      .execute();
  }

  /** Hides everything so far from this user (the conversation comes back with the next message). */
  async hideConversation(userId: string, convKey: string) {
    const r = await this.db
      .updateTable('im_conversation')
      .set({
        start_seq: sql`coalesce((select last_seq from im_seq where conv_key = ${convKey}), 0)`,
        read_seq: sql`coalesce((select last_seq from im_seq where conv_key = ${convKey}), 0)`,
      })
      .where('user_id', '=', userId)
      .where('conv_key', '=', convKey)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The user's visible conversations (something after their start), with the shared last sequence. */
  async conversations(userId: string, convKey?: string): Promise<ConversationRow[]> {
    let q = this.db
      .selectFrom('im_conversation as c')
      .innerJoin('im_seq as s', 's.conv_key', 'c.conv_key')
      .select([
        'c.user_id',
        'c.conv_key',
        'c.conversation_id',
        'c.start_seq',
        'c.read_seq',
        'c.read_ms',
        'c.at_read_seq',
        's.last_seq',
      ])
      .where('c.user_id', '=', userId)
      .whereRef('s.last_seq', '>', 'c.start_seq');
    if (convKey) q = q.where('c.conv_key', '=', convKey);
    const rows = await q.execute();
    return rows.map((r) => ({
      ...r,
      start_seq: Number(r.start_seq),
      read_seq: Number(r.read_seq),
      read_ms: Number(r.read_ms),
      at_read_seq: Number(r.at_read_seq),
      last_seq: Number(r.last_seq),
    }));
  }

  async conversationRow(userId: string, convKey: string) {
    return this.db
      .selectFrom('im_conversation')
      .selectAll()
      .where('user_id', '=', userId)
      .where('conv_key', '=', convKey)
      .executeTakeFirst();
  }

  async messagesAt(keys: Array<{ key: string; seq: number }>) {
    if (!keys.length) return [];
    const rows = await this.db
      .selectFrom('im_message')
      .selectAll()
      .where((eb) =>
        eb.or(keys.map((k) => eb.and([eb('conv_key', '=', k.key), eb('seq', '=', k.seq)]))),
      )
      .execute();
    return rows.map(normalize);
  }

  /**
   * Unread group texts that @-mention someone (the caller picks those naming this user or
   * everyone), only within the bounds read with the conversation rows, as for unreadCounts: after
   * the read, start and @-tips marks, up to the snapshot's last sequence. Unbounded, a message
   * committing between the two reads showed up here and again when its push arrived.
   */
  async unreadMentions(
    userId: string,
    bounds: ReadonlyArray<{ key: string; after: number; upTo: number }>,
  ) {
    if (!bounds.length) return [];
    const values = sql.join(
      bounds.map((b) => sql`(${b.key}, ${b.after}::bigint, ${b.upTo}::bigint)`),
    );
    const { rows } = await sql<{
      conv_key: string;
      seq: number | string;
      from_id: string;
      to_id: string;
      payload: unknown;
    }>`
      select m.conv_key, m.seq, m.from_id, m.to_id, m.payload
      from (values ${values}) as b(conv_key, after_seq, up_to_seq)
      join im_message m on m.conv_key = b.conv_key
      where m.seq > b.after_seq and m.seq <= b.up_to_seq
        and m.conv_type = 'GROUP'
        and m.from_id <> ${userId}
        and m.revoked_ms is null
        and m.payload ? 'atUserList'
      order by m.conv_key, m.seq`.execute(this.db);
    return rows.map((r) => ({
      conv_key: r.conv_key,
      seq: Number(r.seq),
      from: r.from_id,
      groupID: r.to_id,
      atUserList:
        (
          (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as {
            atUserList?: string[];
          }
        ).atUserList ?? [],
    }));
  }

  /**
   * Unread per conversation: others' messages after the read mark, not revoked, not tips, counted
   * only within the bounds the caller read with the conversation rows. On PostgreSQL a message can
   * commit between that read and this count; counting it here while the snapshot's last sequence
   * stops before it made the client count it twice (once here, once when its push arrives).
   */
  async unreadCounts(
    userId: string,
    bounds: ReadonlyArray<{ key: string; after: number; upTo: number }>,
  ): Promise<Map<string, number>> {
    if (!bounds.length) return new Map();
    const values = sql.join(
      bounds.map((b) => sql`(${b.key}, ${b.after}::bigint, ${b.upTo}::bigint)`),
    );
    const { rows } = await sql<{ conv_key: string; n: number }>`
      select b.conv_key, count(*) as n
      from (values ${values}) as b(conv_key, after_seq, up_to_seq)
      join im_message m on m.conv_key = b.conv_key
      where m.seq > b.after_seq and m.seq <= b.up_to_seq
        and m.from_id <> ${userId}
        and m.revoked_ms is null
        and m.type <> 'TIMGroupTipElem'
      group by b.conv_key`.execute(this.db);
    return new Map(rows.map((r) => [r.conv_key, Number(r.n)]));
  }

  async markRead(userId: string, convKey: string, seq: number, readMs: number) {
    await this.db
      .updateTable('im_conversation')
      .set({
        read_seq: sql`greatest(read_seq, ${seq})`,
        read_ms: sql`greatest(read_ms, ${readMs})`,
      })
      .where('user_id', '=', userId)
      .where('conv_key', '=', convKey)
      .execute();
  }

  async readMs(userIds: string[], convKeyOf: (u: string) => string): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.db
      .selectFrom('im_conversation')
      .select(['user_id', 'conv_key', 'read_ms'])
      .where((eb) =>
        eb.or(
          userIds.map((u) => eb.and([eb('user_id', '=', u), eb('conv_key', '=', convKeyOf(u))])),
        ),
      )
      .execute();
    return new Map(rows.map((r) => [r.user_id, Number(r.read_ms)]));
  }

  /** Other parties' read marks on shared conversations (the peer read time of C2C). */
  async peerReads(me: string, keys: string[]): Promise<Map<string, number>> {
    if (!keys.length) return new Map();
    const rows = await this.db
      .selectFrom('im_conversation')
      .select(['conv_key', 'read_ms'])
      .where('conv_key', 'in', keys)
      .where('user_id', '<>', me)
      .execute();
    return new Map(rows.map((r) => [r.conv_key, Number(r.read_ms)]));
  }

  /** What a reconnecting client missed: messages after what it knows, per conversation. */
  async missed(userId: string, known: Record<string, number>, limit: number) {
    const rows = await this.db
      .selectFrom('im_conversation as c')
      .innerJoin('im_message as m', 'm.conv_key', 'c.conv_key')
      .selectAll('m')
      .select('c.conversation_id')
      .where('c.user_id', '=', userId)
      .where(
        'm.seq',
        '>',
        sql<number>`greatest(c.start_seq, coalesce((${JSON.stringify(known)}::jsonb ->> c.conversation_id)::bigint, c.start_seq))`,
      )
      .orderBy('m.conv_key')
      .orderBy('m.seq')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...normalize(r), conversation_id: r.conversation_id }));
  }

  async revokedSince(userId: string, since: number) {
    const rows = await this.db
      .selectFrom('im_conversation as c')
      .innerJoin('im_message as m', 'm.conv_key', 'c.conv_key')
      .select(['m.conv_key', 'm.seq', 'm.msg_id', 'c.conversation_id'])
      .where('c.user_id', '=', userId)
      .where('m.revoked_ms', '>=', since)
      .execute();
    return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
  }
}

export function normalize<
  T extends {
    seq: number | string;
    random: number | string;
    time_ms: number | string;
    client_seq: number | string;
    revoked_ms: number | string | null;
    payload: unknown;
  },
>(r: T): T & MessageRow {
  return {
    ...r,
    seq: Number(r.seq),
    random: Number(r.random),
    time_ms: Number(r.time_ms),
    client_seq: Number(r.client_seq),
    revoked_ms: r.revoked_ms === null ? null : Number(r.revoked_ms),
    payload: (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Record<
      string,
      unknown
    >,
  } as T & MessageRow;
}
