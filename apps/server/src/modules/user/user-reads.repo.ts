import { sql } from 'kysely';
import { type AnyDb, viewOf } from '../../platform/db.ts';
import type { UserTables } from './user.tables.ts';

/** An account as other users see it. */
export interface PublicUser {
  id: number;
  nickname: string;
  avatar: string;
}

/**
 * What other modules read of an account (`app_user`), each select written once here instead of
 * once per module. `db` is the caller's database or transaction.
 */
export const userReads = {
  /**
   * The columns of an account other modules may show, for a join in their own query (one
   * statement, as before): `innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'x.user_id')`.
   * Only compiled into the caller's statement, so `db` may be any handle on the database.
   */
  publicView(anyDb: AnyDb) {
    const db = viewOf<UserTables>(anyDb);
    return db.selectFrom('app_user').select(['id', 'nickname', 'avatar', 'phone']);
  },

  /** The ids among `ids` that are accounts. */
  async existingIds(anyDb: AnyDb, ids: readonly number[]): Promise<number[]> {
    const db = viewOf<UserTables>(anyDb);
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('app_user')
      .select('id')
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  },

  async exists(anyDb: AnyDb, id: number): Promise<boolean> {
    const db = viewOf<UserTables>(anyDb);
    return (await userReads.existingIds(db, [id])).length > 0;
  },

  /** One account's nickname and avatar. */
  publicUser(anyDb: AnyDb, id: number): Promise<PublicUser | undefined> {
    const db = viewOf<UserTables>(anyDb);
    return db
      .selectFrom('app_user')
      .select(['id', 'nickname', 'avatar'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** One account's nickname, avatar and when it joined (a bargain's 新人助力 asks). */
  publicUserSince(anyDb: AnyDb, id: number) {
    const db = viewOf<UserTables>(anyDb);
    return db
      .selectFrom('app_user')
      .select(['id', 'nickname', 'avatar', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** How many accounts were registered in [from, to) (the dashboard's new users). */
  async joinedBetween(anyDb: AnyDb, from: Date, to: Date): Promise<number> {
    const db = viewOf<UserTables>(anyDb);
    const row = await db
      .selectFrom('app_user')
      .select(sql<string>`count(*)`.as('n'))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** An enabled account (a disabled one receives nothing) by id or by phone. */
  enabled(anyDb: AnyDb, by: { id: number } | { phone: string }) {
    const db = viewOf<UserTables>(anyDb);
    const q = db.selectFrom('app_user').select(['id', 'phone', 'nickname']).where('status', '=', 1);
    return ('id' in by ? q.where('id', '=', by.id) : q.where('phone', '=', by.phone))
      .limit(1)
      .executeTakeFirst();
  },
};
