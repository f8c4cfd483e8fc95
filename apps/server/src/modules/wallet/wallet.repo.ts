import { type Insertable, type Selectable, sql } from 'kysely';
import { userReads } from '../user/index.ts';
import type { RedPacketTable, WalletDb } from './wallet.tables.ts';

export type RedPacketRow = Selectable<RedPacketTable>;
export type RedPacketTab = 'all' | 'unopened' | 'opened' | 'expired';

/** Red packets and the order numbers a bill shows (the bill itself is the ledger's read). */
export class WalletRepo {
  constructor(private readonly db: WalletDb) {}

  async issue(
    rows: readonly Insertable<RedPacketTable>[],
    db: WalletDb = this.db,
  ): Promise<number> {
    if (!rows.length) return 0;
    const r = await db
      .insertInto('red_packet')
      .values([...rows])
      .returning('id')
      .execute();
    return r.length;
  }

  /** A new-user packet unless the user already has one. */
  async issueOnce(row: Insertable<RedPacketTable>): Promise<void> {
    await sql`
      insert into red_packet (user_id, title, source, min_amount, max_amount, expires_at)
      values (${row.user_id}, ${row.title}, ${row.source}, ${row.min_amount}, ${row.max_amount},
        ${row.expires_at})
      on conflict (user_id) where source = 'newUser' do nothing`.execute(this.db);
  }

  private tab(userId: number, tab: RedPacketTab, now: Date) {
    const q = this.db
      .selectFrom('red_packet')
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null);
    if (tab === 'opened') return q.where('opened_at', 'is not', null);
    if (tab === 'unopened') return q.where('opened_at', 'is', null).where('expires_at', '>', now);
    if (tab === 'expired') return q.where('opened_at', 'is', null).where('expires_at', '<=', now);
    return q;
  }

  async page(userId: number, tab: RedPacketTab, limit: number, offset: number, now: Date) {
    const [rows, total, unopened] = await Promise.all([
      this.tab(userId, tab, now)
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.tab(userId, tab, now)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      this.tab(userId, 'unopened', now)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n), unopened: Number(unopened.n) };
  }

  countUnopened(userId: number, now: Date) {
    return this.tab(userId, 'unopened', now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }

  packet(userId: number, id: number, db: WalletDb = this.db): Promise<RedPacketRow | undefined> {
    return db
      .selectFrom('red_packet')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Fixes the amount of an unopened, unexpired packet; undefined when it is not one. */
  open(trx: WalletDb, userId: number, id: number, amount: number, now: Date) {
    return trx
      .updateTable('red_packet')
      .set({ amount, opened_at: now })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('opened_at', 'is', null)
      .where('deleted_at', 'is', null)
      .where('expires_at', '>', now)
      .where('min_amount', '<=', amount)
      .where('max_amount', '>=', amount)
      .returningAll()
      .executeTakeFirst();
  }

  /** 一键删除: hides the user's expired (never opened) packets. */
  async deleteExpired(userId: number, now: Date): Promise<number> {
    const r = await this.db
      .updateTable('red_packet')
      .set({ deleted_at: now })
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('opened_at', 'is', null)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  existingUsers(ids: readonly number[]): Promise<number[]> {
    return userReads.existingIds(this.db, ids);
  }

  /** Order numbers of ledger references: payments, submit groups, refunds, orders. */
  async orderNos(refs: {
    payments: string[];
    groups: string[];
    refunds: string[];
    orders: string[];
  }): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const [payments, groups, refunds, orders] = await Promise.all([
      refs.payments.length
        ? this.db
            .selectFrom('payment as p')
            .innerJoin('shop_order as o', (j) => j.on(sql<boolean>`o.id = (p.order_ids->>0)::int`))
            .select(['p.payment_no as ref', 'o.order_no'])
            .where('p.payment_no', 'in', refs.payments)
            .execute()
        : [],
      refs.groups.length
        ? this.db
            .selectFrom('order_group as g')
            .innerJoin('shop_order as o', 'o.group_id', 'g.id')
            .select(['g.group_no as ref', sql<string>`min(o.order_no)`.as('order_no')])
            .where('g.group_no', 'in', refs.groups)
            .groupBy('g.group_no')
            .execute()
        : [],
      refs.refunds.length
        ? this.db
            .selectFrom('refund')
            .select(['refund_no as ref', 'order_no'])
            .where('refund_no', 'in', refs.refunds)
            .execute()
        : [],
      refs.orders.length
        ? this.db
            .selectFrom('shop_order')
            .select(['order_no as ref', 'order_no'])
            .where('order_no', 'in', refs.orders)
            .execute()
        : [],
    ]);
    for (const r of [...payments, ...groups, ...refunds, ...orders]) out.set(r.ref, r.order_no);
    return out;
  }
}
