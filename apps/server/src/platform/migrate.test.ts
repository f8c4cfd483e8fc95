import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.ts';
import { openDatabase } from './db.ts';
import { migrateToLatest } from './migrate.ts';

describe('migrations', () => {
  it('0017 fills each conversation’s last message time from the messages already stored', async () => {
    const { db, close } = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const upTo0016 = Object.fromEntries(
        Object.entries(migrations).filter(([name]) => name < '0017'),
      );
      const before = new Migrator({ db, provider: { getMigrations: async () => upTo0016 } });
      expect((await before.migrateToLatest()).error).toBeUndefined();
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
});
