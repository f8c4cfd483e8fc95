import { type Kysely, sql } from 'kysely';
import type { ImTables } from '../im.tables.ts';

type ImDb = Kysely<ImTables>;

export interface QuickReplyRow {
  id: number;
  store_id: number;
  title: string;
  text: string;
  sort: number;
  updated_ms: number;
}

const COLUMNS = ['id', 'store_id', 'title', 'text', 'sort', 'updated_ms'] as const;

/** A store's quick replies (im_desk_quick_reply, migration 0052). */
export class QuickReplyRepo {
  constructor(private readonly db: ImDb) {}

  transaction<T>(work: (trx: ImDb) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async page(storeId: number, offset: number, limit: number) {
    const base = this.db.selectFrom('im_desk_quick_reply').where('store_id', '=', storeId);
    const [rows, count] = await Promise.all([
      base.select(COLUMNS).orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as QuickReplyRow[], total: Number(count.n) };
  }

  byId(db: ImDb, id: number): Promise<QuickReplyRow | undefined> {
    return db
      .selectFrom('im_desk_quick_reply')
      .select(COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * The store's count, with its quick replies locked against a concurrent insert (a transaction
   * lock per store), so that the limit holds under concurrent saves.
   */
  async lockedCount(trx: ImDb, storeId: number): Promise<number> {
    await sql`select pg_advisory_xact_lock(52, ${storeId}::int)`.execute(trx);
    const row = await trx
      .selectFrom('im_desk_quick_reply')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(
    trx: ImDb,
    row: { store_id: number; title: string; text: string; sort: number; updated_ms: number },
  ): Promise<QuickReplyRow> {
    return (await trx
      .insertInto('im_desk_quick_reply')
      .values(row)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as QuickReplyRow;
  }

  async update(
    trx: ImDb,
    id: number,
    set: { title: string; text: string; sort: number; updated_ms: number },
  ): Promise<QuickReplyRow | undefined> {
    return (await trx
      .updateTable('im_desk_quick_reply')
      .set(set)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst()) as QuickReplyRow | undefined;
  }

  async delete(trx: ImDb, id: number): Promise<void> {
    await trx.deleteFrom('im_desk_quick_reply').where('id', '=', id).execute();
  }
}
