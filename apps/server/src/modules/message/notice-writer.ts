import type { DB, Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { MessageRepo } from './message.repo.ts';
import type { MessageTables } from './message.tables.ts';

/** A system notice to one user (userId) or to all (null). */
export interface NoticeDraft {
  title: string;
  content: string;
  link: string;
  userId: number | null;
}

/**
 * Writes a system notice inside the caller's transaction, so that what it tells of (a card given)
 * and the notice commit together: the port other modules use instead of the message repository.
 */
export type SendNotice = (trx: Db, notice: NoticeDraft) => Promise<void>;

export const sendNotice: SendNotice = async (trx, notice) => {
  const db = narrowDb<MessageTables, DB>(trx);
  await new MessageRepo(db).insertNotice(notice, db);
};
