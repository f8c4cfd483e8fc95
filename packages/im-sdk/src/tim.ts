import {
  type ErrorId,
  IM,
  type ImCommand,
  type ImFriendApplication,
  type ImGroupMember,
  type ImGroupProfile,
  type ImPayload,
  type ImProfile,
  memberCustomFieldError,
  nameCardError,
  profileUpdateError,
} from '@chaopin/contracts';
import { EVENT, TYPES } from './constants.ts';
import { ok } from './core.ts';
import { TimError } from './errors.ts';
import { TimMessaging } from './messaging.ts';
import type { CreateOptions } from './types.ts';

/** The TIM-style client of the self-hosted messaging service. */
export class TIM extends TimMessaging {
  static readonly EVENT = EVENT;
  static readonly TYPES = TYPES;
  static readonly VERSION = IM.VERSION;

  static create(options: CreateOptions): TIM {
    return new TIM(options);
  }

  private constructor(options: CreateOptions) {
    super(options);
  }

  // ---- profiles, friends, blacklist ----

  async getMyProfile() {
    this.guard('getMyProfile');
    return ok(await this.call<'getMyProfile', ImProfile>('getMyProfile', {}));
  }

  async getUserProfile(o: { userIDList: string[] }) {
    this.guard('getUserProfile');
    if (!Array.isArray(o?.userIDList) || !o.userIDList.length)
      throw TimError.of('IM_PROFILE_QUERY_EMPTY');
    const ids = o.userIDList.slice(0, IM.PROFILE_QUERY_MAX);
    const now = Date.now();
    const missing = ids.filter((id) => {
      const c = this.profileCache.get(id);
      return !c || now - c.at > IM.PROFILE_CACHE_MS;
    });
    if (missing.length) {
      const fetched = await this.call<'getUserProfile', ImProfile[]>('getUserProfile', {
        userIDList: missing,
      });
      for (const p of fetched) this.profileCache.set(p.userID, { profile: p, at: now });
    }
    return ok(ids.flatMap((id) => this.profileCache.get(id)?.profile ?? []));
  }

  async updateMyProfile(o: Record<string, unknown>) {
    this.guard('updateMyProfile');
    const error = profileUpdateError(o);
    if (error) throw TimError.of(error);
    const p = await this.call<'updateMyProfile', ImProfile>('updateMyProfile', o);
    this.profileCache.set(p.userID, { profile: p, at: Date.now() });
    return ok(p);
  }

  private simple<C extends ImCommand>(name: string, cmd: C, payload: ImPayload<C>) {
    this.guard(name);
    return this.call(cmd, payload).then(ok);
  }

  getFriendList() {
    return this.simple('getFriendList', 'getFriendList', {});
  }
  addFriend(o: { to: string; wording?: string }) {
    return this.simple('addFriend', 'addFriend', {
      to: o?.to,
      ...(o?.wording ? { wording: o.wording } : {}),
    });
  }
  /** Requests to me and mine, each with the other user's nick and avatar ('' when none). */
  async getFriendApplicationList() {
    this.guard('getFriendApplicationList');
    return ok(
      await this.call<'getFriendApplicationList', ImFriendApplication[]>(
        'getFriendApplicationList',
        {},
      ),
    );
  }
  acceptFriendApplication(o: { userID: string }) {
    return this.simple('acceptFriendApplication', 'acceptFriendApplication', { userID: o?.userID });
  }
  refuseFriendApplication(o: { userID: string }) {
    return this.simple('refuseFriendApplication', 'refuseFriendApplication', { userID: o?.userID });
  }
  async deleteFriend(o: { userIDList: string[] }) {
    this.guard('deleteFriend');
    if (!Array.isArray(o?.userIDList) || o.userIDList.length > IM.FRIEND_DELETE_MAX)
      throw TimError.of('IM_FRIEND_DELETE_INVALID');
    return this.simple('deleteFriend', 'deleteFriend', { userIDList: o.userIDList });
  }
  private blacklistList(o: { userIDList: string[] } | undefined, forAdd: boolean): string[] {
    if (!Array.isArray(o?.userIDList)) throw TimError.of('IM_BLACKLIST_INVALID');
    if (forAdd && o.userIDList.length === 1 && o.userIDList[0] === this.userID)
      throw TimError.of('IM_BLACKLIST_SELF');
    return forAdd ? o.userIDList.filter((u) => u !== this.userID) : o.userIDList;
  }
  async addToBlacklist(o: { userIDList: string[] }) {
    this.guard('addToBlacklist');
    return this.simple('addToBlacklist', 'addToBlacklist', {
      userIDList: this.blacklistList(o, true),
    });
  }
  async removeFromBlacklist(o: { userIDList: string[] }) {
    this.guard('removeFromBlacklist');
    return this.simple('removeFromBlacklist', 'removeFromBlacklist', {
      userIDList: this.blacklistList(o, false),
    });
  }
  getBlacklist(o: { startIndex?: number } = {}) {
    return this.simple('getBlacklist', 'getBlacklist', { startIndex: o.startIndex ?? 0 });
  }

  // ---- groups ----

  createGroup(o: ImPayload<'createGroup'>) {
    this.guard('createGroup');
    if (!['Public', 'Private', 'ChatRoom', 'AVChatRoom', 'Work'].includes(o?.type))
      throw TimError.of('IM_GROUP_TYPE_INVALID');
    const payload = { ...o };
    if (payload.type === 'AVChatRoom') delete payload.memberList;
    if (payload.type !== 'Public') delete payload.joinOption;
    return this.simple('createGroup', 'createGroup', payload).then((r) =>
      ok({ group: r.data as ImGroupProfile }),
    );
  }
  async getGroupList() {
    this.guard('getGroupList');
    await this.loadGroups();
    return ok({ groupList: [...this.groups.values()] });
  }
  getGroupProfile(o: { groupID: string }) {
    return this.simple('getGroupProfile', 'getGroupProfile', { groupID: o?.groupID }).then((r) =>
      ok({ group: r.data }),
    );
  }
  getGroupsProfile(o: { groupIDList: string[] }) {
    const ids = Array.isArray(o?.groupIDList) ? o.groupIDList.slice(0, IM.GROUP_QUERY_MAX) : [];
    return this.simple('getGroupsProfile', 'getGroupsProfile', { groupIDList: ids }).then((r) =>
      ok({ groupList: r.data }),
    );
  }
  updateGroupProfile(o: ImPayload<'updateGroupProfile'>) {
    return this.simple('updateGroupProfile', 'updateGroupProfile', o).then((r) =>
      ok({ group: r.data }),
    );
  }
  async joinGroup(o: { groupID: string; applyMessage?: string; type?: string }) {
    this.guard('joinGroup');
    if (o?.type === 'Private' || o?.type === 'Work') throw TimError.of('IM_JOIN_WORK_GROUP');
    if (!this.conn) throw TimError.of('IM_JOIN_NEED_LOGIN');
    const r = await this.call<'joinGroup', { status: string; group?: ImGroupProfile }>(
      'joinGroup',
      {
        groupID: o.groupID,
        ...(o.applyMessage ? { applyMessage: o.applyMessage } : {}),
      },
    );
    const status = r.status === 'Success' ? TYPES.JOIN_STATUS_SUCCESS : r.status;
    return ok({ status, group: r.group });
  }
  async quitGroup(groupID: string) {
    this.guard('quitGroup');
    if (!this.conn) throw TimError.of('IM_NOT_LOGGED_IN');
    await this.call('quitGroup', { groupID });
    this.removeGroup(groupID);
    return ok({ groupID });
  }
  async dismissGroup(groupID: string) {
    this.guard('dismissGroup');
    await this.call('dismissGroup', { groupID });
    this.removeGroup(groupID);
    return ok({ groupID });
  }
  changeGroupOwner(o: { groupID: string; newOwnerID: string }) {
    this.guard('changeGroupOwner');
    if (o?.newOwnerID === this.userID) throw TimError.of('IM_CHANGE_OWNER_SELF');
    return this.simple('changeGroupOwner', 'changeGroupOwner', {
      groupID: o?.groupID,
      newOwnerID: o?.newOwnerID,
    }).then((r) => ok({ group: r.data }));
  }
  setGroupMemberRole(o: { groupID: string; userID: string; role: string }) {
    this.guard('setGroupMemberRole');
    if (o?.role !== 'Admin' && o?.role !== 'Member') throw TimError.of('IM_ROLE_INVALID');
    if (o.userID === this.userID) throw TimError.of('IM_SET_ROLE_SELF');
    return this.simple('setGroupMemberRole', 'setGroupMemberRole', {
      groupID: o.groupID,
      userID: o.userID,
      role: o.role,
    });
  }
  setGroupMemberMuteTime(o: { groupID: string; userID: string; muteTime: number }) {
    this.guard('setGroupMemberMuteTime');
    if (o?.userID === this.userID) throw TimError.of('IM_MUTE_SELF');
    return this.simple('setGroupMemberMuteTime', 'setGroupMemberMuteTime', {
      groupID: o?.groupID,
      userID: o?.userID,
      muteTime: o?.muteTime,
    });
  }
  addGroupMember(o: { groupID: string; userIDList: string[] }) {
    return this.simple('addGroupMember', 'addGroupMember', {
      groupID: o?.groupID,
      userIDList: o?.userIDList,
    });
  }
  deleteGroupMember(o: { groupID: string; userIDList: string[]; reason?: string }) {
    return this.simple('deleteGroupMember', 'deleteGroupMember', {
      groupID: o?.groupID,
      userIDList: o?.userIDList,
      ...(o?.reason ? { reason: o.reason } : {}),
    });
  }
  getGroupMemberList(o: { groupID: string; count?: number; offset?: number }) {
    const count = Math.min(o?.count ?? IM.MEMBER_LIST_DEFAULT, IM.MEMBER_LIST_MAX);
    return this.simple('getGroupMemberList', 'getGroupMemberList', {
      groupID: o?.groupID,
      count,
      offset: o?.offset ?? 0,
    });
  }
  getGroupMemberProfile(o: { groupID: string; userIDList: string[] }) {
    const ids = Array.isArray(o?.userIDList) ? o.userIDList.slice(0, IM.GROUP_QUERY_MAX) : [];
    return this.simple('getGroupMemberProfile', 'getGroupMemberProfile', {
      groupID: o?.groupID,
      userIDList: ids,
    }).then((r) => ok({ memberList: r.data }));
  }
  /** Own name card, or (owner/admin) another member's; '' clears it. */
  async setGroupMemberNameCard(o: { groupID: string; userID?: string; nameCard: string }) {
    this.guard('setGroupMemberNameCard');
    const error = nameCardError(o?.nameCard);
    if (error) throw TimError.of(error);
    return this.memberInfoChanged(
      await this.call('setGroupMemberNameCard', {
        groupID: o.groupID,
        ...(o.userID ? { userID: o.userID } : {}),
        nameCard: o.nameCard,
      }),
    );
  }
  /** Sets (or with value '' deletes) custom fields of own or (owner/admin) another member's. */
  async setGroupMemberCustomField(o: {
    groupID: string;
    userID?: string;
    memberCustomField: Array<{ key: string; value: string }>;
  }) {
    this.guard('setGroupMemberCustomField');
    const error = memberCustomFieldError(o?.memberCustomField);
    if (error) throw TimError.of(error);
    return this.memberInfoChanged(
      await this.call('setGroupMemberCustomField', {
        groupID: o.groupID,
        ...(o.userID ? { userID: o.userID } : {}),
        memberCustomField: o.memberCustomField,
      }),
    );
  }
  private memberInfoChanged(r: unknown) {
    const { group, member } = r as { group: ImGroupProfile; member: ImGroupMember };
    if (this.groups.has(group.groupID)) {
      this.groups.set(group.groupID, group);
      this.emit(EVENT.GROUP_LIST_UPDATED, [...this.groups.values()]);
    }
    return ok({ group, member });
  }
  getGroupApplicationList(o: { startTime?: number } = {}) {
    return this.simple('getGroupApplicationList', 'getGroupApplicationList', {
      startTime: o.startTime ?? 0,
    });
  }
  handleGroupApplication(o: {
    groupID: string;
    applicant: string;
    handleAction: 'Agree' | 'Reject';
    handleMessage?: string;
  }) {
    return this.simple('handleGroupApplication', 'handleGroupApplication', {
      groupID: o?.groupID,
      applicant: o?.applicant,
      handleAction: o?.handleAction,
      ...(o?.handleMessage ? { handleMessage: o.handleMessage } : {}),
    });
  }
  searchGroupByID(groupID: string) {
    return this.simple('searchGroupByID', 'searchGroupByID', { groupID }).then((r) =>
      ok({ group: r.data }),
    );
  }
  getChatRoomList(o: { pageNum?: number; pageSize?: number } = {}) {
    return this.simple('getChatRoomList', 'getChatRoomList', {
      pageNum: o.pageNum ?? 1,
      pageSize: o.pageSize ?? IM.CHATROOM_PAGE_SIZE,
    });
  }
  leaveChatRoom(groupID: string) {
    return this.simple('leaveChatRoom', 'leaveChatRoom', { groupID }).then(() => {
      this.removeGroup(groupID);
      return ok({ groupID });
    });
  }

  /** Live chat room online count (SPEC: allowed before SDK_READY; served by the live-room path). */
  async getGroupOnlineMemberCount(groupID: string) {
    this.guard('getGroupOnlineMemberCount');
    const res = await fetch(
      `${this.server}/chaopin-boot/api/v1/imLive/onlineMemberNum?groupID=${encodeURIComponent(groupID)}`,
    ).catch(() => {
      throw TimError.of('IM_DISCONNECTED');
    });
    const body = (await res.json().catch(() => null)) as {
      code: number;
      error?: string;
      msg?: string;
      data: { onlineMemberNum: number };
    } | null;
    if (body?.code !== 1)
      throw new TimError(body?.code ?? 400, body?.error ?? 'IM_GROUP_NOT_FOUND', body?.msg ?? '');
    return ok({ memberCount: body.data.onlineMemberNum });
  }

  /** An SDK-side error by catalogue id (for apps wrapping calls). */
  static error(id: ErrorId) {
    return TimError.of(id);
  }
}
