import type { StaffListQuery } from '@chaopin/contracts';
import { sql } from 'kysely';
import { storeReads } from '../catalogue/index.ts';
import { operatorAccounts, userReads } from '../user/index.ts';
import type { AccessDb, StaffMemberTable } from './access.tables.ts';

type StoreRole = StaffMemberTable['role'];

export interface StaffMemberRow {
  id: number;
  user_id: number;
  role: StoreRole;
  store_id: number;
  permissions: string[] | null;
  created_at: Date;
}

export interface StaffListRow extends StaffMemberRow {
  nickname: string;
  phone: string;
  store_name: string | null;
}

/** The stores' console users (staff_member); accounts and store names through their read views. */
export class StaffRepo {
  constructor(private readonly db: AccessDb) {}

  rowsOf(userId: number, db: AccessDb = this.db): Promise<StaffMemberRow[]> {
    return db
      .selectFrom('staff_member')
      .select(['id', 'user_id', 'role', 'store_id', 'permissions', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** Whether the account is a platform operator, read fresh (see operatorAccounts). */
  isOperator(userId: number, db: AccessDb = this.db): Promise<boolean> {
    return operatorAccounts.isOperator(db, userId);
  }

  lockOperators(db: AccessDb): Promise<number[]> {
    return operatorAccounts.lockAll(db);
  }

  setOperator(db: AccessDb, userId: number, operator: boolean): Promise<void> {
    return operatorAccounts.set(db, userId, operator);
  }

  operatorPage(offset: number, limit: number) {
    return operatorAccounts.page(this.db, offset, limit);
  }

  byId(db: AccessDb, id: number): Promise<StaffMemberRow | undefined> {
    return db
      .selectFrom('staff_member')
      .select(['id', 'user_id', 'role', 'store_id', 'permissions', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insert(
    db: AccessDb,
    row: {
      user_id: number;
      role: StoreRole;
      store_id: number;
      permissions: string[] | null;
      created_by: number;
    },
  ): Promise<number> {
    const { id } = await db
      .insertInto('staff_member')
      .values({ ...row, permissions: row.permissions ? JSON.stringify(row.permissions) : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async update(
    db: AccessDb,
    id: number,
    role: StoreRole,
    storeId: number,
    permissions: string[] | null,
  ) {
    await db
      .updateTable('staff_member')
      .set({
        role,
        store_id: storeId,
        permissions: permissions ? JSON.stringify(permissions) : null,
      })
      .where('id', '=', id)
      .execute();
  }

  async delete(db: AccessDb, id: number): Promise<void> {
    await db.deleteFrom('staff_member').where('id', '=', id).execute();
  }

  /** A page of store members, newest first, within `stores` (null = all). */
  async page(q: StaffListQuery, stores: readonly number[] | null, offset: number, limit: number) {
    if (stores?.length === 0) return { rows: [] as StaffListRow[], total: 0 };
    let query = this.db
      .selectFrom('staff_member as m')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'm.user_id')
      .leftJoin(storeReads.storeView(this.db).as('st'), 'st.id', 'm.store_id');
    if (stores) query = query.where('m.store_id', 'in', [...stores]);
    if (q.role && q.role !== 'operator') query = query.where('m.role', '=', q.role);
    if (q.role === 'operator') query = query.where(sql<boolean>`false`);
    if (q.q) {
      const like = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([eb('u.phone', 'like', like), eb('u.nickname', 'like', like)]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .select([
          'm.id',
          'm.user_id',
          'm.role',
          'm.store_id',
          'm.permissions',
          'm.created_at',
          'u.nickname',
          'u.phone',
          'st.name as store_name',
        ])
        .orderBy('m.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as StaffListRow[], total: Number(count.n) };
  }

  /** Every member of one store with their nickname, oldest first. */
  async membersOf(storeId: number) {
    return this.db
      .selectFrom('staff_member as m')
      .innerJoin(userReads.publicView(this.db).as('u'), 'u.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'm.permissions', 'u.nickname'])
      .where('m.store_id', '=', storeId)
      .orderBy('m.id')
      .execute() as Promise<
      Array<{ user_id: number; role: StoreRole; permissions: string[] | null; nickname: string }>
    >;
  }

  storeNames(ids: readonly number[]) {
    return storeReads.names(this.db, ids);
  }

  storeExists(db: AccessDb, id: number) {
    return storeReads.exists(db, id);
  }
}
