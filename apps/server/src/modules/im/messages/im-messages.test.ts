import TIM, { type Conversation, type Message } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  errorOf,
  eventually,
  imServerPerFile,
  imUser,
  text,
} from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();
const open = s.open;

async function pair() {
  const a = await imUser(s.app, 'Alice');
  const b = await imUser(s.app, 'Bob');
  const ca = await client(s.url, a);
  const cb = await client(s.url, b);
  open.push(ca, cb);
  return { a, b, ca, cb };
}

const convOf = (c: Client, id: string) =>
  c.tim
    .getConversationList()
    .then((r) => (r.data.conversationList as Conversation[]).find((x) => x.conversationID === id));

describe('C2C messages', () => {
  it('delivers to every session of the peer and the sender’s other sessions, once, in order', async () => {
    const { a, b, ca, cb } = await pair();
    const cb2 = await client(s.url, b);
    const ca2 = await client(s.url, a);
    open.push(cb2, ca2);
    const sent: Message[] = [];
    for (let i = 0; i < 5; i++) {
      const m = text(ca.tim, b.userID, `hi ${i}`);
      expect(m.status).toBe('unsent');
      const r = await ca.tim.sendMessage(m);
      expect(r.data.message.status).toBe('success');
      expect(r.data.message.sequence).toBe(i + 1);
      sent.push(r.data.message);
    }
    for (const c of [cb, cb2]) {
      await eventually(() =>
        expect(c.received.map((m) => (m.payload as { text: string }).text)).toEqual(
          sent.map((_, i) => `hi ${i}`),
        ),
      );
      expect(
        c.received.every(
          (m) => m.flow === 'in' && m.conversationID === `C2C${a.userID}` && m.nick === 'Alice',
        ),
      ).toBe(true);
    }
    // the sender's other session sees its own messages as 'out'; the sending session gets no echo
    await eventually(() => expect(ca2.received.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5]));
    expect(ca2.received.every((m) => m.flow === 'out')).toBe(true);
    expect(ca.received).toHaveLength(0);
    await eventually(async () => expect((await convOf(cb, `C2C${a.userID}`))?.unreadCount).toBe(5));
    const conv = await convOf(cb, `C2C${a.userID}`);
    expect(conv?.lastMessage.messageForShow).toBe('hi 4');
    expect(conv?.userProfile?.nick).toBe('Alice');
  });

  it('resend with the same random stores once; a failed send is status fail and resendable', async () => {
    const { b, ca, cb } = await pair();
    const m = text(ca.tim, b.userID, 'once');
    await ca.tim.sendMessage(m);
    expect(await errorOf(ca.tim.resendMessage(m))).toBe('IM_MESSAGE_REQUIRED'); // only a failed one
    const bad = text(ca.tim, 'no-such-user', 'x');
    const err = await ca.tim.sendMessage(bad).catch((e) => e);
    expect(err.error).toBe('IM_USER_NOT_FOUND');
    expect(bad.status).toBe('fail');
    expect(err.data.message).toBe(bad);
    // simulate a lost ack: the same message (same random) sent again is deduplicated by the server
    const again = { ...m, status: 'fail' as const };
    const r = await ca.tim.resendMessage(again);
    expect(r.data.message.sequence).toBe(m.sequence);
    await eventually(() => expect(cb.received.length).toBeGreaterThan(0));
    await new Promise((res) => setTimeout(res, 200));
    expect(cb.received.filter((x) => (x.payload as { text: string }).text === 'once')).toHaveLength(
      1,
    );
  });

  it('message kinds carry SPEC placeholders as lastMessage; history pages by 15 with nextReqMessageID', async () => {
    const { b, ca, cb } = await pair();
    const to = { to: b.userID, conversationType: 'C2C' };
    const kinds: Array<[Message, string]> = [
      [
        ca.tim.createLocationMessage({
          ...to,
          payload: { description: '上海', longitude: 121.4, latitude: 31.2 },
        }),
        '[位置]',
      ],
      [
        ca.tim.createCustomMessage({
          ...to,
          payload: { data: 'd', description: 'x', extension: 'e' },
        }),
        '[自定义消息]',
      ],
      [ca.tim.createFaceMessage({ ...to, payload: { index: 1, data: 'ee_1' } }), '[动画表情]'],
    ];
    for (const [m, show] of kinds) {
      await ca.tim.sendMessage(m);
      await eventually(async () =>
        expect((await convOf(cb, `C2C${ca.userID}`))?.lastMessage.messageForShow).toBe(show),
      );
    }
    for (let i = 0; i < 20; i++) await ca.tim.sendMessage(text(ca.tim, b.userID, `m${i}`));
    const p1 = await cb.tim.getMessageList({ conversationID: `C2C${ca.userID}`, count: 50 });
    expect(p1.data.messageList).toHaveLength(15);
    expect(p1.data.isCompleted).toBe(false);
    expect(p1.data.messageList.at(-1)?.sequence).toBe(23);
    const p2 = await cb.tim.getMessageList({
      conversationID: `C2C${ca.userID}`,
      nextReqMessageID: p1.data.nextReqMessageID,
    });
    expect(p2.data.messageList.map((m: Message) => m.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(p2.data.isCompleted).toBe(true);
    expect(p2.data.messageList[0]?.payload).toEqual({
      description: '上海',
      longitude: 121.4,
      latitude: 31.2,
    });
    const other = await imUser(s.app);
    const co = await client(s.url, other);
    open.push(co);
    // someone else's conversation id resolves to their own (empty) conversation, never ours
    const peek = await co.tim.getMessageList({ conversationID: `C2C${ca.userID}` });
    expect(peek.data.messageList).toHaveLength(0);
  });

  it('setMessageRead clears unread on every session and marks the sender’s messages peer-read', async () => {
    const { b, ca, cb } = await pair();
    const cb2 = await client(s.url, { userID: b.userID, userSig: b.userSig });
    open.push(cb2);
    const readByPeer: Message[] = [];
    ca.tim.on(TIM.EVENT.MESSAGE_READ_BY_PEER, (e) => readByPeer.push(...(e.data as Message[])));
    const m1 = (await ca.tim.sendMessage(text(ca.tim, b.userID, 'r1'))).data.message;
    const m2 = (await ca.tim.sendMessage(text(ca.tim, b.userID, 'r2'))).data.message;
    await eventually(async () =>
      expect((await convOf(cb2, `C2C${ca.userID}`))?.unreadCount).toBe(2),
    );
    await cb.tim.setMessageRead({ conversationID: `C2C${ca.userID}` });
    expect((await convOf(cb, `C2C${ca.userID}`))?.unreadCount).toBe(0);
    await eventually(async () =>
      expect((await convOf(cb2, `C2C${ca.userID}`))?.unreadCount).toBe(0),
    );
    await eventually(() =>
      expect(readByPeer.map((m) => m.ID).sort()).toEqual([m1.ID, m2.ID].sort()),
    );
    expect(m1.isPeerRead && m2.isPeerRead).toBe(true);
    expect(await errorOf(cb.tim.setMessageRead({ conversationID: 'C2Cnobody' }))).toBe(
      'IM_CONVERSATION_NOT_FOUND',
    );
    expect(await errorOf(cb.tim.setMessageRead({ conversationID: 'XYZ' }))).toBe(
      'IM_CONVERSATION_TYPE_INVALID',
    );
  });

  it('revoke: sender within 2 minutes → MESSAGE_REVOKED everywhere; the peer cannot revoke', async () => {
    const { b, ca, cb } = await pair();
    const revokedAtB: Message[] = [];
    cb.tim.on(TIM.EVENT.MESSAGE_REVOKED, (e) => revokedAtB.push(...(e.data as Message[])));
    const m = (await ca.tim.sendMessage(text(ca.tim, b.userID, 'oops'))).data.message;
    await eventually(() => expect(cb.received).toHaveLength(1));
    expect(await errorOf(cb.tim.revokeMessage(cb.received[0] as Message))).toBe('IM_REVOKE_DENIED');
    await ca.tim.revokeMessage(m);
    expect(m.isRevoked).toBe(true);
    await eventually(() => expect(revokedAtB.map((x) => x.ID)).toEqual([m.ID]));
    expect(cb.received[0]?.isRevoked).toBe(true);
    await eventually(async () =>
      expect((await convOf(cb, `C2C${ca.userID}`))?.unreadCount).toBe(0),
    );
    // older than 2 minutes: refused
    await s.app.deps.db
      .updateTable('im_message')
      .set({ time_ms: Date.now() - 121_000 })
      .where('msg_id', '=', m.ID)
      .execute();
    const m2 = (await ca.tim.sendMessage(text(ca.tim, b.userID, 'late'))).data.message;
    await s.app.deps.db
      .updateTable('im_message')
      .set({ time_ms: Date.now() - 121_000 })
      .where('msg_id', '=', m2.ID)
      .execute();
    expect(await errorOf(ca.tim.revokeMessage(m2))).toBe('IM_REVOKE_TIMEOUT');
  });

  it('deleteConversation hides it until the next message; a blacklisted sender is refused', async () => {
    const { a, b, ca, cb } = await pair();
    await ca.tim.sendMessage(text(ca.tim, b.userID, 'one'));
    await eventually(async () => expect(await convOf(cb, `C2C${a.userID}`)).toBeDefined());
    await cb.tim.deleteConversation(`C2C${a.userID}`);
    expect(await convOf(cb, `C2C${a.userID}`)).toBeUndefined();
    expect(
      (await cb.tim.getMessageList({ conversationID: `C2C${a.userID}` })).data.messageList,
    ).toHaveLength(0);
    await ca.tim.sendMessage(text(ca.tim, b.userID, 'two'));
    await eventually(async () => expect((await convOf(cb, `C2C${a.userID}`))?.unreadCount).toBe(1));
    expect(await errorOf(cb.tim.deleteConversation('C2Cnobody'))).toBe('IM_CONVERSATION_NOT_FOUND');

    await cb.tim.addToBlacklist({ userIDList: [a.userID] });
    expect(await errorOf(ca.tim.sendMessage(text(ca.tim, b.userID, 'blocked')))).toBe(
      'IM_IN_BLACKLIST',
    );
    await cb.tim.removeFromBlacklist({ userIDList: [a.userID] });
    expect((await ca.tim.sendMessage(text(ca.tim, b.userID, 'ok again'))).data.message.status).toBe(
      'success',
    );
  });
});
