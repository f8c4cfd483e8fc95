import { sql } from 'kysely';
import type { Db } from '../../../database.ts';
import { AppError } from '../../../platform/errors.ts';

export interface LedgerEntryInput {
  accountId: number;
  /** Signed fen: positive raises the account's balance, negative lowers it. */
  amount: number;
  /**
   * This entry may take a guarded account below zero: only a refund's reversal of a reward already
   * paid out or spent does (a promoter's commission, a first-order points bonus): a debt, repaid
   * by later earnings, never capped.
   */
  mayGoNegative?: boolean;
}

/** Accounts whose balance is guarded at zero (unless an entry says it may go below). */
const GUARDED: AccountKind[] = ['wallet', 'redpacket', 'commission', 'points'];

type AccountKind =
  | 'wallet'
  | 'merchant'
  | 'gateway'
  | 'earning'
  | 'revenue'
  | 'redpacket'
  | 'clearing'
  | 'commission'
  | 'points';

/**
 * The double-entry ledger: every movement of money is one transaction whose entries sum to
 * zero. A wallet is a user's money held by the platform, a merchant account what a store is
 * owed, a gateway account the clearing account of a payment channel, a red-packet account a
 * user's opened red packets not yet spent, a clearing account money in transit (red packets held
 * by unpaid orders). Balances are updated compare-and-set in the same statement, so a wallet or a
 * red-packet account can never go below zero.
 */
export class Ledger {
  constructor(private readonly db: Db) {}

  private async account(
    db: Db,
    code: string,
    kind: AccountKind,
    userId: number | null,
  ): Promise<number> {
    const created = await db
      .insertInto('ledger_account')
      .values({ code, kind, user_id: userId })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) return created.id;
    const row = await db
      .selectFrom('ledger_account')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  wallet(db: Db, userId: number) {
    return this.account(db, `wallet:${userId}`, 'wallet', userId);
  }

  merchant(db: Db, storeId: number) {
    return this.account(db, `store:${storeId}`, 'merchant', null);
  }

  gateway(db: Db, channel: string) {
    return this.account(db, `gateway:${channel}`, 'gateway', null);
  }

  /** What a user has earned (a live host's gift share), kept apart from the wallet. */
  earning(db: Db, userId: number) {
    return this.account(db, `earning:${userId}`, 'earning', userId);
  }

  /** The platform's own income of one kind (e.g. its share of live gifts). */
  revenue(db: Db, kind: string) {
    return this.account(db, `revenue:${kind}`, 'revenue', null);
  }

  /** A user's red-packet balance (opened packets), spendable at checkout, never withdrawn. */
  redPacket(db: Db, userId: number) {
    return this.account(db, `redpacket:${userId}`, 'redpacket', userId);
  }

  /** Money in transit of one kind (e.g. red packets held by unpaid orders). */
  clearing(db: Db, name: string) {
    return this.account(db, `clearing:${name}`, 'clearing', null);
  }

  /** A promoter's settled commission not yet withdrawn; below zero it is a debt. */
  commission(db: Db, userId: number) {
    return this.account(db, `commission:${userId}`, 'commission', userId);
  }

  /** A user's points (whole points, not fen: a points posting never touches a fen account). */
  points(db: Db, userId: number) {
    return this.account(db, `points:${userId}`, 'points', userId);
  }

  /** Points a user may spend: below zero (a refund took back a spent bonus) shows as 0. */
  async pointsOf(userId: number, db: Db = this.db): Promise<number> {
    return Math.max(0, await this.balanceByCode(`points:${userId}`, db));
  }

  /** Points a user owes: a refunded order's bonus already spent, paid by later earnings first. */
  async pointsDebtOf(userId: number, db: Db = this.db): Promise<number> {
    return Math.max(0, -(await this.balanceByCode(`points:${userId}`, db)));
  }

  commissionOf(userId: number, db: Db = this.db): Promise<number> {
    return this.balanceByCode(`commission:${userId}`, db);
  }

  redPacketBalanceOf(userId: number, db: Db = this.db): Promise<number> {
    return this.balanceByCode(`redpacket:${userId}`, db);
  }

  /** Red-packet balances of several users (a placement batch reads them in one statement). */
  redPacketBalances(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
    return this.balancesOf(db, 'redpacket', userIds);
  }

  /** Points balances of several users, in one statement. */
  pointsBalances(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
    return this.balancesOf(db, 'points', userIds);
  }

  private async balancesOf(
    db: Db,
    prefix: 'redpacket' | 'points',
    userIds: readonly number[],
  ): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const rows = await db
      .selectFrom('ledger_account')
      .select(['code', 'balance'])
      .where(
        'code',
        'in',
        userIds.map((id) => `${prefix}:${id}`),
      )
      .execute();
    // A points account in debt has nothing to spend (see pointsOf).
    return new Map(
      rows.map((r) => [Number(r.code.slice(prefix.length + 1)), Math.max(0, Number(r.balance))]),
    );
  }

  private async balanceByCode(code: string, db: Db): Promise<number> {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }

  async earningsOf(userId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('code', '=', `earning:${userId}`)
      .executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }

  async balanceOf(userId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('code', '=', `wallet:${userId}`)
      .executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }

  /**
   * Posts one transaction inside the caller's database transaction. Idempotent on (kind, ref):
   * answers false, changing nothing, when it was posted before. Throws BALANCE_NOT_ENOUGH when a
   * wallet would go negative, RED_PACKET_NOT_ENOUGH when a red-packet account would,
   * WITHDRAW_NOT_ENOUGH when a commission account would (the caller's transaction then rolls back).
   */
  async post(
    trx: Db,
    txn: { kind: string; ref: string; memo?: string; entries: LedgerEntryInput[] },
  ): Promise<boolean> {
    const nonZero = txn.entries.filter((e) => e.amount !== 0);
    const sum = nonZero.reduce((s, e) => s + e.amount, 0);
    if (sum !== 0 || nonZero.some((e) => !Number.isSafeInteger(e.amount))) {
      throw new Error(`unbalanced ledger transaction ${txn.kind}/${txn.ref}`);
    }
    const row = await trx
      .insertInto('ledger_txn')
      .values({ kind: txn.kind, ref: txn.ref, memo: txn.memo ?? '' })
      .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    // One lock order for every transaction (by account id), so concurrent postings never deadlock.
    const entries = nonZero.sort((a, b) => a.accountId - b.accountId);
    for (const e of entries) {
      const updated = await trx
        .updateTable('ledger_account')
        .set({ balance: sql`balance + ${e.amount}` })
        .where('id', '=', e.accountId)
        // Only a debit can break the floor: a credit to an account in debt (a commission
        // settling while its promoter owes) must pass even though it leaves the account below 0.
        .$if(!e.mayGoNegative && e.amount < 0, (q) =>
          q.where((eb) =>
            eb.or([eb('kind', 'not in', GUARDED), eb(sql`balance + ${e.amount}`, '>=', 0)]),
          ),
        )
        .returning('id')
        .executeTakeFirst();
      if (!updated) {
        const account = await trx
          .selectFrom('ledger_account')
          .select('kind')
          .where('id', '=', e.accountId)
          .executeTakeFirst();
        throw new AppError(
          account?.kind === 'redpacket'
            ? 'RED_PACKET_NOT_ENOUGH'
            : account?.kind === 'commission'
              ? 'WITHDRAW_NOT_ENOUGH'
              : account?.kind === 'points'
                ? 'POINTS_NOT_ENOUGH'
                : 'BALANCE_NOT_ENOUGH',
        );
      }
    }
    if (entries.length === 0) return true;
    await trx
      .insertInto('ledger_entry')
      .values(entries.map((e) => ({ txn_id: row.id, account_id: e.accountId, amount: e.amount })))
      .execute();
    return true;
  }
}
