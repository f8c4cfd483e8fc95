import { type QueryExecutorProvider, sql } from 'kysely';

/**
 * A savepoint around one grant, so that a grant refused part-way (the user's allowance taken,
 * then the template sold out) undoes only itself and the caller's transaction goes on. Typed on
 * no table: a savepoint names none, so the caller's transaction is taken as anything that runs SQL.
 */
export class RewardsRepo {
  async savepoint(trx: QueryExecutorProvider): Promise<void> {
    await sql`savepoint reward_grant`.execute(trx);
  }

  async rollback(trx: QueryExecutorProvider): Promise<void> {
    await sql`rollback to savepoint reward_grant`.execute(trx);
    await sql`release savepoint reward_grant`.execute(trx);
  }

  async release(trx: QueryExecutorProvider): Promise<void> {
    await sql`release savepoint reward_grant`.execute(trx);
  }
}
