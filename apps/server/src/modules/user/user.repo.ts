import { type Selectable, sql, type Updateable } from 'kysely';
import type { AppUserTable, UserDb } from './user.tables.ts';

export type UserRow = Selectable<AppUserTable>;

/** SQL for accounts: users, sessions and one-time verification tickets. */
export class UserRepo {
  constructor(private readonly db: UserDb) {}

  findById(id: number, db: UserDb = this.db) {
    return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPhone(phone: string, db: UserDb = this.db) {
    return db.selectFrom('app_user').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  /** Creates the user, or returns the existing one when a concurrent first login won the race. */
  async createOrGet(db: UserDb, user: { phone: string; nickname: string; avatar: string }) {
    const created = await db
      .insertInto('app_user')
      .values(user)
      .onConflict((oc) => oc.column('phone').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (created) return { user: created, isNew: true };
    const existing = await db
      .selectFrom('app_user')
      .selectAll()
      .where('phone', '=', user.phone)
      .executeTakeFirstOrThrow();
    return { user: existing, isNew: false };
  }

  async update(id: number, values: Updateable<AppUserTable>, db: UserDb = this.db) {
    return db
      .updateTable('app_user')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Counts one wrong login password; locks after `max` in a row. Atomic under concurrency. */
  recordLoginFailure(id: number, max: number, lockMinutes: number) {
    return this.db
      .updateTable('app_user')
      .set({
        login_fails: sql`case when login_fails + 1 >= ${max} then 0 else login_fails + 1 end`,
        login_locked_until: sql`case when login_fails + 1 >= ${max}
          then now() + make_interval(mins => ${lockMinutes}) else login_locked_until end`,
      })
      .where('id', '=', id)
      .returning(['login_fails', 'login_locked_until'])
      .executeTakeFirstOrThrow();
  }

  /**
   * Counts one wrong pay password, after the (slow) hash check, in one guarded statement: only
   * while unlocked and under `max`, so concurrent wrong guesses stop at exactly `max`; the one
   * that reaches `max` sets the lock in the same statement. An expired lock starts a fresh
   * count. Returns the wrong tries counted including this one, or undefined when it was
   * already locked (this guess was not counted).
   */
  async countWrongPayPassword(id: number, max: number, lockHours: number) {
    const fails = sql<number>`case when pay_password_locked_until <= now() then 1
      else pay_password_fails + 1 end`;
    const row = await this.db
      .updateTable('app_user')
      .set({
        pay_password_fails: fails,
        pay_password_locked_until: sql`case when ${fails} >= ${max}
          then now() + make_interval(hours => ${lockHours})
          when pay_password_locked_until <= now() then null
          else pay_password_locked_until end`,
      })
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('pay_password_locked_until', 'is', null), eb('pay_password_fails', '<', max)]),
          eb('pay_password_locked_until', '<=', sql<Date>`now()`),
        ]),
      )
      .returning('pay_password_fails')
      .executeTakeFirst();
    return row?.pay_password_fails;
  }

  /**
   * A right pay password clears the count, only while not locked (an expired lock is lifted).
   * False when it is locked: a lock set by concurrent wrong guesses wins. Writes only when
   * there is something to clear, so concurrent right tries do not queue on the row.
   */
  async clearPayPasswordFails(id: number): Promise<boolean> {
    const notLocked = sql<boolean>`(pay_password_locked_until is null
      or pay_password_locked_until <= now())`;
    const cleared = await this.db
      .updateTable('app_user')
      .set({ pay_password_fails: 0, pay_password_locked_until: null })
      .where('id', '=', id)
      .where(notLocked)
      .where((eb) =>
        eb.or([eb('pay_password_fails', '>', 0), eb('pay_password_locked_until', 'is not', null)]),
      )
      .returning('id')
      .executeTakeFirst();
    if (cleared) return true;
    const row = await this.db
      .selectFrom('app_user')
      .select(notLocked.as('ok'))
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.ok === true;
  }

  isIdCardTaken(hash: string, exceptUserId: number) {
    return this.db
      .selectFrom('app_user')
      .select('id')
      .where('id_card_hash', '=', hash)
      .where('id', '!=', exceptUserId)
      .executeTakeFirst()
      .then(Boolean);
  }

  // sessions

  createSession(values: {
    token_hash: string;
    user_id: number;
    expires_at: Date;
    user_agent: string | null;
  }) {
    return this.db.insertInto('user_session').values(values).execute();
  }

  /** The unexpired sessions among these token hashes, with their user's role and status. */
  findLiveSessions(tokenHashes: readonly string[]) {
    return this.db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.token_hash', 's.user_id', 's.last_seen_at', 'u.role', 'u.status'])
      .where('s.token_hash', 'in', [...tokenHashes])
      .where('s.expires_at', '>', sql<Date>`now()`)
      .execute();
  }

  touchSession(tokenHash: string, expiresAt: Date) {
    return this.db
      .updateTable('user_session')
      .set({ last_seen_at: sql`now()`, expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  deleteSession(tokenHash: string) {
    return this.db.deleteFrom('user_session').where('token_hash', '=', tokenHash).execute();
  }

  /** Deletes a user's sessions (but `keep`), returning the deleted token hashes for cache eviction. */
  async deleteSessionsOf(userId: number, keep?: string, db: UserDb = this.db) {
    let query = db.deleteFrom('user_session').where('user_id', '=', userId);
    if (keep) query = query.where('token_hash', '!=', keep);
    const rows = await query.returning('token_hash').execute();
    return rows.map((r) => r.token_hash);
  }

  // verification tickets (proof of a verified phone for a following step)

  createTicket(
    db: UserDb,
    values: { ticket_hash: string; user_id: number; purpose: string; expires_at: Date },
  ) {
    return db.insertInto('verification_ticket').values(values).execute();
  }

  /** Uses a ticket once: the guarded update makes a second use find nothing. */
  consumeTicket(db: UserDb, ticketHash: string, userId: number, purpose: string) {
    return db
      .updateTable('verification_ticket')
      .set({ consumed_at: sql`now()` })
      .where('ticket_hash', '=', ticketHash)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('ticket_hash')
      .executeTakeFirst();
  }
}
