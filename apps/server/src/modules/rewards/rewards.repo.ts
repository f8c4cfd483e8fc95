import { sql } from 'kysely';
import type { Db } from '../../database.ts';

/**
 * A savepoint around one grant, so that a grant refused part-way (the user's allowance taken,
 * then the template sold out) undoes only itself and the caller's transaction goes on.
 */
export class RewardsRepo {
  async savepoint(trx: Db): Promise<void> {
    await sql`savepoint reward_grant`.execute(trx);
  }

  async rollback(trx: Db): Promise<void> {
    await sql`rollback to savepoint reward_grant`.execute(trx);
    await sql`release savepoint reward_grant`.execute(trx);
  }

  async release(trx: Db): Promise<void> {
    await sql`release savepoint reward_grant`.execute(trx);
  }
}
