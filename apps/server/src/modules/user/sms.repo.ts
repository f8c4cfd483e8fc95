import { sql } from 'kysely';
import type { UserDb } from './user.tables.ts';

/** SQL for SMS verification codes. */
export class SmsRepo {
  constructor(private readonly db: UserDb) {}

  insert(values: { phone: string; purpose: string; code_hash: string; expires_at: Date }) {
    return this.db.insertInto('sms_code').values(values).execute();
  }

  /** The newest code sent for this phone and purpose: only it is accepted. */
  latest(phone: string, purpose: string) {
    return this.db
      .selectFrom('sms_code')
      .select(['id', 'code_hash', 'attempts', 'expires_at', 'consumed_at'])
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  addAttempt(id: number) {
    return this.db
      .updateTable('sms_code')
      .set({ attempts: sql`attempts + 1` })
      .where('id', '=', id)
      .execute();
  }

  /** Marks the code used; a concurrent second use finds it consumed and gets nothing back. */
  consume(db: UserDb, id: number) {
    return db
      .updateTable('sms_code')
      .set({ consumed_at: sql`now()` })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
  }
}
