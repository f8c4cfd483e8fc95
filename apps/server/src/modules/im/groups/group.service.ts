import { randomBytes } from 'node:crypto';
import { GROUP_NOTICE, GROUP_TIP, IM, type ImGroupProfile, PUSH } from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { ImCaller } from '../gateway.ts';
import { groupKey } from '../keys.ts';
import { type CreateGroup, hiddenFrom, toGroupProfile } from './group-core.ts';
import { GroupMemberInfo } from './group-member-info.service.ts';

/** TIM's Work group is its Private type (TIM.TYPES.GRP_WORK === 'Private'). */
const CREATABLE = new Set(['Public', 'Private', 'ChatRoom', 'AVChatRoom']);
const MAX_MEMBERS: Record<string, number> = {
  Public: 2000,
  Private: 200,
  ChatRoom: 6000,
  AVChatRoom: 100000,
};

export { toGroupProfile };

/** Groups with SPEC §5/§6 rules; membership changes post group tips and system notices. */
export class GroupService extends GroupMemberInfo {
  // ---- commands ----

  async create(caller: ImCaller, p: CreateGroup) {
    const me = caller.userID;
    const type = p.type === 'Work' ? 'Private' : p.type;
    if (!CREATABLE.has(type)) throw new AppError('IM_GROUP_TYPE_INVALID');
    const name = p.name.trim();
    if (!name || name.length > 30) throw new AppError('IM_GROUP_NAME_INVALID');
    const joinOption =
      type === 'Public'
        ? p.joinOption && ['FreeAccess', 'NeedPermission', 'DisableApply'].includes(p.joinOption)
          ? p.joinOption
          : 'NeedPermission'
        : type === 'Private'
          ? 'DisableApply'
          : 'FreeAccess';
    const groupID = p.groupID ?? `@TGS#${randomBytes(6).toString('hex')}`;
    const members =
      type === 'AVChatRoom'
        ? []
        : [...new Set((p.memberList ?? []).map((m) => m.userID))].filter((u) => u !== me);
    const existing = members.length ? [...(await this.social.profiles(members)).keys()] : [];
    const now = Date.now();
    const created = await this.repo.transaction(async (trx) => {
      const inserted = await this.repo.insertGroup(trx, {
        group_id: groupID,
        type,
        name,
        avatar: p.avatar ?? '',
        introduction: p.introduction ?? '',
        notification: p.notification ?? '',
        owner_id: me,
        join_option: joinOption,
        max_member_num: Math.min(
          p.maxMemberNum ?? MAX_MEMBERS[type] ?? 2000,
          MAX_MEMBERS[type] ?? 2000,
        ),
        mute_all: false,
        custom: JSON.stringify(p.groupCustomField ?? []),
        info_seq: 1,
        created_ms: now,
        info_ms: now,
      });
      if (!inserted) return false;
      await this.repo.addMembers(trx, groupID, [me], 'Owner', now);
      await this.repo.addMembers(trx, groupID, existing, 'Member', now);
      return true;
    });
    if (!created) throw new AppError('IM_GROUP_EXISTS');
    if (type === 'AVChatRoom') {
      await this.live?.create(groupID, me);
    } else {
      const all = [me, ...existing];
      await this.tip(groupID, me, GROUP_TIP.MEMBER_JOIN, { userIDList: all }, all, all);
      const g = await this.mustGroup(groupID);
      await this.notice(existing, g, me, GROUP_NOTICE.INVITED);
      this.push.toUsers(all, PUSH.GROUP_UPDATED, { groupID });
    }
    return this.profileFor(groupID, me);
  }

  /** A group's profile as this viewer sees it (a Private group: members only). */
  async profileFor(groupID: string, viewer: string): Promise<ImGroupProfile> {
    const g = await this.mustGroup(groupID);
    const self = await this.repo.member(groupID, viewer);
    if (hiddenFrom(g, self)) throw new AppError('IM_GROUP_NOT_FOUND');
    return toGroupProfile(g, self, await this.messageRepo.lastSeq(this.repo.db, groupKey(groupID)));
  }

  async list(me: string) {
    const [rows, selves] = await Promise.all([this.repo.groupsOf(me), this.repo.membershipsOf(me)]);
    return rows
      .filter((g) => g.type !== 'AVChatRoom')
      .map((g) => toGroupProfile(g, selves.get(g.group_id)));
  }

  async groupsProfile(me: string, ids: string[]) {
    const map = await this.profiles([...new Set(ids)].slice(0, IM.GROUP_QUERY_MAX), me);
    return [...map.values()];
  }

  async join(caller: ImCaller, groupID: string, applyMessage = '') {
    const me = caller.userID;
    const g = await this.mustGroup(groupID);
    if (g.type === 'Private') throw new AppError('IM_JOIN_WORK_GROUP');
    if (await this.repo.member(groupID, me))
      return { status: 'AlreadyInGroup', group: await this.profileFor(groupID, me) };
    if (g.type === 'AVChatRoom') {
      // Live rooms keep no membership here: the live fan-out path admits viewers.
      if (this.live && !(await this.live.exists(groupID)))
        await this.live.create(groupID, g.owner_id);
      return { status: 'Success', group: toGroupProfile(g) };
    }
    if (g.type === 'Public' && g.join_option === 'DisableApply')
      throw new AppError('IM_JOIN_FAILED');
    if (g.type === 'Public' && g.join_option === 'NeedPermission') {
      await this.repo.addPendency(groupID, me, applyMessage, Date.now());
      const managers = (await this.repo.members(groupID, 0, 1000))
        .filter((m) => m.role !== 'Member')
        .map((m) => m.user_id);
      await this.notice(managers, g, me, GROUP_NOTICE.JOIN_REQUEST, applyMessage);
      return { status: 'WaitAdminApproval' };
    }
    await this.admit(groupID, me, me);
    return { status: 'Success', group: await this.profileFor(groupID, me) };
  }

  /** Adds members under the group lock (ChatRoom capacity: full → 406) and posts the join tip. */
  async admit(groupID: string, operator: string, ...users: string[]): Promise<string[]> {
    const added = await this.repo.transaction(async (trx) => {
      await this.repo.lockGroup(trx, groupID);
      const g = await this.repo.group(groupID, trx);
      if (!g) throw new AppError('IM_GROUP_NOT_FOUND');
      if (g.member_num + users.length > g.max_member_num) {
        throw new AppError(g.type === 'ChatRoom' ? 'IM_CHATROOM_FULL' : 'IM_JOIN_FAILED');
      }
      return this.repo.addMembers(trx, groupID, users, 'Member', Date.now());
    });
    if (added.length) {
      await this.tip(
        groupID,
        operator,
        GROUP_TIP.MEMBER_JOIN,
        { userIDList: added },
        await this.repo.memberIds(groupID),
        added,
      );
      this.push.toUsers(added, PUSH.GROUP_UPDATED, { groupID });
    }
    return added;
  }

  async quit(caller: ImCaller, groupID: string) {
    const me = caller.userID;
    const g = await this.mustGroup(groupID);
    if (g.type === 'AVChatRoom') return { groupID };
    const self = await this.repo.member(groupID, me);
    if (!self) throw new AppError('IM_NOT_MEMBER');
    if (self.role === 'Owner') throw new AppError('IM_OWNER_CANNOT_QUIT');
    await this.repo.removeMembers(this.repo.db, groupID, [me]);
    await this.tip(
      groupID,
      me,
      GROUP_TIP.MEMBER_QUIT,
      { userIDList: [me] },
      await this.repo.memberIds(groupID),
    );
    await this.notice([me], g, me, GROUP_NOTICE.QUIT);
    await this.removedFor([me], groupID, 'quit');
    return { groupID };
  }

  async dismiss(caller: ImCaller, groupID: string) {
    const me = caller.userID;
    const g = await this.mustGroup(groupID);
    if (g.type === 'Private') throw new AppError('IM_DISMISS_WORK_GROUP');
    if (g.owner_id !== me) throw new AppError('IM_NOT_OWNER');
    const members = await this.repo.memberIds(groupID);
    if (!(await this.repo.deleteGroup(groupID))) throw new AppError('IM_GROUP_NOT_FOUND');
    if (g.type === 'AVChatRoom') await this.live?.dismiss(groupID);
    await this.notice(members, g, me, GROUP_NOTICE.DISMISSED);
    await this.removedFor(members, groupID, 'dismissed');
    return { groupID };
  }

  async changeOwner(caller: ImCaller, groupID: string, newOwnerID: string) {
    const me = caller.userID;
    const g = await this.mustGroup(groupID);
    if (g.type === 'AVChatRoom') throw new AppError('IM_CHANGE_OWNER_AVCHATROOM');
    if (newOwnerID === me) throw new AppError('IM_CHANGE_OWNER_SELF');
    if (g.owner_id !== me) throw new AppError('IM_NOT_OWNER');
    if (!(await this.repo.member(groupID, newOwnerID)))
      throw new AppError('IM_MEMBER_NOT_IN_GROUP');
    await this.repo.transaction(async (trx) => {
      await this.repo.setRole(trx, groupID, newOwnerID, 'Owner');
      await this.repo.setRole(trx, groupID, me, 'Member');
      await this.repo.updateGroup(trx, groupID, { owner_id: newOwnerID }, Date.now());
    });
    await this.tip(
      groupID,
      me,
      GROUP_TIP.GROUP_PROFILE_UPDATED,
      { newGroupProfile: { ownerID: newOwnerID } },
      await this.repo.memberIds(groupID),
    );
    return this.profileFor(groupID, me);
  }

  async setRole(caller: ImCaller, groupID: string, userID: string, role: string) {
    const me = caller.userID;
    const g = await this.mustGroup(groupID);
    if (g.owner_id !== me) throw new AppError('IM_NOT_OWNER');
    if (g.type === 'Private' || g.type === 'AVChatRoom')
      throw new AppError('IM_SET_ROLE_GROUP_TYPE');
    if (role !== 'Admin' && role !== 'Member') throw new AppError('IM_ROLE_INVALID');
    if (userID === me) throw new AppError('IM_SET_ROLE_SELF');
    const target = await this.repo.member(groupID, userID);
    if (!target) throw new AppError('IM_MEMBER_NOT_IN_GROUP');
    if (target.role !== role) {
      await this.repo.setRole(this.repo.db, groupID, userID, role);
      const op = role === 'Admin' ? GROUP_TIP.SET_ADMIN : GROUP_TIP.CANCEL_ADMIN;
      await this.tip(groupID, me, op, { userIDList: [userID] }, await this.repo.memberIds(groupID));
      await this.notice(
        [userID],
        g,
        me,
        role === 'Admin' ? GROUP_NOTICE.SET_ADMIN : GROUP_NOTICE.CANCEL_ADMIN,
      );
    }
    return { groupID, userID, role };
  }

  async mute(caller: ImCaller, groupID: string, userID: string, muteTime: number) {
    const me = caller.userID;
    if (userID === me) throw new AppError('IM_MUTE_SELF');
    const { me: self } = await this.mustManager(groupID, me);
    const target = await this.repo.member(groupID, userID);
    if (!target) throw new AppError('IM_MEMBER_NOT_IN_GROUP');
    if (target.role === 'Owner' || (self.role === 'Admin' && target.role === 'Admin'))
      throw new AppError('IM_NOT_ADMIN');
    const until = muteTime > 0 ? Date.now() + muteTime * 1000 : 0;
    await this.repo.setMute(groupID, userID, until);
    await this.tip(
      groupID,
      me,
      GROUP_TIP.MEMBER_PROFILE_UPDATED,
      { memberList: [{ userID, muteTime }] },
      await this.repo.memberIds(groupID),
    );
    return { groupID, userID, muteUntil: Math.floor(until / 1000) };
  }

  async addMembers(caller: ImCaller, groupID: string, userIDList: string[]) {
    const me = caller.userID;
    const g = await this.mustGroup(groupID);
    if (g.type === 'AVChatRoom') throw new AppError('IM_AVCHATROOM_MEMBERS');
    const { me: self } = await this.mustMember(groupID, me);
    if (g.type !== 'Private' && self.role === 'Member') throw new AppError('IM_NOT_ADMIN');
    const ids = [...new Set(userIDList)].filter((u) => u !== me);
    const known = new Set((await this.social.profiles(ids)).keys());
    const existed = new Set((await this.repo.membersByIds(groupID, ids)).map((m) => m.user_id));
    const toAdd = ids.filter((u) => known.has(u) && !existed.has(u));
    const added = toAdd.length ? await this.admit(groupID, me, ...toAdd) : [];
    await this.notice(added, g, me, GROUP_NOTICE.INVITED);
    return {
      successUserIDList: added,
      failureUserIDList: ids.filter((u) => !known.has(u)),
      existedUserIDList: [...existed],
    };
  }

  async deleteMembers(caller: ImCaller, groupID: string, userIDList: string[], reason = '') {
    const me = caller.userID;
    const g = await this.mustGroup(groupID);
    if (g.type === 'AVChatRoom') throw new AppError('IM_AVCHATROOM_MEMBERS');
    const { me: self } = await this.mustManager(groupID, me);
    const targets = await this.repo.membersByIds(groupID, [...new Set(userIDList)]);
    if (!targets.length) throw new AppError('IM_MEMBER_NOT_IN_GROUP');
    if (targets.some((t) => t.role === 'Owner' || (self.role === 'Admin' && t.role === 'Admin')))
      throw new AppError('IM_NOT_ADMIN');
    const removed = await this.repo.removeMembers(
      this.repo.db,
      groupID,
      targets.map((t) => t.user_id),
    );
    await this.tip(groupID, me, GROUP_TIP.MEMBER_KICKED, { userIDList: removed }, [
      ...(await this.repo.memberIds(groupID)),
      ...removed,
    ]);
    await this.notice(removed, g, me, GROUP_NOTICE.KICKED, reason);
    await this.removedFor(removed, groupID, 'kicked');
    return { successUserIDList: removed };
  }

  async updateProfile(
    caller: ImCaller,
    p: {
      groupID: string;
      name?: string;
      introduction?: string;
      notification?: string;
      avatar?: string;
      muteAllMembers?: boolean;
      joinOption?: string;
    },
  ) {
    const { g } = await this.mustManager(p.groupID, caller.userID);
    const set: Record<string, unknown> = {};
    if (p.name !== undefined) set.name = p.name;
    if (p.introduction !== undefined) set.introduction = p.introduction;
    if (p.notification !== undefined) set.notification = p.notification;
    if (p.avatar !== undefined) set.avatar = p.avatar;
    if (p.muteAllMembers !== undefined) set.mute_all = p.muteAllMembers;
    if (p.joinOption !== undefined && g.type === 'Public') {
      if (!['FreeAccess', 'NeedPermission', 'DisableApply'].includes(p.joinOption))
        throw new AppError('IM_BAD_FRAME');
      set.join_option = p.joinOption;
    }
    if (Object.keys(set).length) {
      await this.repo.updateGroup(this.repo.db, p.groupID, set, Date.now());
      const { groupID: _g, ...changed } = p;
      await this.tip(
        p.groupID,
        caller.userID,
        GROUP_TIP.GROUP_PROFILE_UPDATED,
        { newGroupProfile: changed },
        await this.repo.memberIds(p.groupID),
      );
    }
    return this.profileFor(p.groupID, caller.userID);
  }

  async pendencies(me: string, startTime = 0) {
    const rows = await this.repo.pendencies(me, startTime, IM.GROUP_PENDENCY_PAGE);
    const page = rows.slice(0, IM.GROUP_PENDENCY_PAGE);
    const next = rows[IM.GROUP_PENDENCY_PAGE];
    return {
      applicationList: page.map((r) => ({
        groupID: r.group_id,
        applicant: r.from_id,
        applicationType: 0,
        note: r.wording,
        time: r.created_ms,
      })),
      nextStartTime: next ? next.created_ms : 0,
    };
  }

  async handleApplication(
    caller: ImCaller,
    groupID: string,
    applicant: string,
    action: 'Agree' | 'Reject',
    handleMessage = '',
  ) {
    const { g } = await this.mustManager(groupID, caller.userID);
    const taken = await this.repo.transaction((trx) =>
      this.repo.takePendency(trx, groupID, applicant),
    );
    if (!taken) throw new AppError('IM_PENDENCY_NOT_FOUND');
    if (action === 'Agree') await this.admit(groupID, caller.userID, applicant);
    await this.notice(
      [applicant],
      g,
      caller.userID,
      action === 'Agree' ? GROUP_NOTICE.JOIN_ACCEPTED : GROUP_NOTICE.JOIN_REFUSED,
      handleMessage,
    );
    return { groupID, applicant, handleAction: action };
  }

  /**
   * searchGroupByID, and the REST group detail: a Private group is found by its members only
   * (and, over REST, by the operator), anyone else is answered as if it did not exist.
   */
  async search(groupID: string, viewer: string, operator = false) {
    const g = await this.mustGroup(groupID);
    if (!operator && g.type === 'Private' && !(await this.repo.member(groupID, viewer))) {
      throw new AppError('IM_GROUP_NOT_FOUND');
    }
    return toGroupProfile(g);
  }

  async chatRooms(pageNum = 1, pageSize: number = IM.CHATROOM_PAGE_SIZE) {
    const { rows, total } = await this.repo.chatRooms((pageNum - 1) * pageSize, pageSize);
    return { list: rows.map((g) => toGroupProfile(g)), total, pageNum, pageSize };
  }
}
