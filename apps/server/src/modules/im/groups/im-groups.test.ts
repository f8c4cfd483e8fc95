import TIM, { type GroupProfile, type TimEvent } from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  client,
  clientsOf,
  errorOf,
  eventually,
  groupTips,
  imServerPerFile,
  imUser,
  rawCall,
  text,
} from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();
const open = s.open;

const users = (n: number) => clientsOf(s, n);
const tips = groupTips;
const notices = (c: Client) =>
  c.received
    .filter((m) => m.type === 'TIMGroupSystemNoticeElem')
    .map((m) => (m.payload as { operationType: number }).operationType);
const raw = rawCall;

describe('groups', () => {
  it('create: type checked, members ignored for AVChatRoom, joinOption only for Public', async () => {
    const [a, b] = (await users(2)) as [Client, Client];
    expect(await errorOf(() => a.tim.createGroup({ type: 'Secret', name: 'x' }))).toBe(
      'IM_GROUP_TYPE_INVALID',
    );
    expect(await errorOf(raw(a)('createGroup', { type: 'Secret', name: 'x' }))).toBe(
      'IM_GROUP_TYPE_INVALID',
    );
    expect(await errorOf(raw(a)('createGroup', { type: 'Public', name: '   ' }))).toBe(
      'IM_GROUP_NAME_INVALID',
    );
    expect(await errorOf(raw(a)('createGroup', { type: 'Public', name: '长'.repeat(31) }))).toBe(
      'IM_GROUP_NAME_INVALID',
    );
    const av = (await raw(a)('createGroup', {
      type: 'AVChatRoom',
      name: '直播',
      memberList: [{ userID: b.userID }],
    })) as GroupProfile;
    expect(av.memberNum).toBe(1);
    const priv = (await raw(a)('createGroup', {
      type: 'Private',
      name: '工作',
      joinOption: 'FreeAccess',
    })) as GroupProfile;
    expect(priv.joinOption).toBe('DisableApply');
    const pub = (
      await a.tim.createGroup({
        type: 'Public',
        name: '公开',
        joinOption: 'FreeAccess',
        memberList: [{ userID: b.userID }],
      })
    ).data.group;
    expect(pub.joinOption).toBe('FreeAccess');
    expect(pub.memberNum).toBe(2);
    expect(pub.selfInfo.role).toBe('Owner');
    expect(
      await errorOf(raw(a)('createGroup', { type: 'Public', name: 'dup', groupID: pub.groupID })),
    ).toBe('IM_GROUP_EXISTS');
    await eventually(() => expect(notices(b)).toContain(TIM.TYPES.GRP_SYS_NOTICE_INVITED));
    await eventually(async () =>
      expect(
        (await b.tim.getGroupList()).data.groupList.map((g: GroupProfile) => g.groupID),
      ).toContain(pub.groupID),
    );
  });

  it('join: Public open / by approval (pendency page 10, agree/refuse); Work refused; ChatRoom full → 10014 (TIM)', async () => {
    const [owner, x, y, z] = (await users(4)) as [Client, Client, Client, Client];
    const open1 = (
      await owner.tim.createGroup({ type: 'Public', name: 'open', joinOption: 'FreeAccess' })
    ).data.group;
    expect((await x.tim.joinGroup({ groupID: open1.groupID })).data.status).toBe(
      TIM.TYPES.JOIN_STATUS_SUCCESS,
    );
    expect((await x.tim.joinGroup({ groupID: open1.groupID })).data.status).toBe(
      TIM.TYPES.JOIN_STATUS_ALREADY_IN_GROUP,
    );
    await eventually(() =>
      expect(tips(owner, open1.groupID)).toContain(TIM.TYPES.GRP_TIP_MBR_JOIN),
    );

    const approval = (await owner.tim.createGroup({ type: 'Public', name: 'approval' })).data.group;
    expect(approval.joinOption).toBe('NeedPermission');
    expect(
      (await x.tim.joinGroup({ groupID: approval.groupID, applyMessage: '让我进' })).data.status,
    ).toBe('WaitAdminApproval');
    expect((await y.tim.joinGroup({ groupID: approval.groupID })).data.status).toBe(
      'WaitAdminApproval',
    );
    await eventually(() =>
      expect(
        notices(owner).filter((n) => n === TIM.TYPES.GRP_SYS_NOTICE_JOIN_REQUEST),
      ).toHaveLength(2),
    );
    const list = (await owner.tim.getGroupApplicationList()).data as {
      applicationList: Array<{ applicant: string }>;
    };
    expect(list.applicationList.map((p) => p.applicant).sort()).toEqual(
      [x.userID, y.userID].sort(),
    );
    expect(
      await errorOf(
        x.tim.handleGroupApplication({
          groupID: approval.groupID,
          applicant: y.userID,
          handleAction: 'Agree',
        }),
      ),
    ).toBe('IM_NOT_MEMBER');
    await owner.tim.handleGroupApplication({
      groupID: approval.groupID,
      applicant: x.userID,
      handleAction: 'Agree',
    });
    await owner.tim.handleGroupApplication({
      groupID: approval.groupID,
      applicant: y.userID,
      handleAction: 'Reject',
      handleMessage: '不行',
    });
    await eventually(() => expect(notices(x)).toContain(TIM.TYPES.GRP_SYS_NOTICE_ACCEPTED));
    await eventually(() => expect(notices(y)).toContain(TIM.TYPES.GRP_SYS_NOTICE_REFUSED));
    expect(
      await errorOf(
        owner.tim.handleGroupApplication({
          groupID: approval.groupID,
          applicant: y.userID,
          handleAction: 'Agree',
        }),
      ),
    ).toBe('IM_PENDENCY_NOT_FOUND');
    // pendency pages by 10
    const many = [];
    for (let i = 0; i < 11; i++) many.push(await client(s.url, await imUser(s.app)));
    open.push(...many);
    for (const m of many) await m.tim.joinGroup({ groupID: approval.groupID });
    const p1 = (await owner.tim.getGroupApplicationList()).data as {
      applicationList: unknown[];
      nextStartTime: number;
    };
    expect(p1.applicationList).toHaveLength(10);
    expect(p1.nextStartTime).toBeGreaterThan(0);
    const p2 = (await owner.tim.getGroupApplicationList({ startTime: p1.nextStartTime })).data as {
      applicationList: unknown[];
    };
    expect(p2.applicationList.length).toBeGreaterThanOrEqual(1);

    const closed = (
      await owner.tim.createGroup({ type: 'Public', name: 'closed', joinOption: 'DisableApply' })
    ).data.group;
    expect(await errorOf(z.tim.joinGroup({ groupID: closed.groupID }))).toBe('IM_JOIN_FAILED');
    const work = (await owner.tim.createGroup({ type: TIM.TYPES.GRP_WORK, name: 'work' })).data
      .group;
    expect(await errorOf(z.tim.joinGroup({ groupID: work.groupID }))).toBe('IM_JOIN_WORK_GROUP');
    expect(await errorOf(z.tim.joinGroup({ groupID: 'no-such-group' }))).toBe('IM_GROUP_NOT_FOUND');

    const room = (await owner.tim.createGroup({ type: 'ChatRoom', name: 'room', maxMemberNum: 2 }))
      .data.group;
    await x.tim.joinGroup({ groupID: room.groupID });
    const full = await z.tim.joinGroup({ groupID: room.groupID }).catch((e) => e);
    expect([full.error, full.code, full.status]).toEqual(['IM_CHATROOM_FULL', 10014, 406]);
    const rooms = (await z.tim.getChatRoomList()).data as {
      list: GroupProfile[];
      pageNum: number;
      pageSize: number;
    };
    expect(rooms.pageNum).toBe(1);
    expect(rooms.pageSize).toBe(20);
    expect(rooms.list.map((g) => g.groupID)).toContain(room.groupID);
    await x.tim.leaveChatRoom(room.groupID);
    expect((await z.tim.joinGroup({ groupID: room.groupID })).data.status).toBe('JoinedSuccess');
  });

  it('roles: owner-only set role (Admin/Member, not self, not Work/AVChatRoom); change owner; mute; quit; kick; dismiss', async () => {
    const [o, m1, m2, out] = (await users(4)) as [Client, Client, Client, Client];
    const g = (
      await o.tim.createGroup({
        type: 'Public',
        name: 'roles',
        memberList: [{ userID: m1.userID }, { userID: m2.userID }],
      })
    ).data.group;
    const gid = g.groupID;
    expect(
      await errorOf(m1.tim.setGroupMemberRole({ groupID: gid, userID: m2.userID, role: 'Admin' })),
    ).toBe('IM_NOT_OWNER');
    expect(
      await errorOf(() =>
        o.tim.setGroupMemberRole({ groupID: gid, userID: m1.userID, role: 'Owner' }),
      ),
    ).toBe('IM_ROLE_INVALID');
    expect(
      await errorOf(
        raw(o)('setGroupMemberRole', { groupID: gid, userID: m1.userID, role: 'Boss' }),
      ),
    ).toBe('IM_ROLE_INVALID');
    expect(
      await errorOf(
        raw(o)('setGroupMemberRole', { groupID: gid, userID: o.userID, role: 'Admin' }),
      ),
    ).toBe('IM_SET_ROLE_SELF');
    expect(
      await errorOf(o.tim.setGroupMemberRole({ groupID: gid, userID: out.userID, role: 'Admin' })),
    ).toBe('IM_MEMBER_NOT_IN_GROUP');
    const work = (
      await o.tim.createGroup({ type: 'Private', name: 'w', memberList: [{ userID: m1.userID }] })
    ).data.group;
    expect(
      await errorOf(
        o.tim.setGroupMemberRole({ groupID: work.groupID, userID: m1.userID, role: 'Admin' }),
      ),
    ).toBe('IM_SET_ROLE_GROUP_TYPE');
    expect(await errorOf(o.tim.dismissGroup(work.groupID))).toBe('IM_DISMISS_WORK_GROUP');
    const av = (await o.tim.createGroup({ type: 'AVChatRoom', name: 'live' })).data.group;
    expect(
      await errorOf(
        o.tim.setGroupMemberRole({ groupID: av.groupID, userID: m1.userID, role: 'Admin' }),
      ),
    ).toBe('IM_SET_ROLE_GROUP_TYPE');
    expect(
      await errorOf(o.tim.changeGroupOwner({ groupID: av.groupID, newOwnerID: m1.userID })),
    ).toBe('IM_CHANGE_OWNER_AVCHATROOM');
    expect(
      await errorOf(o.tim.addGroupMember({ groupID: av.groupID, userIDList: [m1.userID] })),
    ).toBe('IM_AVCHATROOM_MEMBERS');
    expect(
      await errorOf(o.tim.deleteGroupMember({ groupID: av.groupID, userIDList: [m1.userID] })),
    ).toBe('IM_AVCHATROOM_MEMBERS');

    await o.tim.setGroupMemberRole({ groupID: gid, userID: m1.userID, role: 'Admin' });
    await eventually(() => expect(tips(m2, gid)).toContain(TIM.TYPES.GRP_TIP_MBR_SET_ADMIN));
    await eventually(() => expect(notices(m1)).toContain(TIM.TYPES.GRP_SYS_NOTICE_SET_ADMIN));
    // mute: admin/owner, not self
    expect(
      await errorOf(() =>
        m1.tim.setGroupMemberMuteTime({ groupID: gid, userID: m1.userID, muteTime: 60 }),
      ),
    ).toBe('IM_MUTE_SELF');
    expect(
      await errorOf(
        raw(m1)('setGroupMemberMuteTime', { groupID: gid, userID: m1.userID, muteTime: 60 }),
      ),
    ).toBe('IM_MUTE_SELF');
    expect(
      await errorOf(
        m2.tim.setGroupMemberMuteTime({ groupID: gid, userID: m1.userID, muteTime: 60 }),
      ),
    ).toBe('IM_NOT_ADMIN');
    await m1.tim.setGroupMemberMuteTime({ groupID: gid, userID: m2.userID, muteTime: 60 });
    expect(await errorOf(m2.tim.sendMessage(text(m2.tim, gid, 'muted?', 'GROUP')))).toBe(
      'IM_MUTED',
    );
    await eventually(() => expect(tips(o, gid)).toContain(TIM.TYPES.GRP_TIP_MBR_PROFILE_UPDATED));
    await m1.tim.setGroupMemberMuteTime({ groupID: gid, userID: m2.userID, muteTime: 0 });
    expect((await m2.tim.sendMessage(text(m2.tim, gid, 'free', 'GROUP'))).data.message.status).toBe(
      'success',
    );
    // an admin may revoke anyone's message; a member may not
    const fromM2 = (await m2.tim.sendMessage(text(m2.tim, gid, 'to revoke', 'GROUP'))).data.message;
    await eventually(() => expect(o.received.some((x) => x.ID === fromM2.ID)).toBe(true));
    expect(
      await errorOf(raw(o)('revokeMessage', { conversationID: `GROUP${gid}`, sequence: 1 })),
    ).toBe('IM_REVOKE_DENIED'); // a tip
    await m1.tim.revokeMessage(fromM2);
    await eventually(() =>
      expect(o.received.find((x) => x.ID === fromM2.ID)?.isRevoked).toBe(true),
    );
    // member list paging: default 15, max 100
    const ml = (await o.tim.getGroupMemberList({ groupID: gid })).data as {
      memberList: Array<{ userID: string; role: string }>;
    };
    expect(ml.memberList.map((x) => x.role).sort()).toEqual(['Admin', 'Member', 'Owner']);
    expect(await errorOf(out.tim.getGroupMemberList({ groupID: gid }))).toBe('IM_NOT_MEMBER');
    const prof = (
      await o.tim.getGroupMemberProfile({ groupID: gid, userIDList: [m1.userID, out.userID] })
    ).data.memberList;
    expect((prof as Array<{ userID: string }>).map((x) => x.userID)).toEqual([m1.userID]);
    // cancel admin
    await o.tim.setGroupMemberRole({ groupID: gid, userID: m1.userID, role: 'Member' });
    await eventually(() => expect(tips(m2, gid)).toContain(TIM.TYPES.GRP_TIP_MBR_CANCELED_ADMIN));
    // change owner: not to self; old owner becomes Member
    expect(await errorOf(raw(o)('changeGroupOwner', { groupID: gid, newOwnerID: o.userID }))).toBe(
      'IM_CHANGE_OWNER_SELF',
    );
    expect(await errorOf(m1.tim.changeGroupOwner({ groupID: gid, newOwnerID: m2.userID }))).toBe(
      'IM_NOT_OWNER',
    );
    await o.tim.changeGroupOwner({ groupID: gid, newOwnerID: m1.userID });
    const roles = (await m1.tim.getGroupMemberList({ groupID: gid, count: 500 })).data as {
      memberList: Array<{ userID: string; role: string }>;
    };
    expect(roles.memberList.find((x) => x.userID === o.userID)?.role).toBe('Member');
    expect(roles.memberList.find((x) => x.userID === m1.userID)?.role).toBe('Owner');
    // quit: members only; removes the group and its conversation on every device
    expect(await errorOf(out.tim.quitGroup(gid))).toBe('IM_NOT_MEMBER');
    await o.tim.quitGroup(gid);
    expect(
      (await o.tim.getConversationList()).data.conversationList.some(
        (c) => c.conversationID === `GROUP${gid}`,
      ),
    ).toBe(false);
    await eventually(() => expect(tips(m2, gid)).toContain(TIM.TYPES.GRP_TIP_MBR_QUIT));
    // kick: m2 loses the group on its devices
    const removedAtM2: TimEvent[] = [];
    m2.tim.on(TIM.EVENT.GROUP_LIST_UPDATED, (e) => removedAtM2.push(e));
    await m1.tim.deleteGroupMember({ groupID: gid, userIDList: [m2.userID], reason: 'bye' });
    await eventually(() => expect(notices(m2)).toContain(TIM.TYPES.GRP_SYS_NOTICE_KICKED_OUT));
    await eventually(async () =>
      expect(
        (await m2.tim.getConversationList()).data.conversationList.some(
          (c) => c.conversationID === `GROUP${gid}`,
        ),
      ).toBe(false),
    );
    expect(await errorOf(m2.tim.sendMessage(text(m2.tim, gid, 'still?', 'GROUP')))).toBe(
      'IM_NOT_MEMBER',
    );
    // dismiss: owner only
    const [d1] = (await users(1)) as [Client];
    const dg = (
      await m1.tim.createGroup({
        type: 'ChatRoom',
        name: 'dismiss me',
        memberList: [{ userID: d1.userID }],
      })
    ).data.group;
    await eventually(async () =>
      expect((await d1.tim.getGroupList()).data.groupList.length).toBeGreaterThan(0),
    );
    expect(await errorOf(d1.tim.dismissGroup(dg.groupID))).toBe('IM_NOT_OWNER');
    await m1.tim.dismissGroup(dg.groupID);
    await eventually(() => expect(notices(d1)).toContain(TIM.TYPES.GRP_SYS_NOTICE_GROUP_DISMISSED));
    await eventually(async () =>
      expect(
        (await d1.tim.getGroupList()).data.groupList.some(
          (x: GroupProfile) => x.groupID === dg.groupID,
        ),
      ).toBe(false),
    );
    expect(await errorOf(d1.tim.getGroupProfile({ groupID: dg.groupID }))).toBe(
      'IM_GROUP_NOT_FOUND',
    );
  });
});
