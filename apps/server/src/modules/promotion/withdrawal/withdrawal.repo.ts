import type { WithdrawState } from '@chaopin/contracts';
import { type Insertable, sql } from 'kysely';
import type { PromotionDb, WithdrawalTable, WithdrawStateCol } from '../promotion.tables.ts';

/** SQL for payout accounts and withdrawals. */
export class WithdrawalRepo {
  constructor(private readonly db: PromotionDb) {}

  account(userId: number, db: PromotionDb = this.db) {
    return db
      .selectFrom('payout_account')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  saveAccount(userId: number, account: string, realNameMasked: string) {
    return this.db
      .insertInto('payout_account')
      .values({ user_id: userId, account, real_name_masked: realNameMasked })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          account,
          real_name_masked: realNameMasked,
          bound_at: sql`now()`,
        }),
      )
      .execute();
  }

  byKey(trx: PromotionDb, userId: number, clientKey: string) {
    return trx
      .selectFrom('withdrawal')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_key', '=', clientKey)
      .executeTakeFirst();
  }

  byNo(withdrawNo: string, db: PromotionDb = this.db) {
    return db
      .selectFrom('withdrawal')
      .selectAll()
      .where('withdraw_no', '=', withdrawNo)
      .executeTakeFirst();
  }

  lockByNo(trx: PromotionDb, withdrawNo: string) {
    return trx
      .selectFrom('withdrawal')
      .selectAll()
      .where('withdraw_no', '=', withdrawNo)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Applications since `from` (rejected ones too: the daily limit counts attempts made). */
  async countSince(trx: PromotionDb, userId: number, from: Date): Promise<number> {
    const row = await trx
      .selectFrom('withdrawal')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', from)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(trx: PromotionDb, values: Insertable<WithdrawalTable>) {
    return trx.insertInto('withdrawal').values(values).returningAll().executeTakeFirstOrThrow();
  }

  move(
    trx: PromotionDb,
    id: number,
    from: WithdrawStateCol[],
    to: WithdrawStateCol,
    set: { reject_reason?: string; decided?: boolean; finished?: boolean } = {},
  ) {
    return trx
      .updateTable('withdrawal')
      .set({
        state: to,
        ...(set.reject_reason !== undefined ? { reject_reason: set.reject_reason } : {}),
        ...(set.decided ? { decided_at: sql`now()` } : {}),
        ...(set.finished ? { finished_at: sql`now()` } : {}),
      })
      .where('id', '=', id)
      .where('state', 'in', from)
      .returningAll()
      .executeTakeFirst();
  }

  async withdrawn(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('withdrawal')
      .select(sql<number>`coalesce(sum(amount), 0)::int`.as('n'))
      .where('user_id', '=', userId)
      .where('state', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  page(userId: number | null, state: 'all' | WithdrawState, limit: number, offset: number) {
    let q = this.db.selectFrom('withdrawal');
    if (userId !== null) q = q.where('user_id', '=', userId);
    if (state !== 'all') q = q.where('state', '=', state);
    return Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      q
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n)),
    ]);
  }

  /** Approved payouts with no answer for a while (a lost notify or a crash before asking). */
  unanswered(before: Date, limit: number) {
    return this.db
      .selectFrom('withdrawal')
      .select(['withdraw_no', 'net', 'account'])
      .where('state', '=', 'paying')
      .where('decided_at', '<', before)
      .orderBy('decided_at')
      .limit(limit)
      .execute();
  }
}
