import { type ImGroupProfile, PUSH } from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { Pusher } from '../gateway.ts';
import { groupKey } from '../keys.ts';
import type { LiveRooms } from '../live/live-rooms.ts';
import type { MessageRepo } from '../messages/message.repo.ts';
import type { GroupAccess, MessageService } from '../messages/message.service.ts';
import type { SocialService } from '../social/social.service.ts';
import type { GroupRepo, GroupRow, MemberRow } from './group.repo.ts';

export type CreateGroup = {
  type: string;
  name: string;
  groupID?: string;
  introduction?: string;
  notification?: string;
  avatar?: string;
  maxMemberNum?: number;
  joinOption?: string;
  memberList?: Array<{ userID: string }>;
  groupCustomField?: Array<{ key: string; value: string }>;
};

export function toGroupProfile(g: GroupRow, self?: MemberRow, nextSeq = 0): ImGroupProfile {
  return {
    groupID: g.group_id,
    name: g.name,
    avatar: g.avatar,
    type: g.type as ImGroupProfile['type'],
    introduction: g.introduction,
    notification: g.notification,
    ownerID: g.owner_id,
    createTime: Math.floor(g.created_ms / 1000),
    infoSequence: g.info_seq,
    lastInfoTime: Math.floor(g.info_ms / 1000),
    nextMessageSeq: nextSeq + 1,
    memberNum: g.member_num,
    maxMemberNum: g.max_member_num,
    joinOption: g.join_option,
    muteAllMembers: g.mute_all,
    groupCustomField: g.custom,
    selfInfo: {
      role: (self?.role ?? '') as ImGroupProfile['selfInfo']['role'],
      joinTime: self ? Math.floor(self.join_ms / 1000) : 0,
      nameCard: self?.name_card ?? '',
      messageRemindType: 'AcceptAndNotify',
    },
  };
}

/**
 * A Private (TIM's Work) group is seen by its members only: to anyone else its profile reads
 * exactly like a group that does not exist (IM_GROUP_NOT_FOUND), so that its name, owner,
 * introduction and notification, and its very existence, do not leak through a lookup.
 * Public, ChatRoom and AVChatRoom groups stay searchable by anyone.
 */
export const hiddenFrom = (g: GroupRow, self: MemberRow | undefined) =>
  g.type === 'Private' && !self;

/** Group lookups, membership guards, and the tips and notices every change posts. */
export class GroupCore implements GroupAccess {
  live: LiveRooms | undefined;

  constructor(
    readonly repo: GroupRepo,
    protected readonly messageRepo: MessageRepo,
    protected readonly messages: MessageService,
    protected readonly social: SocialService,
    protected readonly push: Pusher,
  ) {}

  async mustGroup(groupID: string): Promise<GroupRow> {
    const g = await this.repo.group(groupID);
    if (!g) throw new AppError('IM_GROUP_NOT_FOUND');
    return g;
  }

  async mustMember(groupID: string, userID: string): Promise<{ g: GroupRow; me: MemberRow }> {
    const g = await this.mustGroup(groupID);
    const me = await this.repo.member(groupID, userID);
    if (!me) throw new AppError('IM_NOT_MEMBER');
    return { g, me };
  }

  async mustManager(groupID: string, userID: string) {
    const r = await this.mustMember(groupID, userID);
    if (r.me.role !== 'Owner' && r.me.role !== 'Admin') throw new AppError('IM_NOT_ADMIN');
    return r;
  }

  // ---- GroupAccess (used by messages) ----

  async assertCanSend(groupID: string, userID: string) {
    const { g, me } = await this.mustMember(groupID, userID);
    if (g.type === 'AVChatRoom') throw new AppError('IM_LIVE_NOT_JOINED');
    if (me.mute_until > Date.now()) throw new AppError('IM_MUTED');
    if (g.mute_all && me.role === 'Member') throw new AppError('IM_MUTED');
  }

  memberIds(groupID: string) {
    return this.repo.memberIds(groupID);
  }

  async role(groupID: string, userID: string) {
    return (await this.repo.member(groupID, userID))?.role;
  }

  async profiles(groupIDs: string[], viewer: string) {
    const rows = await this.repo.groups(groupIDs.slice(0, 500));
    const out = new Map<string, ImGroupProfile>();
    for (const g of rows) {
      const self = await this.repo.member(g.group_id, viewer);
      if (hiddenFrom(g, self)) continue;
      out.set(
        g.group_id,
        toGroupProfile(g, self, await this.messageRepo.lastSeq(this.repo.db, groupKey(g.group_id))),
      );
    }
    return out;
  }

  // ---- tips and notices ----

  protected tip(
    groupID: string,
    operatorID: string,
    operationType: number,
    extra: Record<string, unknown>,
    recipients: string[],
    joiner?: string[],
  ) {
    return this.messages.postSystem(
      {
        convType: 'GROUP',
        target: groupID,
        from: operatorID,
        type: 'TIMGroupTipElem',
        payload: { operationType, operatorID, groupID, ...extra },
      },
      { recipients, ...(joiner ? { joiner } : {}) },
    );
  }

  protected async notice(
    to: string[],
    g: GroupRow,
    operatorID: string,
    operationType: number,
    handleMessage = '',
  ) {
    for (const u of to) {
      await this.messages.postSystem(
        {
          convType: '@TIM#SYSTEM',
          target: u,
          from: '@TIM#SYSTEM',
          type: 'TIMGroupSystemNoticeElem',
          payload: {
            operationType,
            operatorID,
            handleMessage,
            groupProfile: { groupID: g.group_id, name: g.name, type: g.type },
          },
        },
        { recipients: [u] },
      );
    }
  }

  /** Removes the group and its conversation for these users on every device. */
  protected async removedFor(
    users: string[],
    groupID: string,
    reason: 'kicked' | 'dismissed' | 'quit',
  ) {
    for (const u of users) await this.messages.dropGroupConversation(u, groupID);
    this.push.toUsers(users, PUSH.GROUP_REMOVED, {
      groupID,
      conversationID: `GROUP${groupID}`,
      reason,
    });
  }
}
