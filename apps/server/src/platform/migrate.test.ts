import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.ts';
import { openDatabase } from './db.ts';
import { migrateToLatest } from './migrate.ts';

/** The columns of the two tables these migrations change that the tests read back. */
interface MigratedTables {
  im_seq: { conv_key: string; last_seq: number; last_ms: number };
  im_conversation: { user_id: string; conv_key: string; conversation_id: string; last_ms: number };
}

/** A fresh database migrated up to (not including) `first`. */
async function migratedBefore(first: string) {
  const opened = await openDatabase<MigratedTables>({ pgliteDir: 'memory://' });
  const older = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < first));
  const migrator = new Migrator({ db: opened.db, provider: { getMigrations: async () => older } });
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  return opened;
}

describe('migrations', () => {
  it('0017 fills each conversation’s last message time from the messages already stored', async () => {
    const { db, close } = await migratedBefore('0017');
    try {
      await sql`insert into im_seq (conv_key, last_seq) values ('c2c:a|b', 2), ('g:x', 1)`.execute(
        db,
      );
      await sql`insert into im_message (conv_key, seq, msg_id, conv_type, from_id, to_id, random,
          time_ms, type, payload)
        values ('c2c:a|b', 1, 'c2c:a|b#1', 'C2C', 'a', 'b', 1, 1000, 'TIMTextElem', '{}'),
               ('c2c:a|b', 2, 'c2c:a|b#2', 'C2C', 'b', 'a', 2, 2000, 'TIMTextElem', '{}')`.execute(
        db,
      );
      expect(await migrateToLatest(db)).toContain('0017_im_seq_last_ms');
      const rows = await db
        .selectFrom('im_seq')
        .select(['conv_key', 'last_ms'])
        .orderBy('conv_key')
        .execute();
      // the last message's time; 0 where the message row is missing
      expect(rows).toEqual([
        { conv_key: 'c2c:a|b', last_ms: 2000 },
        { conv_key: 'g:x', last_ms: 0 },
      ]);
    } finally {
      await close();
    }
  });

  it('0018 copies the last message time onto C2C conversation rows only', async () => {
    const { db, close } = await migratedBefore('0018');
    try {
      await sql`insert into im_seq (conv_key, last_seq, last_ms)
        values ('c2c:a|b', 2, 2000), ('g:x', 1, 3000)`.execute(db);
      await sql`insert into im_conversation (user_id, conv_key, conversation_id)
        values ('a', 'c2c:a|b', 'C2Cb'), ('b', 'c2c:a|b', 'C2Ca'), ('a', 'g:x', 'GROUPx')`.execute(
        db,
      );
      expect(await migrateToLatest(db)).toContain('0018_im_conversation_order');
      const rows = await db
        .selectFrom('im_conversation')
        .select(['user_id', 'conversation_id', 'last_ms'])
        .orderBy('user_id')
        .orderBy('conversation_id')
        .execute();
      expect(rows).toEqual([
        { user_id: 'a', conversation_id: 'C2Cb', last_ms: 2000 },
        { user_id: 'a', conversation_id: 'GROUPx', last_ms: 0 },
        { user_id: 'b', conversation_id: 'C2Ca', last_ms: 2000 },
      ]);
    } finally {
      await close();
    }
  });
});
