import TIM, { type Message } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  clientsOf,
  errorOf,
  eventually,
  imServerPerFile,
  rawCall as raw,
  text,
  groupTips as tips,
} from '../../../../test/kits/im-kit.ts';

// Groups as conversations: unread counts and tips, profile queries, @-mentions, and the AVChatRoom
// record behind a live room (rules of membership and roles are in im-groups.test.ts).
const s = imServerPerFile();
const _open = s.open;
const users = (n: number) => clientsOf(s, n);

describe('group conversations', () => {
  it('group conversation: unread and lastMessage tips; profile queries cut to 50; update profile → tip 6', async () => {
    const [o, m] = (await users(2)) as [Client, Client];
    const g = (
      await o.tim.createGroup({ type: 'Public', name: 'chat', memberList: [{ userID: m.userID }] })
    ).data.group;
    for (let i = 0; i < 3; i++) await o.tim.sendMessage(text(o.tim, g.groupID, `g${i}`, 'GROUP'));
    await eventually(async () => {
      const conv = (await m.tim.getConversationList()).data.conversationList.find(
        (c) => c.conversationID === `GROUP${g.groupID}`,
      );
      expect(conv?.unreadCount).toBe(3);
      expect(conv?.groupProfile?.name).toBe('chat');
    });
    await m.tim.setMessageRead({ conversationID: `GROUP${g.groupID}` });
    await o.tim.updateGroupProfile({ groupID: g.groupID, name: '新名字' });
    await eventually(() =>
      expect(tips(m, g.groupID)).toContain(TIM.TYPES.GRP_TIP_GRP_PROFILE_UPDATED),
    );
    await eventually(async () => {
      const conv = (await m.tim.getConversationList()).data.conversationList.find(
        (c) => c.conversationID === `GROUP${g.groupID}`,
      );
      expect(conv?.lastMessage.messageForShow).toBe('[群提示消息]');
      expect(conv?.unreadCount).toBe(0);
    });
    const ids = Array.from({ length: 60 }, (_, i) => `nope${i}`);
    const res = (await raw(m)('getGroupsProfile', {
      groupIDList: [...ids, g.groupID],
    })) as unknown[];
    expect(res).toHaveLength(0); // cut to the first 50
    const sys = (await m.tim.getConversationList()).data.conversationList.find(
      (c) => c.conversationID === '@TIM#SYSTEM',
    );
    expect(sys?.lastMessage.messageForShow).toBe('[群系统通知]');
    void ({} as Message);
  });

  it('AVChatRoom: the group record registers a live room; online count; core sends refused; dismiss removes it', async () => {
    const [o, v] = (await users(2)) as [Client, Client];
    const g = (await o.tim.createGroup({ type: 'AVChatRoom', name: '直播间' })).data.group;
    expect(await s.app.liveRooms.exists(g.groupID)).toBe(true);
    expect((await v.tim.joinGroup({ groupID: g.groupID })).data.status).toBe('JoinedSuccess');
    expect((await v.tim.getGroupOnlineMemberCount(g.groupID)).data.memberCount).toBe(0);
    expect(await errorOf(o.tim.sendMessage(text(o.tim, g.groupID, 'hi', 'GROUP')))).toBe(
      'IM_LIVE_NOT_JOINED',
    );
    await o.tim.dismissGroup(g.groupID);
    expect(await s.app.liveRooms.exists(g.groupID)).toBe(false);
  });

  it('@-mentions: groupAtInfoList for the mentioned (@me / @all) until read', async () => {
    const [o, m, other] = (await users(3)) as [Client, Client, Client];
    const g = (
      await o.tim.createGroup({
        type: 'Public',
        name: 'at',
        memberList: [{ userID: m.userID }, { userID: other.userID }],
      })
    ).data.group;
    const conv = `GROUP${g.groupID}`;
    await o.tim.sendMessage(
      o.tim.createTextAtMessage({
        to: g.groupID,
        conversationType: 'GROUP',
        payload: { text: '@m 看这里', atUserList: [m.userID] },
      }),
    );
    await o.tim.sendMessage(
      o.tim.createTextAtMessage({
        to: g.groupID,
        conversationType: 'GROUP',
        payload: { text: '@所有人', atUserList: [TIM.TYPES.MSG_AT_ALL] },
      }),
    );
    expect(
      await errorOf(() =>
        o.tim.createTextAtMessage({
          to: m.userID,
          conversationType: 'C2C',
          payload: { text: 'x', atUserList: [] },
        }),
      ),
    ).toBe('IM_MESSAGE_INVALID');
    const local = async (c: Client) =>
      (await c.tim.getConversationList()).data.conversationList.find(
        (x) => x.conversationID === conv,
      );
    await eventually(async () =>
      expect((await local(m))?.groupAtInfoList.map((a) => a.atTypeArray)).toEqual([[1], [2]]),
    );
    await eventually(async () =>
      expect((await local(other))?.groupAtInfoList.map((a) => a.atTypeArray)).toEqual([[2]]),
    );
    const server = (await m.tim.getConversationProfile(conv)).data.conversation;
    expect(server.groupAtInfoList.map((a) => a.atTypeArray)).toEqual([[1], [2]]);
    await m.tim.setMessageRead({ conversationID: conv });
    expect((await local(m))?.groupAtInfoList).toEqual([]);
  });
});
