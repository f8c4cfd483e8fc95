import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { client, imServerPerFile, imUser, text } from '../../../../test/kits/im-kit.ts';
import { narrowDb } from '../../../platform/db.ts';
import { ConversationRepo } from './conversation.repo.ts';

// The list's pages merge two ordered reads (C2C rows by their own index, groups by im_seq): the
// walk must equal one sort of everything by (last message ms desc, conversationID desc, bytes),
// ties between a C2C and a group conversation included.
const s = imServerPerFile();

/** The reference order: every visible conversation of the user, sorted in one query. */
async function reference(userId: string): Promise<string[]> {
  const { rows } = await sql<{ conversation_id: string }>`
    select c.conversation_id from im_conversation c join im_seq s on s.conv_key = c.conv_key
    where c.user_id = ${userId} and s.last_seq > c.start_seq
    order by s.last_ms desc, c.conversation_id collate "C" desc`.execute(s.app.deps.db);
  return rows.map((r) => r.conversation_id);
}

async function walk(userId: string, size: number): Promise<string[]> {
  const repo = new ConversationRepo(narrowDb(s.app.deps.db));
  const out: string[] = [];
  let after: { lastMs: number; conversationID: string } | undefined;
  for (;;) {
    const page = await repo.page(userId, after, size);
    out.push(...page.map((r) => r.conversation_id));
    const last = page.at(-1);
    if (page.length < size || !last) return out;
    after = { lastMs: last.last_ms, conversationID: last.conversation_id };
  }
}

describe('conversation list order', () => {
  it('pages C2C and group conversations in one order, ties and hidden ones included', async () => {
    const me = await imUser(s.app, 'Me');
    const peers = await Promise.all(Array.from({ length: 7 }, (_, i) => imUser(s.app, `P${i}`)));
    const cm = await client(s.url, me);
    s.open.push(cm);
    const groups: string[] = [];
    for (let i = 0; i < 3; i++) {
      const g = await cm.tim.createGroup({ type: 'Private', name: `群${i}` });
      groups.push(g.data.group.groupID);
    }
    // interleaved: C2C, group, C2C, …
    for (let i = 0; i < peers.length; i++) {
      await cm.tim.sendMessage(text(cm.tim, (peers[i] as { userID: string }).userID, `p${i}`));
      const g = groups[i % groups.length] as string;
      await cm.tim.sendMessage(text(cm.tim, g, `g${i}`, 'GROUP'));
    }
    // a tie between a C2C and a group conversation (the same millisecond), and among C2C ones
    const db = s.app.deps.db;
    const tie = Date.now() - 60_000; // older than every message sent: the tied ones go last
    const hidden = `C2C${(peers[6] as { userID: string }).userID}`;
    const busy = `C2C${(peers[0] as { userID: string }).userID}`;
    const keys = await db
      .selectFrom('im_conversation')
      .select(['conv_key', 'conversation_id'])
      .where('user_id', '=', me.userID)
      .execute();
    const tied = keys
      .filter((k) => k.conversation_id !== hidden && k.conversation_id !== busy)
      .sort((a, b) => (a.conversation_id < b.conversation_id ? -1 : 1))
      .filter((_, i, all) => i < 2 || i >= all.length - 2); // two C2C ones, two groups
    expect(tied.filter((k) => k.conversation_id.startsWith('GROUP'))).toHaveLength(2);
    for (const k of tied) {
      await db
        .updateTable('im_seq')
        .set({ last_ms: tie })
        .where('conv_key', '=', k.conv_key)
        .execute();
      await db
        .updateTable('im_conversation')
        .set({ last_ms: tie })
        .where('conv_key', '=', k.conv_key)
        .where('conversation_id', 'like', 'C2C%')
        .execute();
    }
    // a second message moves an old conversation to the top
    await cm.tim.sendMessage(text(cm.tim, (peers[0] as { userID: string }).userID, 'p0 again'));
    // a deleted conversation is not listed
    await cm.tim.deleteConversation(hidden);

    const want = await reference(me.userID);
    expect(want).toHaveLength(peers.length - 1 + groups.length);
    expect(want[0]).toBe(busy);
    expect(want.slice(-tied.length).sort()).toEqual(tied.map((k) => k.conversation_id).sort());
    for (const size of [1, 2, 3, 20]) expect(await walk(me.userID, size)).toEqual(want);

    // a new message brings the deleted one back, on top
    const back = (peers[6] as { userID: string }).userID;
    await cm.tim.sendMessage(text(cm.tim, back, 'again'));
    const now = await walk(me.userID, 4);
    expect(now[0]).toBe(`C2C${back}`);
    expect(now).toEqual(await reference(me.userID));
  });
});
