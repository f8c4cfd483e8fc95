import type { Generated, Kysely, Transaction } from 'kysely';

/** What an account holds: fen for every kind but points, which hold whole points. */
export type AccountKind =
  | 'wallet'
  | 'merchant'
  | 'gateway'
  | 'earning'
  | 'revenue'
  | 'redpacket'
  | 'clearing'
  | 'commission'
  | 'points';

export interface LedgerAccountTable {
  id: Generated<number>;
  code: string;
  kind: AccountKind;
  user_id: number | null;
  balance: Generated<number>;
}

export interface LedgerTxnTable {
  id: Generated<number>;
  kind: string;
  ref: string;
  memo: Generated<string>;
  created_at: Generated<Date>;
}

export interface LedgerEntryTable {
  id: Generated<number>;
  txn_id: number;
  account_id: number;
  amount: number;
  created_at: Generated<Date>;
}

/** Row types of this module's tables (composed into DB in database.ts). */
export interface LedgerTables {
  ledger_account: LedgerAccountTable;
  ledger_txn: LedgerTxnTable;
  ledger_entry: LedgerEntryTable;
}

/** The database as this module sees it: its own tables only. */
export type LedgerDb = Kysely<LedgerTables>;

/**
 * A caller's database or transaction (the app's, holding every table): postings run inside the
 * caller's transaction, so the ledger takes any database that holds its tables and narrows it.
 * (Transaction is named beside Kysely so that the compiler infers T from a transaction too.)
 */
export type WithLedger<T extends LedgerTables = LedgerTables> = Kysely<T> | Transaction<T>;
