import { type Selectable, sql, type Updateable } from 'kysely';
import type { AppUserTable, UserDb } from '../user.tables.ts';

export type ConsoleUserRecord = Selectable<AppUserTable>;

export interface UserListFilter {
  /** Digits: an id (exact) or part of a phone (3+ digits); otherwise part of the nickname. */
  q?: string;
  banned?: boolean;
  test?: boolean;
  from?: Date;
  to?: Date;
  sort: 'id' | 'created_at';
  desc: boolean;
  offset: number;
  limit: number;
}

const LIST_COLUMNS = [
  'id',
  'nickname',
  'avatar',
  'phone',
  'status',
  'is_test',
  'real_name_at',
  'created_at',
] as const;

/** A row of the list: the columns it shows. */
export type ListedUser = Pick<ConsoleUserRecord, (typeof LIST_COLUMNS)[number]>;

/** `%` and `_` in a search are themselves, not wildcards. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The console's SQL on accounts: search, one account's rows, and the operator's changes. */
export class UserConsoleRepo {
  constructor(private readonly db: UserDb) {}

  async page(f: UserListFilter) {
    let q = this.db.selectFrom('app_user as u');
    const text = f.q?.trim();
    if (text) {
      const like = `%${likeEscape(text)}%`;
      if (/^\d+$/.test(text)) {
        const id = Number(text);
        q = q.where((eb) =>
          eb.or([
            ...(id <= 2_147_483_647 ? [eb('u.id', '=', id)] : []),
            ...(text.length >= 3 ? [eb('u.phone', 'like', like)] : []),
          ]),
        );
      } else {
        // The nickname's 1-2 character grams narrow by index (0032), ilike decides.
        q = q.where(
          sql<boolean>`(u.nickname_grams @> team_grams(${text}) and u.nickname ilike ${like})`,
        );
      }
    }
    if (f.banned !== undefined) q = q.where('u.status', f.banned ? '<>' : '=', 1);
    if (f.test !== undefined) q = q.where('u.is_test', '=', f.test);
    if (f.from) q = q.where('u.created_at', '>=', f.from);
    if (f.to) q = q.where('u.created_at', '<', f.to);
    const [rows, total] = await Promise.all([
      q
        .select(LIST_COLUMNS.map((c) => `u.${c}` as const))
        .orderBy(`u.${f.sort}`, f.desc ? 'desc' : 'asc')
        .orderBy('u.id', f.desc ? 'desc' : 'asc')
        .offset(f.offset)
        .limit(f.limit)
        .execute(),
      q.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  find(id: number, db: UserDb = this.db) {
    return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The row, locked for a change in `trx`. */
  lock(trx: UserDb, id: number) {
    return trx
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async update(trx: UserDb, id: number, values: Updateable<AppUserTable>): Promise<void> {
    await trx
      .updateTable('app_user')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /** Unexpired sessions, most recently used first. */
  sessions(userId: number, limit: number) {
    return this.db
      .selectFrom('user_session')
      .select(['user_agent', 'created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('last_seen_at', 'desc')
      .limit(limit)
      .execute();
  }
}
