// Group @-tips in the conversation list: deleteGroupAtTips on every session of the user, and
// mentions read only within the sequences of the conversation rows.
import { ERRORS } from '@chaopin/contracts';
import TIM from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import { rawSocket } from '../../../../test/kits/im-conversation-kit.ts';
import {
  type Client,
  client,
  errorOf,
  eventually,
  imServerPerFile,
  imUser,
} from '../../../../test/kits/im-kit.ts';
import { groupKey } from '../keys.ts';
import { MessageRepo } from './message.repo.ts';

const s = imServerPerFile();

describe('deleteGroupAtTips', () => {
  it('clears the @-tips on every session of the user, keeps the unread count; new mentions tip again', async () => {
    const owner = await client(s.url, await imUser(s.app, 'Owner'));
    const mUser = await imUser(s.app, 'Member');
    const m1 = await client(s.url, mUser);
    const m2 = await client(s.url, mUser);
    s.open.push(owner, m1, m2);
    const g = (
      await owner.tim.createGroup({
        type: 'Public',
        name: 'at-tips',
        memberList: [{ userID: mUser.userID }],
      })
    ).data.group;
    const conv = `GROUP${g.groupID}`;
    const at = (body: string, list: string[]) =>
      owner.tim.sendMessage(
        owner.tim.createTextAtMessage({
          to: g.groupID,
          conversationType: 'GROUP',
          payload: { text: body, atUserList: list },
        }),
      );
    await at('@m', [mUser.userID]);
    await at('@all', [TIM.TYPES.MSG_AT_ALL]);
    const local = async (c: Client) =>
      (await c.tim.getConversationList()).data.conversationList.find(
        (x) => x.conversationID === conv,
      );
    for (const c of [m1, m2])
      await eventually(async () => expect((await local(c))?.groupAtInfoList).toHaveLength(2));
    const unread = (await local(m1))?.unreadCount ?? -1;
    expect(unread).toBeGreaterThanOrEqual(2);

    await m1.tim.deleteGroupAtTips(conv);
    expect((await local(m1))?.groupAtInfoList).toEqual([]);
    await eventually(async () => expect((await local(m2))?.groupAtInfoList).toEqual([]));
    expect((await local(m1))?.unreadCount).toBe(unread);
    expect((await local(m2))?.unreadCount).toBe(unread);
    // The server agrees (a fresh snapshot, and a new session).
    expect((await m1.tim.getConversationProfile(conv)).data.conversation.groupAtInfoList).toEqual(
      [],
    );
    const m3 = await client(s.url, mUser);
    s.open.push(m3);
    const fresh = await local(m3);
    expect(fresh?.groupAtInfoList).toEqual([]);
    expect(fresh?.unreadCount).toBe(unread);

    const r = await at('@m again', [mUser.userID]);
    for (const c of [m1, m2, m3]) {
      await eventually(async () =>
        expect((await local(c))?.groupAtInfoList.map((a) => a.messageSequence)).toEqual([
          r.data.message.sequence,
        ]),
      );
    }
    expect(
      (await m2.tim.getConversationProfile(conv)).data.conversation.groupAtInfoList.map(
        (a) => a.atTypeArray,
      ),
    ).toEqual([[1]]);
  });

  it('refuses a non-group conversation, one the user is not in, and a bad payload', async () => {
    const u = await imUser(s.app, 'Lonely');
    const other = await imUser(s.app, 'Other');
    const c = await client(s.url, u);
    s.open.push(c);
    expect(await errorOf(c.tim.deleteGroupAtTips(`C2C${other.userID}`))).toBe(
      'IM_CONVERSATION_TYPE_INVALID',
    );
    expect(await errorOf(c.tim.deleteGroupAtTips('GROUPno-such-group'))).toBe(
      'IM_CONVERSATION_NOT_FOUND',
    );
    const raw = await rawSocket(s.url, u);
    try {
      expect(
        await raw.send('deleteGroupAtTips', { conversationID: `C2C${other.userID}` }),
      ).toMatchObject({ error: 'IM_CONVERSATION_TYPE_INVALID' });
      expect(
        await raw.send('deleteGroupAtTips', { conversationID: 'GROUPx', upToSequence: -1 }),
      ).toMatchObject({ error: 'IM_BAD_FRAME', msg: ERRORS.IM_BAD_FRAME.msg });
    } finally {
      raw.close();
    }
  });
});

describe('snapshot bounds', () => {
  it('@-mentions are read only within the sequences of the conversation rows', async () => {
    const owner = await client(s.url, await imUser(s.app, 'O2'));
    const mUser = await imUser(s.app, 'M2');
    s.open.push(owner);
    const g = (
      await owner.tim.createGroup({
        type: 'Public',
        name: 'bounds',
        memberList: [{ userID: mUser.userID }],
      })
    ).data.group;
    const seqs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await owner.tim.sendMessage(
        owner.tim.createTextAtMessage({
          to: g.groupID,
          conversationType: 'GROUP',
          payload: { text: `@${i}`, atUserList: [mUser.userID] },
        }),
      );
      seqs.push(r.data.message.sequence);
    }
    const repo = new MessageRepo(s.app.deps.db);
    const key = groupKey(g.groupID);
    const [first, second] = seqs as [number, number, number];
    // A message committed after the rows were read (sequence past upTo) is left to its push.
    const bounded = await repo.unreadMentions(mUser.userID, [{ key, after: 0, upTo: second }]);
    expect(bounded.map((m) => m.seq)).toEqual([first, second]);
    const after = await repo.unreadMentions(mUser.userID, [{ key, after: first, upTo: 1e9 }]);
    expect(after.map((m) => m.seq)).toEqual(seqs.slice(1));
    expect(await repo.unreadMentions(mUser.userID, [])).toEqual([]);
  });
});
