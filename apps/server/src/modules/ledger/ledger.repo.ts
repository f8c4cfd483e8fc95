import { sql } from 'kysely';
import type { AccountKind, LedgerDb } from './ledger.tables.ts';

/** SQL for accounts and postings: the only writes to the ledger's tables. */
export class LedgerRepo {
  /** The account's id, opening it (balance 0) on first use. */
  async account(db: LedgerDb, code: string, kind: AccountKind, userId: number | null) {
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

  /** The balance of the account with this code (0 when it was never opened). */
  async balanceByCode(db: LedgerDb, code: string): Promise<number> {
    const row = await db
      .selectFrom('ledger_account')
      .select('balance')
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }

  /** Balances of the accounts with these codes, by code (unopened accounts are absent). */
  async balancesByCode(db: LedgerDb, codes: readonly string[]): Promise<Map<string, number>> {
    const rows = await db
      .selectFrom('ledger_account')
      .select(['code', 'balance'])
      .where('code', 'in', [...codes])
      .execute();
    return new Map(rows.map((r) => [r.code, Number(r.balance)]));
  }

  /** Opens the transaction keyed (kind, ref): its id, or undefined when it was posted before. */
  async openTxn(db: LedgerDb, txn: { kind: string; ref: string; memo: string }) {
    const row = await db
      .insertInto('ledger_txn')
      .values(txn)
      .onConflict((oc) => oc.columns(['kind', 'ref']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * Adds `amount` to the account's balance, compare-and-set: a debit from an account of a
   * `guarded` kind (unless `mayGoNegative`) passes only when the balance stays at or above zero.
   * False when the guard refused it.
   */
  async move(
    db: LedgerDb,
    accountId: number,
    amount: number,
    guarded: readonly AccountKind[],
    mayGoNegative: boolean,
  ): Promise<boolean> {
    const updated = await db
      .updateTable('ledger_account')
      .set({ balance: sql`balance + ${amount}` })
      .where('id', '=', accountId)
      // Only a debit can break the floor: a credit to an account in debt (a commission
      // settling while its promoter owes) must pass even though it leaves the account below 0.
      .$if(!mayGoNegative && amount < 0, (q) =>
        q.where((eb) =>
          eb.or([eb('kind', 'not in', [...guarded]), eb(sql`balance + ${amount}`, '>=', 0)]),
        ),
      )
      .returning('id')
      .executeTakeFirst();
    return Boolean(updated);
  }

  async kindOf(db: LedgerDb, accountId: number): Promise<AccountKind | undefined> {
    const account = await db
      .selectFrom('ledger_account')
      .select('kind')
      .where('id', '=', accountId)
      .executeTakeFirst();
    return account?.kind;
  }

  async insertEntries(
    db: LedgerDb,
    txnId: number,
    entries: readonly { accountId: number; amount: number }[],
  ): Promise<void> {
    await db
      .insertInto('ledger_entry')
      .values(entries.map((e) => ({ txn_id: txnId, account_id: e.accountId, amount: e.amount })))
      .execute();
  }
}
