import type { ImDb, ImRestFileTable } from '../im.tables.ts';

/** The chat-provider REST's uploaded files (all SQL of them). */
export class RestFileRepo {
  constructor(private readonly db: ImDb) {}

  async insert(row: Omit<ImRestFileTable, 'created_ms'>) {
    await this.db
      .insertInto('im_rest_file')
      .values({ ...row, created_ms: Date.now() })
      .execute();
  }

  find(id: string) {
    return this.db.selectFrom('im_rest_file').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
