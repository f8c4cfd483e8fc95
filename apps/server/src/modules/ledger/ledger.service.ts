import type { ErrorId } from '@chaopin/contracts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { LedgerRepo } from './ledger.repo.ts';
import type { AccountKind, LedgerDb, LedgerTables, WithLedger } from './ledger.tables.ts';

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

/** The error a refused debit answers, by the kind of account that would have gone below zero. */
const NOT_ENOUGH: Partial<Record<AccountKind, ErrorId>> = {
  redpacket: 'RED_PACKET_NOT_ENOUGH',
  commission: 'WITHDRAW_NOT_ENOUGH',
  points: 'POINTS_NOT_ENOUGH',
};

/**
 * The double-entry ledger: every movement of money is one transaction whose entries sum to
 * zero. A wallet is a user's money held by the platform, a merchant account what a store is
 * owed, a gateway account the clearing account of a payment channel, a red-packet account a
 * user's opened red packets not yet spent, a clearing account money in transit (red packets held
 * by unpaid orders). Balances are updated compare-and-set in the same statement, so a wallet or a
 * red-packet account can never go below zero.
 *
 * Every method takes the caller's database or transaction (any that holds the ledger's tables):
 * a posting belongs to the caller's unit of work.
 */
export class Ledger {
  constructor(
    private readonly db: LedgerDb,
    private readonly repo: LedgerRepo,
  ) {}

  private on<T extends LedgerTables>(db: WithLedger<T> | undefined): LedgerDb {
    return db ? narrowDb<LedgerTables, T>(db) : this.db;
  }

  private account<T extends LedgerTables>(
    db: WithLedger<T>,
    code: string,
    kind: AccountKind,
    userId: number | null,
  ): Promise<number> {
    return this.repo.account(this.on(db), code, kind, userId);
  }

  wallet<T extends LedgerTables>(db: WithLedger<T>, userId: number) {
    return this.account(db, `wallet:${userId}`, 'wallet', userId);
  }

  merchant<T extends LedgerTables>(db: WithLedger<T>, storeId: number) {
    return this.account(db, `store:${storeId}`, 'merchant', null);
  }

  gateway<T extends LedgerTables>(db: WithLedger<T>, channel: string) {
    return this.account(db, `gateway:${channel}`, 'gateway', null);
  }

  /** What a user has earned (a live host's gift share), kept apart from the wallet. */
  earning<T extends LedgerTables>(db: WithLedger<T>, userId: number) {
    return this.account(db, `earning:${userId}`, 'earning', userId);
  }

  /** The platform's own income of one kind (e.g. its share of live gifts). */
  revenue<T extends LedgerTables>(db: WithLedger<T>, kind: string) {
    return this.account(db, `revenue:${kind}`, 'revenue', null);
  }

  /** A user's red-packet balance (opened packets), spendable at checkout, never withdrawn. */
  redPacket<T extends LedgerTables>(db: WithLedger<T>, userId: number) {
    return this.account(db, `redpacket:${userId}`, 'redpacket', userId);
  }

  /** Money in transit of one kind (e.g. red packets held by unpaid orders). */
  clearing<T extends LedgerTables>(db: WithLedger<T>, name: string) {
    return this.account(db, `clearing:${name}`, 'clearing', null);
  }

  /** A promoter's settled commission not yet withdrawn; below zero it is a debt. */
  commission<T extends LedgerTables>(db: WithLedger<T>, userId: number) {
    return this.account(db, `commission:${userId}`, 'commission', userId);
  }

  /** A user's points (whole points, not fen: a points posting never touches a fen account). */
  points<T extends LedgerTables>(db: WithLedger<T>, userId: number) {
    return this.account(db, `points:${userId}`, 'points', userId);
  }

  /** Points a user may spend: below zero (a refund took back a spent bonus) shows as 0. */
  async pointsOf<T extends LedgerTables>(userId: number, db?: WithLedger<T>): Promise<number> {
    return Math.max(0, await this.repo.balanceByCode(this.on(db), `points:${userId}`));
  }

  /** Points a user owes: a refunded order's bonus already spent, paid by later earnings first. */
  async pointsDebtOf<T extends LedgerTables>(userId: number, db?: WithLedger<T>): Promise<number> {
    return Math.max(0, -(await this.repo.balanceByCode(this.on(db), `points:${userId}`)));
  }

  commissionOf<T extends LedgerTables>(userId: number, db?: WithLedger<T>): Promise<number> {
    return this.repo.balanceByCode(this.on(db), `commission:${userId}`);
  }

  redPacketBalanceOf<T extends LedgerTables>(userId: number, db?: WithLedger<T>): Promise<number> {
    return this.repo.balanceByCode(this.on(db), `redpacket:${userId}`);
  }

  /** Red-packet balances of several users (a placement batch reads them in one statement). */
  redPacketBalances<T extends LedgerTables>(
    db: WithLedger<T>,
    userIds: readonly number[],
  ): Promise<Map<number, number>> {
    return this.balancesOf(db, 'redpacket', userIds);
  }

  /** Points balances of several users, in one statement. */
  pointsBalances<T extends LedgerTables>(
    db: WithLedger<T>,
    userIds: readonly number[],
  ): Promise<Map<number, number>> {
    return this.balancesOf(db, 'points', userIds);
  }

  private async balancesOf<T extends LedgerTables>(
    db: WithLedger<T>,
    prefix: 'redpacket' | 'points',
    userIds: readonly number[],
  ): Promise<Map<number, number>> {
    if (!userIds.length) return new Map();
    const byCode = await this.repo.balancesByCode(
      this.on(db),
      userIds.map((id) => `${prefix}:${id}`),
    );
    // A points account in debt has nothing to spend (see pointsOf).
    return new Map(
      [...byCode].map(([code, balance]) => [
        Number(code.slice(prefix.length + 1)),
        Math.max(0, balance),
      ]),
    );
  }

  earningsOf<T extends LedgerTables>(userId: number, db?: WithLedger<T>): Promise<number> {
    return this.repo.balanceByCode(this.on(db), `earning:${userId}`);
  }

  balanceOf<T extends LedgerTables>(userId: number, db?: WithLedger<T>): Promise<number> {
    return this.repo.balanceByCode(this.on(db), `wallet:${userId}`);
  }

  /**
   * Posts one transaction inside the caller's database transaction. Idempotent on (kind, ref):
   * answers false, changing nothing, when it was posted before. Throws BALANCE_NOT_ENOUGH when a
   * wallet would go negative, RED_PACKET_NOT_ENOUGH when a red-packet account would,
   * WITHDRAW_NOT_ENOUGH when a commission account would (the caller's transaction then rolls back).
   */
  async post<T extends LedgerTables>(
    trx: WithLedger<T>,
    txn: { kind: string; ref: string; memo?: string; entries: LedgerEntryInput[] },
  ): Promise<boolean> {
    const db = this.on(trx);
    const nonZero = txn.entries.filter((e) => e.amount !== 0);
    const sum = nonZero.reduce((s, e) => s + e.amount, 0);
    if (sum !== 0 || nonZero.some((e) => !Number.isSafeInteger(e.amount))) {
      throw new Error(`unbalanced ledger transaction ${txn.kind}/${txn.ref}`);
    }
    const txnId = await this.repo.openTxn(db, {
      kind: txn.kind,
      ref: txn.ref,
      memo: txn.memo ?? '',
    });
    if (txnId === undefined) return false;
    // One lock order for every transaction (by account id), so concurrent postings never deadlock.
    const entries = nonZero.sort((a, b) => a.accountId - b.accountId);
    for (const e of entries) {
      if (!(await this.repo.move(db, e.accountId, e.amount, GUARDED, e.mayGoNegative ?? false))) {
        const kind = await this.repo.kindOf(db, e.accountId);
        throw new AppError((kind && NOT_ENOUGH[kind]) ?? 'BALANCE_NOT_ENOUGH');
      }
    }
    if (entries.length === 0) return true;
    await this.repo.insertEntries(db, txnId, entries);
    return true;
  }
}
