import { sql } from 'kysely';
import type { ImDb } from '../im.tables.ts';
import { type MessageRow, type NewMessage, normalize } from './message.repo.ts';

/** One message to store, with the conversation rows it opens and (C2C) whom it goes to. */
export interface SendItem {
  m: NewMessage;
  parties: ReadonlyArray<{ user: string; conversationID: string }>;
  /** C2C: stored only if this peer exists and has not blacklisted the sender (checked in the statement). */
  c2cTo?: string;
}

/**
 * Stores many messages in one statement (one round trip, one commit: the group commit behind the
 * C2C throughput). Per conversation, the sequence row is bumped once by the number of messages and
 * each message takes its place in submission order; sequence rows are locked in key order so two
 * concurrent batches never deadlock on them. A `random` the sender already used in that
 * conversation answers the stored message (a resend); a refused C2C message (unknown peer,
 * blacklisted) answers undefined. Callers must not put the same (conversation, sender, random)
 * twice into one batch.
 */
export class SendBatchRepo {
  constructor(private readonly db: ImDb) {}

  async insertMany(items: readonly SendItem[]): Promise<Array<MessageRow | undefined>> {
    if (!items.length) return [];
    const input = sql.join(
      items.map(
        ({ m, c2cTo }, i) =>
          sql`(${i}::int, ${m.conv_key}::varchar, ${m.conv_type}::varchar, ${m.from_id}::varchar,
            ${m.to_id}::varchar, ${m.random}::bigint, ${m.time_ms}::bigint, ${m.type}::varchar,
            ${JSON.stringify(m.payload)}::jsonb, ${m.nick}::varchar, ${m.avatar}::varchar,
            ${m.priority}::varchar, ${m.client_seq}::bigint, ${m.cloud_custom_data}::text,
            ${c2cTo ?? null}::varchar)`,
      ),
    );
    const parties = items.flatMap(({ m, parties }) =>
      parties.map(
        (p) => sql`(${m.conv_key}::varchar, ${p.user}::varchar, ${p.conversationID}::varchar)`,
      ),
    );
    // Conversation rows only for conversations whose message was stored; reading `m` also makes
    // the sequence rows lock first, in key order, before any conversation row is inserted.
    // C2C rows also carry the conversation's last message time (the list's index order); a lane
    // never has two batches in flight, so no two statements update the same rows at once.
    const convs = parties.length
      ? sql`, c as (
          insert into im_conversation (user_id, conv_key, conversation_id, last_ms)
          select distinct v.u, v.k, v.cid, n.last_ms
          from (values ${sql.join(parties)}) as v(k, u, cid)
          join n on n.conv_key = v.k
          where v.k in (select conv_key from m)
          order by 1, 2
          on conflict (user_id, conv_key) do update set last_ms = excluded.last_ms
        )`
      : sql``;
    const { rows } = await sql<Record<string, unknown> & { idx: number }>`
      with i (idx, conv_key, conv_type, from_id, to_id, random, time_ms, type, payload, nick, avatar,
               priority, client_seq, cloud_custom_data, c2c_to) as (values ${input}),
      dup as (
        select i.idx, m.* from i
        join im_message m on m.conv_key = i.conv_key and m.from_id = i.from_id and m.random = i.random
      ),
      ok as (
        select i.*, row_number() over (partition by i.conv_key order by i.idx) as rn from i
        where not exists (select 1 from dup where dup.idx = i.idx)
          and (i.c2c_to is null or (
            exists (select 1 from im_profile p where p.user_id = i.c2c_to)
            and (i.c2c_to = i.from_id or not exists (
              select 1 from im_blacklist b where b.user_id = i.c2c_to and b.blocked_id = i.from_id))))
      ),
      n as (
        select conv_key, count(*)::bigint as n, (array_agg(time_ms order by idx desc))[1] as last_ms
        from ok group by conv_key
      ),
      s as (
        insert into im_seq (conv_key, last_seq, last_ms)
        select conv_key, n, last_ms from n order by conv_key
        on conflict (conv_key) do update
          set last_seq = im_seq.last_seq + excluded.last_seq, last_ms = excluded.last_ms
        returning conv_key, last_seq
      ),
      m as (
        insert into im_message (conv_key, seq, msg_id, conv_type, from_id, to_id, random, time_ms, type,
          payload, nick, avatar, priority, client_seq, cloud_custom_data, revoked_ms)
        select ok.conv_key, s.last_seq - n.n + ok.rn, ok.conv_key || '#' || (s.last_seq - n.n + ok.rn),
          ok.conv_type, ok.from_id, ok.to_id, ok.random, ok.time_ms, ok.type, ok.payload,
          coalesce(p.nick, ok.nick), coalesce(p.avatar, ok.avatar), ok.priority, ok.client_seq,
          ok.cloud_custom_data, null
        from ok
        join n on n.conv_key = ok.conv_key
        join s on s.conv_key = ok.conv_key
        left join im_profile p on p.user_id = ok.from_id
        order by ok.conv_key, ok.rn
        on conflict do nothing
        returning *
      )${convs}
      select i.idx, m.* from m join i on i.conv_key = m.conv_key and i.from_id = m.from_id and i.random = m.random
      union all
      select * from dup
    `.execute(this.db);
    const out: Array<MessageRow | undefined> = new Array(items.length).fill(undefined);
    for (const { idx, ...row } of rows) out[Number(idx)] = normalize(row as unknown as MessageRow);
    return out;
  }
}
