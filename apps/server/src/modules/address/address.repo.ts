import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { AddressDb, UserAddressTable } from './address.tables.ts';

export type AddressRow = Selectable<UserAddressTable>;
export type AddressFields = Omit<
  Insertable<UserAddressTable>,
  'id' | 'user_id' | 'is_default' | 'deleted_at' | 'created_at' | 'updated_at'
>;

/** Namespace of the per-user advisory lock that serialises a user's address writes. */
const ADDRESS_LOCK = 4101;

/** SQL for delivery addresses. Every query is scoped to its owner and skips deleted rows. */
export class AddressRepo {
  constructor(readonly db: AddressDb) {}

  /** Runs `work` in a transaction holding the user's address lock (limits and the default). */
  withUserLock<T>(userId: number, work: (trx: AddressDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, ${userId})`.execute(trx);
      return work(trx);
    });
  }

  listOwned(userId: number, db: AddressDb = this.db) {
    return db
      .selectFrom('user_address')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  findOwned(userId: number, id: number, db: AddressDb = this.db) {
    return db
      .selectFrom('user_address')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** Several users' addresses at once (the order placement batch); deleted ones are left out. */
  findOwnedMany(pairs: readonly { userId: number; id: number }[], db: AddressDb = this.db) {
    if (!pairs.length) return Promise.resolve([]);
    return db
      .selectFrom('user_address')
      .selectAll()
      .where((eb) =>
        eb.or(pairs.map((p) => eb.and([eb('id', '=', p.id), eb('user_id', '=', p.userId)]))),
      )
      .where('deleted_at', 'is', null)
      .execute();
  }

  async countOwned(userId: number, db: AddressDb = this.db): Promise<number> {
    const row = await db
      .selectFrom('user_address')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  insert(db: AddressDb, userId: number, fields: AddressFields, isDefault: boolean) {
    return db
      .insertInto('user_address')
      .values({ ...fields, user_id: userId, is_default: isDefault })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  update(db: AddressDb, userId: number, id: number, values: Updateable<UserAddressTable>) {
    return db
      .updateTable('user_address')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
  }

  clearDefault(db: AddressDb, userId: number) {
    return db
      .updateTable('user_address')
      .set({ is_default: false, updated_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('is_default', '=', true)
      .where('deleted_at', 'is', null)
      .execute();
  }

  softDelete(db: AddressDb, userId: number, id: number) {
    return db
      .updateTable('user_address')
      .set({ deleted_at: sql`now()`, is_default: false, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Makes the user's newest remaining address the default (after the default was deleted). */
  promoteNewest(db: AddressDb, userId: number) {
    return db
      .updateTable('user_address')
      .set({ is_default: true, updated_at: sql`now()` })
      .where(
        'id',
        '=',
        db
          .selectFrom('user_address')
          .select('id')
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .orderBy('id', 'desc')
          .limit(1),
      )
      .execute();
  }
}
