import {
  type ErrorId,
  IM,
  type ImGroupMember,
  type ImGroupProfile,
  type ImPayload,
  memberCustomFieldError,
  nameCardError,
} from '@chaopin/contracts';
import { EVENT, TYPES } from './constants.ts';
import { ok } from './core.ts';
import { TimError } from './errors.ts';
import { TimSocial } from './social.ts';
import type { CreateOptions, Message } from './types.ts';

/** TIM.create's instances: one per SDKAppID, as TIM keeps them, until destroyed. */
const instances = new Map<number, TIM>();

/** The TIM-style client of the self-hosted messaging service (groups on top of TimSocial). */
export class TIM extends TimSocial {
  static readonly EVENT = EVENT;
  static readonly TYPES = TYPES;
  static readonly VERSION = IM.VERSION;

  /** As TIM: the same SDKAppID gives the same instance until it is destroyed. */
  static create(options: CreateOptions): TIM {
    const SDKAppID = Number(options?.SDKAppID);
    if (!Number.isInteger(SDKAppID) || SDKAppID <= 0) throw TimError.of('IM_SDKAPPID_REQUIRED');
    let tim = instances.get(SDKAppID);
    if (!tim) {
      tim = new TIM({ ...options, SDKAppID });
      instances.set(SDKAppID, tim);
    }
    return tim;
  }

  private constructor(options: CreateOptions) {
    super(options);
  }

  /** Frees the SDKAppID at once, so a TIM.create right after gets a new instance. */
  override async destroy() {
    if (instances.get(this.SDKAppID) === this) instances.delete(this.SDKAppID);
    return super.destroy();
  }

  // ---- groups ----

  /** `groupID: ''` (or none) lets the server assign one; GRP_MEETING is ChatRoom's TIM name. */
  async createGroup(o: ImPayload<'createGroup'>) {
    this.guard('createGroup');
    if (!['Public', 'Private', 'ChatRoom', 'AVChatRoom', 'Work'].includes(o?.type))
      throw TimError.of('IM_GROUP_TYPE_INVALID');
    const payload = { ...o };
    if (!payload.groupID) delete payload.groupID;
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
  async changeGroupOwner(o: { groupID: string; newOwnerID: string }) {
    this.guard('changeGroupOwner');
    if (o?.newOwnerID === this.userID) throw TimError.of('IM_CHANGE_OWNER_SELF');
    return this.simple('changeGroupOwner', 'changeGroupOwner', {
      groupID: o?.groupID,
      newOwnerID: o?.newOwnerID,
    }).then((r) => ok({ group: r.data }));
  }
  async setGroupMemberRole(o: { groupID: string; userID: string; role: string }) {
    this.guard('setGroupMemberRole');
    if (o?.role !== 'Admin' && o?.role !== 'Member') throw TimError.of('IM_ROLE_INVALID');
    if (o.userID === this.userID) throw TimError.of('IM_SET_ROLE_SELF');
    return this.simple('setGroupMemberRole', 'setGroupMemberRole', {
      groupID: o.groupID,
      userID: o.userID,
      role: o.role,
    });
  }
  async setGroupMemberMuteTime(o: { groupID: string; userID: string; muteTime: number }) {
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
      startTime: o?.startTime ?? 0,
    });
  }
  /**
   * TIM's shape: `{ handleAction, handleMessage, message }` where message is the join request's
   * group system notice (or `application`, an entry of getGroupApplicationList); the explicit
   * `{ groupID, applicant }` is accepted too.
   */
  async handleGroupApplication(o: {
    handleAction: 'Agree' | 'Reject';
    handleMessage?: string;
    message?: Message;
    application?: { groupID?: string; applicant?: string };
    groupID?: string;
    applicant?: string;
  }) {
    this.guard('handleGroupApplication');
    const notice = o?.message?.payload as
      | { groupProfile?: { groupID?: string }; operatorID?: string }
      | undefined;
    const groupID = o?.groupID ?? o?.application?.groupID ?? notice?.groupProfile?.groupID;
    const applicant = o?.applicant ?? o?.application?.applicant ?? notice?.operatorID;
    if (!groupID || !applicant) throw TimError.of('IM_PENDENCY_NOT_FOUND');
    return this.simple('handleGroupApplication', 'handleGroupApplication', {
      groupID,
      applicant,
      handleAction: o.handleAction,
      ...(o.handleMessage ? { handleMessage: o.handleMessage } : {}),
    });
  }
  searchGroupByID(groupID: string) {
    return this.simple('searchGroupByID', 'searchGroupByID', { groupID }).then((r) =>
      ok({ group: r.data }),
    );
  }
  getChatRoomList(o: { pageNum?: number; pageSize?: number } = {}) {
    return this.simple('getChatRoomList', 'getChatRoomList', {
      pageNum: o?.pageNum ?? 1,
      pageSize: o?.pageSize ?? IM.CHATROOM_PAGE_SIZE,
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
      throw new TimError(body?.error ?? 'IM_GROUP_NOT_FOUND', body?.msg ?? '', {
        status: body?.code ?? 400,
      });
    return ok({ memberCount: body.data.onlineMemberNum });
  }

  /** An SDK-side error by catalogue id (for apps wrapping calls). */
  static error(id: ErrorId) {
    return TimError.of(id);
  }
}
