import type { DB } from '../../database.ts';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { LedgerRepo } from './ledger.repo.ts';
import { Ledger } from './ledger.service.ts';
import type { LedgerDb, LedgerTables } from './ledger.tables.ts';
import { LedgerReads } from './ledger-reads.repo.ts';

export type { Ledger, LedgerEntryInput } from './ledger.service.ts';
export type { AccountKind, LedgerTables, WithLedger } from './ledger.tables.ts';
export type {
  BillAccountKind,
  LedgerBillFilter,
  LedgerBillPage,
  LedgerBillRow,
  LedgerPosting,
  LedgerReads,
  PointsLeftRow,
} from './ledger-reads.repo.ts';

/**
 * The kernel's ledger, under every domain that moves value: `ledger` posts and answers balances,
 * `reads` answers the bills and other read queries the wallet and points pages show.
 */
export interface LedgerModule {
  ledger: Ledger;
  reads: LedgerReads;
}

/** Builds the ledger on the app's database (it has no routes of its own). */
export function createLedgerModule(deps: Pick<Deps, 'db'>): LedgerModule {
  const db: LedgerDb = narrowDb<LedgerTables, DB>(deps.db);
  return { ledger: new Ledger(db, new LedgerRepo()), reads: new LedgerReads(db) };
}
