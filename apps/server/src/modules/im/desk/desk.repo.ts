import { sql } from 'kysely';
import type { DB, Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { storeReads } from '../../catalogue/index.ts';
import type { ImDb, ImDeskConversationTable, ImTables } from '../im.tables.ts';

export type DeskStatus = ImDeskConversationTable['status'];

export interface DeskRow {
  id: number;
  store_id: number;
  buyer_id: string;
  conv_key: string;
  status: DeskStatus;
  agent_id: number | null;
  waiting_since_ms: number | null;
  last_buyer_ms: number;
  last_buyer_type: string;
  last_buyer_text: string;
  last_reply_ms: number;
  closed_ms: number;
}

/** A row with what the desk's lists show beside it. */
export interface DeskListRow extends DeskRow {
  store_name: string | null;
  nick: string | null;
  avatar: string | null;
  unread: number;
}

const COLUMNS = [
  'd.id',
  'd.store_id',
  'd.buyer_id',
  'd.conv_key',
  'd.status',
  'd.agent_id',
  'd.waiting_since_ms',
  'd.last_buyer_ms',
  'd.last_buyer_type',
  'd.last_buyer_text',
  'd.last_reply_ms',
  'd.closed_ms',
] as const;

/** The 客服 desk's conversations (im_desk_conversation, migration 0052). */
export class DeskRepo {
  /** The im tables, what every query here may name. */
  readonly db: ImDb;
  /** The app's database, only to open a transaction: a desk move also records an audit row. */
  readonly #app: Db;

  constructor(app: Db) {
    this.db = narrowDb<ImTables, DB>(app);
    this.#app = app;
  }

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.#app.transaction().execute(work);
  }

  /**
   * An agent's message at `t` (as the store): the buyer is answered up to `t`. The state stays
   * (an assigned conversation stays with its agent); a conversation the desk never saw is left
   * alone. A buyer message after `t` already counted keeps it waiting from that message.
   */
  async storeReplied(storeId: number, buyerId: string, t: number, now: number): Promise<void> {
    await sql`
      update im_desk_conversation set
        last_reply_ms = greatest(last_reply_ms, ${t}::bigint),
        waiting_since_ms = case
          when waiting_since_ms is null or waiting_since_ms > ${t}::bigint then waiting_since_ms
          when last_buyer_ms > ${t}::bigint then last_buyer_ms
          else null end,
        updated_ms = ${now}
      where store_id = ${storeId} and buyer_id = ${buyerId}`.execute(this.db);
  }

  async byId(id: number, db: ImDb = this.db): Promise<DeskRow | undefined> {
    return db
      .selectFrom('im_desk_conversation as d')
      .select(COLUMNS)
      .where('d.id', '=', id)
      .executeTakeFirst();
  }

  async byPair(storeId: number, buyerId: string): Promise<DeskRow | undefined> {
    return this.db
      .selectFrom('im_desk_conversation as d')
      .select(COLUMNS)
      .where('d.store_id', '=', storeId)
      .where('d.buyer_id', '=', buyerId)
      .executeTakeFirst();
  }

  /**
   * Waiting conversations of `stores` (null = all), the longest-waiting first (answered ones,
   * which wait for nobody, after them).
   */
  async queue(stores: readonly number[] | null, offset: number, limit: number) {
    return this.list({ stores, status: 'waiting' }, offset, limit);
  }

  /** An agent's assigned conversations in `stores`, the latest activity first, with unread. */
  async mine(agentId: number, stores: readonly number[] | null, offset: number, limit: number) {
    return this.list({ stores, status: 'assigned', agentId }, offset, limit);
  }

  private async list(
    f: { stores: readonly number[] | null; status: DeskStatus; agentId?: number },
    offset: number,
    limit: number,
  ): Promise<{ rows: DeskListRow[]; total: number }> {
    if (f.stores?.length === 0) return { rows: [], total: 0 };
    let base = this.db.selectFrom('im_desk_conversation as d').where('d.status', '=', f.status);
    if (f.stores) base = base.where('d.store_id', 'in', [...f.stores]);
    if (f.agentId !== undefined) base = base.where('d.agent_id', '=', f.agentId);
    const page = base
      .leftJoin(storeReads.storeView(this.db).as('st'), 'st.id', 'd.store_id')
      .leftJoin('im_profile as p', 'p.user_id', 'd.buyer_id')
      .leftJoin('im_conversation as c', (j) =>
        j
          .onRef('c.conv_key', '=', 'd.conv_key')
          .on('c.user_id', '=', sql<string>`'store_' || d.store_id`),
      )
      .select(COLUMNS)
      .select(['st.name as store_name', 'p.nick', 'p.avatar'])
      .select(
        sql<number>`(select count(*) from im_message m
          where m.conv_key = d.conv_key and m.seq > greatest(c.read_seq, c.start_seq)
            and m.from_id = d.buyer_id and m.revoked_ms is null)`.as('unread'),
      );
    const [rows, count] = await Promise.all([
      (f.status === 'waiting'
        ? page
            .orderBy(sql`d.waiting_since_ms asc nulls last`)
            .orderBy('d.last_buyer_ms')
            .orderBy('d.id')
        : page.orderBy(sql`greatest(d.last_buyer_ms, d.last_reply_ms) desc`).orderBy('d.id', 'desc')
      )
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, unread: Number(r.unread ?? 0) })) as DeskListRow[],
      total: Number(count.n),
    };
  }

  /** Takes a waiting conversation; undefined when it was not waiting any more. */
  async claim(trx: ImDb, id: number, agentId: number, now: number): Promise<DeskRow | undefined> {
    return trx
      .updateTable('im_desk_conversation as d')
      .set({ status: 'assigned', agent_id: agentId, assigned_ms: now, updated_ms: now })
      .where('d.id', '=', id)
      .where('d.status', '=', 'waiting')
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  /**
   * Moves a conversation on from the state the caller saw (`seen`): undefined when someone else
   * changed it meanwhile.
   */
  async move(
    trx: ImDb,
    seen: Pick<DeskRow, 'id' | 'status' | 'agent_id'>,
    to: { status: DeskStatus; agentId: number | null },
    now: number,
  ): Promise<DeskRow | undefined> {
    return trx
      .updateTable('im_desk_conversation as d')
      .set({
        status: to.status,
        agent_id: to.agentId,
        ...(to.status === 'assigned' ? { assigned_ms: now } : {}),
        ...(to.status === 'closed' ? { closed_ms: now, waiting_since_ms: null } : {}),
        updated_ms: now,
      })
      .where('d.id', '=', seen.id)
      .where('d.status', '=', seen.status)
      .where(sql<boolean>`d.agent_id is not distinct from ${seen.agent_id}`)
      .returning(COLUMNS)
      .executeTakeFirst();
  }

  /** A chat account's nickname and avatar (im_profile). */
  async profile(userID: string): Promise<{ nick: string; avatar: string } | undefined> {
    return this.db
      .selectFrom('im_profile')
      .select(['nick', 'avatar'])
      .where('user_id', '=', userID)
      .executeTakeFirst();
  }
}
