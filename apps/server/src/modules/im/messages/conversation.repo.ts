import { type RawBuilder, sql } from 'kysely';
import type { ImDb } from '../im.tables.ts';
import type { ConversationRow } from './message.repo.ts';

export interface PageRow extends ConversationRow {
  /** The last message's time: the list's order and the cursor. */
  last_ms: number;
}

/** The conversation list's pages and the @-tips mark (all SQL of the conversation list). */
export class ConversationRepo {
  constructor(private readonly db: ImDb) {}

  /**
   * Up to `limit` of the user's visible conversations after the cursor, in the list's order:
   * newest last message first, equal times by conversationID descending. "C" collation compares
   * bytes, the order the SDK's string comparison gives too, whatever the database's locale.
   *
   * Two ordered reads merged: C2C rows by their own index (user, last_ms, conversationID; a shop
   * account may have tens of thousands), other rows (groups, system) by im_seq.last_ms (a user is
   * in few groups, and a group message writes one time, not one per member).
   */
  async page(
    userId: string,
    after: { lastMs: number; conversationID: string } | undefined,
    limit: number,
  ): Promise<PageRow[]> {
    const before = (ms: RawBuilder<unknown>) =>
      after
        ? sql`and (${ms}, c.conversation_id collate "C") < (${after.lastMs}::bigint, ${after.conversationID} collate "C")`
        : sql``;
    const cols = sql`c.user_id, c.conv_key, c.conversation_id, c.start_seq, c.read_seq, c.read_ms,
        c.at_read_seq, s.last_seq`;
    const { rows } = await sql<Record<keyof PageRow | 'order_ms', string | number>>`
      select * from (
        (select ${cols}, c.last_ms as order_ms
        from im_conversation c
        join im_seq s on s.conv_key = c.conv_key
        where c.user_id = ${userId} and c.conversation_id like 'C2C%' and s.last_seq > c.start_seq
          ${before(sql`c.last_ms`)}
        order by c.last_ms desc, c.conversation_id collate "C" desc
        limit ${limit})
        union all
        (select ${cols}, s.last_ms as order_ms
        from im_conversation c
        join im_seq s on s.conv_key = c.conv_key
        where c.user_id = ${userId} and c.conversation_id not like 'C2C%' and s.last_seq > c.start_seq
          ${before(sql`s.last_ms`)}
        order by s.last_ms desc, c.conversation_id collate "C" desc
        limit ${limit})
      ) page
      order by order_ms desc, conversation_id collate "C" desc
      limit ${limit}`.execute(this.db);
    return rows.map((r) => ({
      user_id: String(r.user_id),
      conv_key: String(r.conv_key),
      conversation_id: String(r.conversation_id),
      start_seq: Number(r.start_seq),
      read_seq: Number(r.read_seq),
      read_ms: Number(r.read_ms),
      at_read_seq: Number(r.at_read_seq),
      last_seq: Number(r.last_seq),
      last_ms: Number(r.order_ms),
    }));
  }

  /**
   * Moves the @-tips mark of a visible conversation up to `upTo` (never past its last message,
   * never back). undefined when the user has no such visible conversation.
   */
  async markAtRead(userId: string, convKey: string, upTo?: number): Promise<number | undefined> {
    const target = upTo === undefined ? sql`s.last_seq` : sql`least(${upTo}::bigint, s.last_seq)`;
    const { rows } = await sql<{ at_read_seq: string | number }>`
      update im_conversation c set at_read_seq = greatest(c.at_read_seq, ${target})
      from im_seq s
      where s.conv_key = c.conv_key and c.user_id = ${userId} and c.conv_key = ${convKey}
        and s.last_seq > c.start_seq
      returning c.at_read_seq`.execute(this.db);
    return rows[0] ? Number(rows[0].at_read_seq) : undefined;
  }
}
