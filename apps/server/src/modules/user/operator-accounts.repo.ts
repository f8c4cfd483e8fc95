import { type AnyDb, viewOf } from '../../platform/db.ts';
import type { UserTables } from './user.tables.ts';

/** The role an operator's account carries (the console's 平台运营). */
const OPERATOR_ROLE = 'admin';
const SHOPPER_ROLE = 'user';

export interface OperatorAccountRow {
  id: number;
  nickname: string;
  phone: string;
  created_at: Date;
}

/**
 * The platform operator mark on an account (`app_user.role`), for the console's access module:
 * it reads it on every console request and sets it in its own transaction (with the audit row).
 */
export const operatorAccounts = {
  /** Whether an enabled account is a platform operator (read fresh: no cache may keep a demoted one). */
  async isOperator(anyDb: AnyDb, userId: number): Promise<boolean> {
    const db = viewOf<UserTables>(anyDb);
    const row = await db
      .selectFrom('app_user')
      .select('role')
      .where('id', '=', userId)
      .where('status', '=', 1)
      .executeTakeFirst();
    return row?.role === OPERATOR_ROLE;
  },

  /**
   * Every operator's id, their rows locked until the transaction ends: two removals at once are
   * counted one after the other, so the last operator is never removed.
   */
  async lockAll(anyDb: AnyDb): Promise<number[]> {
    const db = viewOf<UserTables>(anyDb);
    const rows = await db
      .selectFrom('app_user')
      .select('id')
      .where('role', '=', OPERATOR_ROLE)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((r) => r.id);
  },

  async set(anyDb: AnyDb, userId: number, operator: boolean): Promise<void> {
    const db = viewOf<UserTables>(anyDb);
    await db
      .updateTable('app_user')
      .set({ role: operator ? OPERATOR_ROLE : SHOPPER_ROLE })
      .where('id', '=', userId)
      .execute();
  },

  /** A page of operators, oldest first. */
  async page(anyDb: AnyDb, offset: number, limit: number) {
    const db = viewOf<UserTables>(anyDb);
    const base = db.selectFrom('app_user').where('role', '=', OPERATOR_ROLE);
    const [rows, count] = await Promise.all([
      base
        .select(['id', 'nickname', 'phone', 'created_at'])
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as OperatorAccountRow[], total: Number(count.n) };
  },
};
