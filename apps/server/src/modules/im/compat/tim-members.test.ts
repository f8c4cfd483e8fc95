// TIM compatibility (issue 30): profiles, group members and moderation, other message kinds,
// each snippet written as Tencent's tim-js-sdk / @tencentcloud/chat documentation writes it,
// run against a real server.
import TIM, { type Message } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import { eventually, imServerPerFile } from '../../../../test/kits/im-kit.ts';
import { rejection, session } from '../../../../test/kits/tim-compat-kit.ts';

const s = imServerPerFile();

describe('TIM snippets: profiles', () => {
  it('updateMyProfile then getUserProfile from another user', async () => {
    const me = await session(s, 'me');
    const other = await session(s, 'other');
    const imResponse = await me.tim.updateMyProfile({
      nick: '我的昵称',
      gender: TIM.TYPES.GENDER_MALE,
      allowType: TIM.TYPES.ALLOW_TYPE_ALLOW_ANY,
    });
    expect(imResponse.data).toMatchObject({ nick: '我的昵称', gender: 'Gender_Type_Male' });
    const { data } = await other.tim.getUserProfile({ userIDList: [me.userID] });
    expect(data[0]).toMatchObject({ userID: me.userID, nick: '我的昵称' });
  });
});

describe('TIM snippets: group members and moderation', () => {
  const groupOf = async () => {
    const owner = await session(s, 'O');
    const user1 = await session(s, 'U1');
    const user2 = await session(s, 'U2');
    const { group } = (
      await owner.tim.createGroup({
        type: TIM.TYPES.GRP_PUBLIC,
        name: '管理',
        memberList: [{ userID: user1.userID }, { userID: user2.userID }],
      })
    ).data;
    return { owner, user1, user2, groupID: group.groupID as string };
  };

  it('getGroupMemberList with count/offset, setGroupMemberRole to Admin', async () => {
    const { owner, user1, groupID } = await groupOf();
    const imResponse = await owner.tim.getGroupMemberList({ groupID, count: 30, offset: 0 });
    const memberList = (imResponse.data as { memberList: Array<{ userID: string }> }).memberList;
    expect(memberList.map((m) => m.userID)).toContain(user1.userID);
    await owner.tim.setGroupMemberRole({
      groupID,
      userID: user1.userID,
      role: TIM.TYPES.GRP_MBR_ROLE_ADMIN,
    });
    const { memberList: profiles } = (
      await owner.tim.getGroupMemberProfile({ groupID, userIDList: [user1.userID] })
    ).data as { memberList: Array<{ role: string }> };
    expect(profiles[0]?.role).toBe(TIM.TYPES.GRP_MBR_ROLE_ADMIN);
  });

  it('setGroupMemberMuteTime: the muted member is refused with 10017; setting oneself is 2685', async () => {
    const { owner, user2, groupID } = await groupOf();
    await owner.tim.setGroupMemberMuteTime({ groupID, userID: user2.userID, muteTime: 600 });
    const message = user2.tim.createTextMessage({
      to: groupID,
      conversationType: TIM.TYPES.CONV_GROUP,
      payload: { text: '我被禁言了吗' },
    });
    expect((await rejection(user2.tim.sendMessage(message))).code).toBe(10017);
    expect(
      (
        await rejection(
          owner.tim.setGroupMemberMuteTime({ groupID, userID: owner.userID, muteTime: 1 }),
        )
      ).code,
    ).toBe(2685);
  });

  it('a member cannot remove members (10007); the owner can, with the KICKED_OUT tip', async () => {
    const { owner, user1, user2, groupID } = await groupOf();
    expect(
      (await rejection(user1.tim.deleteGroupMember({ groupID, userIDList: [user2.userID] }))).code,
    ).toBe(10007);
    await owner.tim.deleteGroupMember({ groupID, userIDList: [user2.userID], reason: '违规' });
    await eventually(() =>
      expect(
        user1.received.some(
          (m) =>
            m.type === TIM.TYPES.MSG_GRP_TIP &&
            m.payload.operationType === TIM.TYPES.GRP_TIP_MBR_KICKED_OUT,
        ),
      ).toBe(true),
    );
  });

  it('changeGroupOwner to oneself is refused with 2621; dismissGroup ends the group', async () => {
    const { owner, user1, groupID } = await groupOf();
    expect(
      (await rejection(owner.tim.changeGroupOwner({ groupID, newOwnerID: owner.userID }))).code,
    ).toBe(2621);
    await owner.tim.dismissGroup(groupID);
    expect((await rejection(user1.tim.getGroupProfile({ groupID }))).code).toBe(10010);
  });
});

describe('TIM snippets: more message kinds', () => {
  it('createLocationMessage and createFaceMessage arrive as TIM.TYPES.MSG_LOCATION / MSG_FACE', async () => {
    const a = await session(s, 'A');
    const b = await session(s, 'B');
    const location = a.tim.createLocationMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: {
        description: '深圳市深南大道10000号腾讯大厦',
        longitude: 113.941632,
        latitude: 22.546963,
      },
    });
    await a.tim.sendMessage(location);
    const face = a.tim.createFaceMessage({
      to: b.userID,
      conversationType: TIM.TYPES.CONV_C2C,
      payload: { index: 1, data: 'tt00' },
    });
    await a.tim.sendMessage(face);
    await eventually(() =>
      expect(b.received.map((m: Message) => m.type)).toEqual([
        TIM.TYPES.MSG_LOCATION,
        TIM.TYPES.MSG_FACE,
      ]),
    );
    expect(b.received[0]?.payload).toMatchObject({ longitude: 113.941632, latitude: 22.546963 });
  });
});
