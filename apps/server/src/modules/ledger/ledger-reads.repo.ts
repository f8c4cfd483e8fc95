import { sql } from 'kysely';
import { narrowDb } from '../../platform/db.ts';
import type { LedgerDb, LedgerTables, WithLedger } from './ledger.tables.ts';

/** The user accounts a bill can list (an account's code is `<kind>:<user id>`). */
export type BillAccountKind = 'wallet' | 'redpacket' | 'points';

export interface LedgerBillFilter {
  userId: number;
  /** The user's accounts whose entries the bill lists. */
  accounts: readonly BillAccountKind[];
  /** Ledger transaction kinds to keep, or to leave out (`exclude`). */
  txnKinds?: { include: readonly string[] } | { exclude: readonly string[] };
  from?: Date;
  to?: Date;
}

/** One entry of a bill, newest first. */
export interface LedgerBillRow {
  id: number;
  amount: number;
  created_at: Date;
  txn_kind: string;
  ref: string;
  memo: string;
  account_kind: string;
}

export interface LedgerBillPage {
  rows: LedgerBillRow[];
  total: number;
  /** Sum of the entries that raised a balance, and of those that lowered it (positive). */
  income: number;
  expense: number;
}

/** What is left, by user, of the points earned before a cut (see `pointsLeft`). */
export interface PointsLeftRow {
  user_id: number;
  account_id: number;
  left: number;
}

/** One posting and its entries (amounts in the account's unit: fen, or points). */
export interface LedgerPosting {
  id: number;
  kind: string;
  ref: string;
  memo: string;
  createdAt: Date;
  entries: { account: string; accountKind: string; amount: number }[];
}

/**
 * The ledger's read queries for the pages other modules show: bills (我的资产, 积分明细), whether a
 * keyed posting exists, and the points lots left before an expiry cut. Read-only: every change of
 * a balance goes through `Ledger.post`.
 */
export class LedgerReads {
  constructor(private readonly db: LedgerDb) {}

  private on<T extends LedgerTables>(db: WithLedger<T> | undefined): LedgerDb {
    return db ? narrowDb<LedgerTables, T>(db) : this.db;
  }

  private bill(f: LedgerBillFilter) {
    let q = this.db
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_txn as t', 't.id', 'e.txn_id')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .where(
        'a.code',
        'in',
        f.accounts.map((kind) => `${kind}:${f.userId}`),
      );
    const k = f.txnKinds;
    if (k && 'include' in k) q = q.where('t.kind', 'in', [...k.include]);
    if (k && 'exclude' in k) q = q.where('t.kind', 'not in', [...k.exclude]);
    if (f.from) q = q.where('e.created_at', '>=', f.from);
    if (f.to) q = q.where('e.created_at', '<', f.to);
    return q;
  }

  /** A page of a user's bill over the given accounts, with the count and sums of all its rows. */
  async billPage(f: LedgerBillFilter, limit: number, offset: number): Promise<LedgerBillPage> {
    const [rows, sums] = await Promise.all([
      this.bill(f)
        .select([
          'e.id',
          'e.amount',
          'e.created_at',
          't.kind as txn_kind',
          't.ref',
          't.memo',
          'a.kind as account_kind',
        ])
        .orderBy('e.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.bill(f)
        .select([
          (eb) => eb.fn.countAll<number>().as('n'),
          sql<number>`coalesce(sum(e.amount) filter (where e.amount > 0), 0)`.as('income'),
          sql<number>`coalesce(-sum(e.amount) filter (where e.amount < 0), 0)`.as('expense'),
        ])
        .executeTakeFirstOrThrow(),
    ]);
    return {
      rows: rows.map((r) => ({ ...r, amount: Number(r.amount) })),
      total: Number(sums.n),
      income: Number(sums.income),
      expense: Number(sums.expense),
    };
  }

  /**
   * The postings keyed by any of these kinds and refs, oldest first, each with its entries and
   * their accounts (an order's page lists what moved for it). Looked up through the (kind, ref)
   * key, so `kinds` must name every kind wanted.
   */
  async postings(kinds: readonly string[], refs: readonly string[]): Promise<LedgerPosting[]> {
    if (!kinds.length || !refs.length) return [];
    const rows = await this.db
      .selectFrom('ledger_txn as t')
      .innerJoin('ledger_entry as e', 'e.txn_id', 't.id')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .select([
        't.id',
        't.kind',
        't.ref',
        't.memo',
        't.created_at',
        'a.code',
        'a.kind as account_kind',
        'e.amount',
      ])
      .where('t.kind', 'in', [...kinds])
      .where('t.ref', 'in', [...refs])
      .orderBy('t.id')
      .orderBy('e.id')
      .execute();
    const byId = new Map<number, LedgerPosting>();
    for (const r of rows) {
      let p = byId.get(r.id);
      if (!p) {
        p = {
          id: r.id,
          kind: r.kind,
          ref: r.ref,
          memo: r.memo,
          createdAt: r.created_at,
          entries: [],
        };
        byId.set(r.id, p);
      }
      p.entries.push({ account: r.code, accountKind: r.account_kind, amount: Number(r.amount) });
    }
    return [...byId.values()];
  }

  /** Whether the posting keyed (kind, ref) exists (a task done once: today's share). */
  async posted<T extends LedgerTables>(
    kind: string,
    ref: string,
    db?: WithLedger<T>,
  ): Promise<boolean> {
    const row = await this.on(db)
      .selectFrom('ledger_txn')
      .select('id')
      .where('kind', '=', kind)
      .where('ref', '=', ref)
      .executeTakeFirst();
    return Boolean(row);
  }

  /**
   * The key and amount of a user's entry on one account from the posting of `txnKind` whose memo
   * is `memo` (undefined: none). Read through the user's own entries (indexed by account), not a
   * scan of every user's postings of that kind.
   */
  entryByMemo<T extends LedgerTables>(
    db: WithLedger<T>,
    q: { userId: number; account: BillAccountKind; txnKind: string; memo: string },
  ) {
    return this.on(db)
      .selectFrom('ledger_entry as e')
      .innerJoin('ledger_account as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_txn as t', 't.id', 'e.txn_id')
      .select(['t.ref', 'e.amount'])
      .where('a.code', '=', `${q.account}:${q.userId}`)
      .where('t.kind', '=', q.txnKind)
      .where('t.memo', '=', q.memo)
      .executeTakeFirst();
  }

  /**
   * What is left, oldest lots spent first, of the points each user earned before `cut`:
   * earned before the cut − everything spent (net of returns), at most the balance. Postings of
   * `returnKinds` give back points spent earlier: they restore the lots the spend took and do
   * not start a lot of their own. A query to select from (`.as('l')`) or to narrow further.
   */
  pointsLeft<T extends LedgerTables>(
    cut: Date,
    returnKinds: readonly string[],
    db?: WithLedger<T>,
  ) {
    const returns = sql.join(returnKinds.map((k) => sql.lit(k)));
    return this.on(db)
      .selectFrom('ledger_account as a')
      .innerJoin('ledger_entry as e', 'e.account_id', 'a.id')
      .innerJoin('ledger_txn as t', 't.id', 'e.txn_id')
      .where('a.kind', '=', 'points')
      .where('a.balance', '>', 0)
      .groupBy(['a.id', 'a.user_id', 'a.balance'])
      .select([
        sql<number>`a.user_id`.as('user_id'),
        sql<number>`a.id`.as('account_id'),
        sql<number>`least(a.balance,
          coalesce(sum(e.amount) filter (where e.amount > 0 and t.kind not in (${returns})
            and e.created_at < ${cut}), 0)
          + coalesce(sum(e.amount) filter (where e.amount < 0), 0)
          + coalesce(sum(e.amount) filter (where e.amount > 0 and t.kind in (${returns})), 0)
        )::int`.as('left'),
      ]);
  }

  /**
   * Users whose points lots before `cut` still hold points, unless a posting of `unposted.kind`
   * keyed `<user id><unposted.refSuffix>` exists (the expiry already taken), by account.
   */
  async duePointsLeft<T extends LedgerTables>(
    db: WithLedger<T>,
    q: {
      cut: Date;
      returnKinds: readonly string[];
      unposted: { kind: string; refSuffix: string };
      limit: number;
    },
  ): Promise<PointsLeftRow[]> {
    const rows = await this.on(db)
      .selectFrom(this.pointsLeft(q.cut, q.returnKinds, db).as('l'))
      .selectAll()
      .where('l.left', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ledger_txn as x')
              .select('x.id')
              .where('x.kind', '=', q.unposted.kind)
              .whereRef(
                'x.ref',
                '=',
                sql<string>`l.user_id::text || ${q.unposted.refSuffix}::text`,
              ),
          ),
        ),
      )
      .orderBy('l.account_id')
      .limit(q.limit)
      .execute();
    return rows.map((r) => ({ ...r, left: Number(r.left) }));
  }

  /** One account's points left of the lots before `cut`, read after locking the account. */
  async pointsLeftOf<T extends LedgerTables>(
    trx: WithLedger<T>,
    accountId: number,
    cut: Date,
    returnKinds: readonly string[],
  ): Promise<number> {
    const db = this.on(trx);
    await db
      .selectFrom('ledger_account')
      .select('id')
      .where('id', '=', accountId)
      .forUpdate()
      .execute();
    const row = await this.pointsLeft(cut, returnKinds, db)
      .where('a.id', '=', accountId)
      .executeTakeFirst();
    return Math.max(0, Number(row?.left ?? 0));
  }
}
