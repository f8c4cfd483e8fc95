import { type Kysely, sql } from 'kysely';
import type { ImTables } from '../im.tables.ts';

/** A buyer's message to a store, as the desk and the auto replies record it. */
export interface BuyerMessageItem {
  storeId: number;
  buyerId: string;
  convKey: string;
  /** The message's time (epoch ms). */
  t: number;
  type: string;
  /** The desk's one-line preview. */
  text: string;
  /** The auto replies' clock (the greeting's time). */
  now: number;
}

export interface BuyerContact {
  /** This message claimed the conversation's greeting (exactly one message does). */
  greeted: boolean;
  /** The last away reply's time (0: never). */
  awayMs: number;
}

/**
 * The one statement per batch of buyer messages to stores (group-committed by DeskFlow): the desk's
 * upsert of each conversation and the greeting's claim (the insert of im_shop_contact, migration
 * 0022). A conversation appears once per statement: its messages in the batch are merged first
 * (earliest time for the waiting time, latest for the preview).
 *
 * The desk's rules, by time rather than statement order (so hooks that run out of order agree with
 * DeskRepo.storeReplied): a new conversation, or one closed before the message, becomes waiting
 * from it; an open one keeps its state and agent, and waits from the buyer's first message since
 * the store's last answer.
 */
export class BuyerMessageRepo {
  constructor(private readonly db: Kysely<ImTables>) {}

  async record(items: readonly BuyerMessageItem[]): Promise<BuyerContact[]> {
    if (!items.length) return [];
    const pairs = new Map<string, { first: number; row: BuyerMessageItem; tFirst: number }>();
    items.forEach((m, i) => {
      const key = `${m.storeId}\u0000${m.buyerId}`;
      const seen = pairs.get(key);
      if (!seen) pairs.set(key, { first: i, row: m, tFirst: m.t });
      else {
        seen.tFirst = Math.min(seen.tFirst, m.t);
        if (m.t >= seen.row.t) seen.row = m;
      }
    });
    const values = sql.join(
      [...pairs.values()].map(
        ({ row: m, tFirst }) =>
          sql`(${m.storeId}::int, ${m.buyerId}::varchar, ${m.convKey}::varchar, ${tFirst}::bigint,
            ${m.t}::bigint, ${m.type}::varchar, ${m.text}::varchar, ${m.now}::bigint)`,
      ),
    );
    // excluded.waiting_since_ms is the batch's first time, excluded.last_buyer_ms its last.
    const reopen = sql`(d.status = 'closed' and excluded.last_buyer_ms > d.closed_ms)`;
    const { rows } = await sql<{
      store_id: number;
      buyer_id: string;
      greeted: boolean;
      away_ms: number | null;
    }>`
      with i (store_id, buyer_id, conv_key, t_first, t_last, type, text, now) as (values ${values}),
      g as (
        insert into im_shop_contact (store_id, buyer_id, greeted_ms)
        select store_id, buyer_id, now from i order by store_id, buyer_id
        on conflict (store_id, buyer_id) do nothing
        returning store_id, buyer_id, away_ms
      ),
      q as (
        insert into im_desk_conversation as d (store_id, buyer_id, conv_key, status,
          waiting_since_ms, last_buyer_ms, last_buyer_type, last_buyer_text, updated_ms)
        select store_id, buyer_id, conv_key, 'waiting', t_first, t_last, type, text, now
        from i order by store_id, buyer_id
        on conflict (store_id, buyer_id) do update set
          status = case when ${reopen} then 'waiting' else d.status end,
          agent_id = case when ${reopen} then null else d.agent_id end,
          assigned_ms = case when ${reopen} then null else d.assigned_ms end,
          waiting_since_ms = case
            when ${reopen} then greatest(excluded.waiting_since_ms, d.closed_ms + 1)
            when d.status = 'closed' or excluded.last_buyer_ms <= d.last_reply_ms
              then d.waiting_since_ms
            when d.waiting_since_ms is null or d.waiting_since_ms <= d.last_reply_ms
              then greatest(excluded.waiting_since_ms, d.last_reply_ms + 1)
            else least(d.waiting_since_ms, excluded.waiting_since_ms) end,
          last_buyer_type = case when excluded.last_buyer_ms >= d.last_buyer_ms
            then excluded.last_buyer_type else d.last_buyer_type end,
          last_buyer_text = case when excluded.last_buyer_ms >= d.last_buyer_ms
            then excluded.last_buyer_text else d.last_buyer_text end,
          last_buyer_ms = greatest(d.last_buyer_ms, excluded.last_buyer_ms),
          updated_ms = excluded.updated_ms
        returning 1
      )
      select i.store_id, i.buyer_id,
        exists (select 1 from g where g.store_id = i.store_id and g.buyer_id = i.buyer_id) as greeted,
        coalesce(
          (select g.away_ms from g where g.store_id = i.store_id and g.buyer_id = i.buyer_id),
          (select c.away_ms from im_shop_contact c
            where c.store_id = i.store_id and c.buyer_id = i.buyer_id)) as away_ms
      from i`.execute(this.db);
    const byPair = new Map(rows.map((r) => [`${r.store_id}\u0000${r.buyer_id}`, r]));
    return items.map((m, i) => {
      const key = `${m.storeId}\u0000${m.buyerId}`;
      const r = byPair.get(key);
      // Of a conversation's messages in the batch, the first takes the greeting.
      return {
        greeted: r?.greeted === true && pairs.get(key)?.first === i,
        awayMs: Number(r?.away_ms ?? 0),
      };
    });
  }
}
