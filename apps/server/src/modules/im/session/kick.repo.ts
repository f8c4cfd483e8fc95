import { sql } from 'kysely';
import type { ImDb } from '../im.tables.ts';

/** Per-user "sigs not before" times set by kicks (table im_kick, migration 0015). */
export class KickRepo {
  constructor(private readonly db: ImDb) {}

  /** Epoch ms before which this user's sigs are refused; 0 when never kicked. */
  async notBefore(userID: string): Promise<number> {
    const row = await this.db
      .selectFrom('im_kick')
      .select('sigs_not_before_ms')
      .where('user_id', '=', userID)
      .executeTakeFirst();
    return row?.sigs_not_before_ms ?? 0;
  }

  /** Moves the user's time forward only: two kicks racing on two nodes keep the later one. */
  async raise(userID: string, at: number): Promise<void> {
    await this.db
      .insertInto('im_kick')
      .values({ user_id: userID, sigs_not_before_ms: at })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          sigs_not_before_ms: sql<number>`greatest(im_kick.sigs_not_before_ms, excluded.sigs_not_before_ms)`,
        }),
      )
      .execute();
  }
}
