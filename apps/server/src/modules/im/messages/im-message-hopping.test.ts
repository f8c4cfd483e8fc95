// getMessageListHopping (TIM): a page of history around a sequence, older or newer, oldest first,
// within what each user can see. Runs on PGlite, and on PostgreSQL + Redis with DATABASE_URL.
import type { Message } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import {
  clientsOf,
  errorOf,
  imServerPerFile,
  rawCall,
  text,
} from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();

type Page = { messageList: Message[]; isCompleted: boolean; nextMessageSeq: number | '' };
const texts = (p: Page) => p.messageList.map((m) => String(m.payload.text));
const seqs = (p: Page) => p.messageList.map((m) => m.sequence);

describe('getMessageListHopping', () => {
  it('pages older from the latest (or a sequence) and newer from a sequence, exactly once', async () => {
    const [a, b] = await clientsOf(s, 2, 'H');
    if (!a || !b) throw new Error('two clients');
    for (let i = 1; i <= 20; i++) await a.tim.sendMessage(text(a.tim, b.userID, `m${i}`));
    const conversationID = `C2C${a.userID}`;
    const hop = async (o: { sequence?: number; direction?: 0 | 1; count?: number }) =>
      (await b.tim.getMessageListHopping({ conversationID, ...o })).data as Page;

    const latest = await hop({});
    expect(texts(latest)).toEqual(Array.from({ length: 15 }, (_, i) => `m${i + 6}`));
    expect(latest.isCompleted).toBe(false);
    expect(latest.nextMessageSeq).toBe((seqs(latest)[0] as number) - 1);
    const rest = await hop({ sequence: latest.nextMessageSeq as number });
    expect(texts(rest)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect([rest.isCompleted, rest.nextMessageSeq]).toEqual([true, '']);

    // Around a message found by search, say m8: the older side includes it, the newer side follows.
    const m8 = latest.messageList.find((m) => m.payload.text === 'm8') as Message;
    const older = await hop({ sequence: m8.sequence, count: 3 });
    expect(texts(older)).toEqual(['m6', 'm7', 'm8']);
    const newer = await hop({ sequence: m8.sequence + 1, direction: 1, count: 5 });
    expect(texts(newer)).toEqual(['m9', 'm10', 'm11', 'm12', 'm13']);
    expect(newer.nextMessageSeq).toBe(m8.sequence + 6);
    const end = await hop({ sequence: newer.nextMessageSeq as number, direction: 1 });
    expect(texts(end)).toEqual(['m14', 'm15', 'm16', 'm17', 'm18', 'm19', 'm20']);
    expect([end.isCompleted, end.nextMessageSeq]).toEqual([true, '']);
    // The same objects as getMessageList's (one message, one object in this session).
    const list = (await b.tim.getMessageList({ conversationID, count: 1 })).data.messageList;
    expect(end.messageList.at(-1)).toBe(list[0]);
    // The sender sees the same history from its side.
    const mine = (await a.tim.getMessageListHopping({ conversationID: `C2C${b.userID}` }))
      .data as Page;
    expect(texts(mine)).toEqual(texts(latest));
  });

  it('hides what the user cannot see: a deleted conversation, a group it is not in', async () => {
    const [a, b, c] = await clientsOf(s, 3, 'V');
    if (!a || !b || !c) throw new Error('three clients');
    await a.tim.sendMessage(text(a.tim, b.userID, 'before'));
    await b.tim.deleteConversation(`C2C${a.userID}`);
    await a.tim.sendMessage(text(a.tim, b.userID, 'after'));
    const page = (await b.tim.getMessageListHopping({ conversationID: `C2C${a.userID}` }))
      .data as Page;
    expect(texts(page)).toEqual(['after']);
    const { group } = (
      await a.tim.createGroup({ type: 'Private', name: '私群', memberList: [{ userID: b.userID }] })
    ).data;
    await a.tim.sendMessage(text(a.tim, group.groupID, 'secret', 'GROUP'));
    const outsider = (
      await c.tim.getMessageListHopping({ conversationID: `GROUP${group.groupID}` })
    ).data as Page;
    expect(outsider).toEqual({ messageList: [], isCompleted: true, nextMessageSeq: '' });
  });

  it('refuses bad arguments', async () => {
    const [a] = await clientsOf(s, 1, 'W');
    if (!a) throw new Error('one client');
    const call = rawCall(a);
    expect(await errorOf(a.tim.getMessageListHopping({ conversationID: 'XYZ' }))).toBe(
      'IM_CONVERSATION_TYPE_INVALID',
    );
    for (const bad of [
      { conversationID: 'C2Cx', direction: 2 },
      { conversationID: 'C2Cx', sequence: 0 },
      { conversationID: 'C2Cx', count: 0 },
      { conversationID: 'C2Cx', sequence: 'x' },
      {},
    ])
      expect(await errorOf(call('getMessageListHopping', bad))).toBe('IM_BAD_FRAME');
  });
});
