// TIM compatibility (issue 30): groups (incl. join requests and @-mentions) and friends, each
// snippet written as Tencent's tim-js-sdk / @tencentcloud/chat documentation writes it, run
// against a real server.
import TIM, { type Conversation, type GroupProfile, type Message } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import { eventually, imServerPerFile } from '../../../../test/kits/im-kit.ts';
import { rejection, session } from '../../../../test/kits/tim-compat-kit.ts';

const s = imServerPerFile();

describe('TIM snippets: groups', () => {
  it('createGroup GRP_WORK with a memberList; members get the group', async () => {
    const owner = await session(s, 'O');
    const user1 = await session(s, 'U1');
    const imResponse = await owner.tim.createGroup({
      type: TIM.TYPES.GRP_WORK,
      name: 'WebSDK',
      memberList: [{ userID: user1.userID }],
    });
    const group = imResponse.data.group as GroupProfile;
    expect(group).toMatchObject({ type: 'Private', name: 'WebSDK', ownerID: owner.userID });
    await eventually(async () => {
      const { groupList } = (await user1.tim.getGroupList()).data;
      expect(groupList.map((g) => g.groupID)).toContain(group.groupID);
    });
  });

  it("createGroup with groupID '' and GRP_MEETING: the server assigns the id, a ChatRoom", async () => {
    const owner = await session(s, 'O');
    const imResponse = await owner.tim.createGroup({
      groupID: '',
      type: TIM.TYPES.GRP_MEETING,
      name: '周会',
    });
    const group = imResponse.data.group as GroupProfile;
    expect(group.groupID).not.toBe('');
    expect(group.type).toBe(TIM.TYPES.GRP_CHATROOM);
  });

  it('join by approval: WaitAdminApproval, the notice, handleGroupApplication({ message })', async () => {
    const owner = await session(s, 'O');
    const applicant = await session(s, 'A');
    const notices: Array<{ type: number; message: Message }> = [];
    owner.tim.on(TIM.EVENT.GROUP_SYSTEM_NOTICE_RECEIVED, (event) => {
      notices.push(event.data as { type: number; message: Message });
    });
    const { group } = (
      await owner.tim.createGroup({
        type: TIM.TYPES.GRP_PUBLIC,
        name: '粉丝群',
        joinOption: TIM.TYPES.JOIN_OPTIONS_NEED_PERMISSION,
      })
    ).data;
    const imResponse = await applicant.tim.joinGroup({
      groupID: group.groupID,
      applyMessage: '我是粉丝',
      type: TIM.TYPES.GRP_PUBLIC,
    });
    expect(imResponse.data.status).toBe(TIM.TYPES.JOIN_STATUS_WAIT_APPROVAL);
    await eventually(() => expect(notices.map((n) => n.type)).toEqual([1]));
    const message = notices[0]?.message as Message;
    await owner.tim.handleGroupApplication({
      handleAction: 'Agree',
      handleMessage: '欢迎欢迎',
      message,
    });
    await eventually(async () => {
      const { groupList } = (await applicant.tim.getGroupList()).data;
      expect(groupList.map((g) => g.groupID)).toContain(group.groupID);
    });
  });

  it('joinGroup: a Work group is refused (2601, by the server too), an unknown group is 10010', async () => {
    const owner = await session(s, 'O');
    const other = await session(s, 'X');
    const { group } = (await owner.tim.createGroup({ type: TIM.TYPES.GRP_WORK, name: 'w' })).data;
    expect((await rejection(other.tim.joinGroup({ groupID: group.groupID }))).code).toBe(2601);
    expect(
      (await rejection(other.tim.joinGroup({ groupID: group.groupID, type: TIM.TYPES.GRP_WORK })))
        .code,
    ).toBe(2601);
    expect((await rejection(other.tim.joinGroup({ groupID: 'no-such-group' }))).code).toBe(10010);
  });

  it('the owner cannot quit (10009); a member quits', async () => {
    const owner = await session(s, 'O');
    const member = await session(s, 'M');
    const { group } = (
      await owner.tim.createGroup({
        type: TIM.TYPES.GRP_PUBLIC,
        name: 'open',
        joinOption: TIM.TYPES.JOIN_OPTIONS_FREE_ACCESS,
      })
    ).data;
    const joined = await member.tim.joinGroup({ groupID: group.groupID });
    expect(joined.data.status).toBe(TIM.TYPES.JOIN_STATUS_SUCCESS);
    expect((await rejection(owner.tim.quitGroup(group.groupID))).code).toBe(10009);
    expect((await member.tim.quitGroup(group.groupID)).data.groupID).toBe(group.groupID);
  });

  it('createTextAtMessage: the mentioned member gets the message and CONV_AT_ME', async () => {
    const owner = await session(s, 'O');
    const denny = await session(s, 'denny');
    const { group } = (
      await owner.tim.createGroup({
        type: TIM.TYPES.GRP_WORK,
        name: '聚餐',
        memberList: [{ userID: denny.userID }],
      })
    ).data;
    const message = owner.tim.createTextAtMessage({
      to: group.groupID,
      conversationType: TIM.TYPES.CONV_GROUP,
      payload: {
        text: '@denny 今晚聚餐，收到的请回复1',
        atUserList: [denny.userID, TIM.TYPES.MSG_AT_ALL],
      },
    });
    await owner.tim.sendMessage(message);
    await eventually(() =>
      expect(denny.received.some((m) => m.payload.text === message.payload.text)).toBe(true),
    );
    await eventually(async () => {
      const { conversation } = (await denny.tim.getConversationProfile(`GROUP${group.groupID}`))
        .data as { conversation: Conversation };
      expect(conversation.groupAtInfoList[0]?.atTypeArray).toEqual([
        TIM.TYPES.CONV_AT_ME,
        TIM.TYPES.CONV_AT_ALL,
      ]);
    });
  });
});

describe('TIM snippets: group history by sequence', () => {
  it('getMessageListHopping({ conversationID, sequence, count, direction: 0 })', async () => {
    const owner = await session(s, 'O');
    const member = await session(s, 'M');
    const { group } = (
      await owner.tim.createGroup({
        type: TIM.TYPES.GRP_WORK,
        name: '历史',
        memberList: [{ userID: member.userID }],
      })
    ).data;
    const sent: Message[] = [];
    for (const word of ['一', '二', '三', '四']) {
      const message = owner.tim.createTextMessage({
        to: group.groupID,
        conversationType: TIM.TYPES.CONV_GROUP,
        payload: { text: word },
      });
      sent.push((await owner.tim.sendMessage(message)).data.message);
    }
    const imResponse = await member.tim.getMessageListHopping({
      conversationID: `GROUP${group.groupID}`,
      sequence: (sent[2] as Message).sequence,
      count: 2,
      direction: 0,
    });
    const { messageList, isCompleted, nextMessageSeq } = imResponse.data;
    expect(messageList.map((m) => m.payload.text)).toEqual(['二', '三']);
    expect(isCompleted).toBe(false);
    expect(nextMessageSeq).toBe((sent[1] as Message).sequence - 1);
  });
});

describe('TIM snippets: friends and blacklist', () => {
  it('addFriend → acceptFriendApplication → checkFriend BothWay, getFriendProfile', async () => {
    const user0 = await session(s, 'user0');
    const user1 = await session(s, 'user1');
    await user0.tim.addFriend({
      to: user1.userID,
      source: 'AddSource_Type_Web',
      remark: '小橙子',
      wording: '我是 user0',
      type: TIM.TYPES.SNS_ADD_TYPE_BOTH,
    } as { to: string; wording: string });
    const applications = (await user1.tim.getFriendApplicationList()).data;
    if (applications.some((a) => a.userID === user0.userID))
      await user1.tim.acceptFriendApplication({ userID: user0.userID });
    const imResponse = await user0.tim.checkFriend({
      userIDList: [user1.userID, 'stranger'],
      type: TIM.TYPES.SNS_CHECK_TYPE_BOTH,
    });
    const { successUserIDList, failureUserIDList } = imResponse.data;
    expect(failureUserIDList).toEqual([]);
    expect(successUserIDList).toEqual([
      { userID: user1.userID, code: 0, relation: TIM.TYPES.SNS_TYPE_BOTH_WAY },
      { userID: 'stranger', code: 0, relation: TIM.TYPES.SNS_TYPE_NO_RELATION },
    ]);
    const profile = await user0.tim.getFriendProfile({ userIDList: [user1.userID, 'stranger'] });
    expect(profile.data.friendList.map((f) => f.userID)).toEqual([user1.userID]);
    expect(profile.data.failureUserIDList).toEqual([
      expect.objectContaining({ userID: 'stranger', code: 2700 }),
    ]);
  });

  // Differs from TIM: getBlacklist's entries are { userID, timeStamp } (paged by startIndex).
  it('addToBlacklist / getBlacklist / removeFromBlacklist; blacklisting oneself is 2742', async () => {
    const me = await session(s, 'me');
    const other = await session(s, 'other');
    await me.tim.addToBlacklist({ userIDList: [other.userID] });
    const blacklist = (await me.tim.getBlacklist()).data as Array<{ userID: string }>;
    expect(blacklist.map((entry) => entry.userID)).toEqual([other.userID]);
    await me.tim.removeFromBlacklist({ userIDList: [other.userID] });
    expect((await me.tim.getBlacklist()).data).toEqual([]);
    expect((await rejection(me.tim.addToBlacklist({ userIDList: [me.userID] }))).code).toBe(2742);
  });
});
