import {
  GROUP_TIP,
  IM,
  type ImGroupMember,
  type ImGroupProfile,
  type ImProfile,
  memberCustomFieldError,
  nameCardError,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { ImCaller } from '../gateway.ts';
import { groupKey } from '../keys.ts';
import { toMember } from '../messages/view.ts';
import type { MemberRow } from './group.repo.ts';
import { GroupCore, toGroupProfile } from './group-core.ts';

type Kv = Array<{ key: string; value: string }>;

/** A member as every member sees it: profile, role, name card and custom fields. */
export function memberView(r: MemberRow, p: ImProfile | undefined): ImGroupMember {
  return { ...toMember(r, p), memberCustomField: r.custom };
}

/** Merges a change into stored fields: a key is replaced in place or appended; '' deletes it. */
function mergeCustom(stored: Kv, change: Kv): Kv {
  const out = stored.map((f) => ({ ...f }));
  for (const { key, value } of change) {
    const i = out.findIndex((f) => f.key === key);
    if (i < 0) {
      if (value) out.push({ key, value });
    } else if (value) {
      out[i] = { key, value };
    } else {
      out.splice(i, 1);
    }
  }
  return out;
}

/**
 * Group member info (TIM's setGroupMemberNameCard / setGroupMemberCustomField) and the member
 * queries that show it. Anyone may change their own; the owner anyone's; an admin an ordinary
 * member's. Live rooms (AVChatRoom) keep no member info. A change posts the "member info
 * modified" tip (SPEC §4 type 7) to every member.
 */
export class GroupMemberInfo extends GroupCore {
  async memberList(
    me: string,
    groupID: string,
    count: number = IM.MEMBER_LIST_DEFAULT,
    offset = 0,
  ) {
    await this.mustMember(groupID, me);
    const rows = await this.repo.members(groupID, offset, Math.min(count, IM.MEMBER_LIST_MAX));
    const profiles = await this.social.profiles(rows.map((r) => r.user_id));
    return {
      memberList: rows.map((r) => memberView(r, profiles.get(r.user_id))),
      offset: offset + rows.length,
    };
  }

  async memberProfile(me: string, groupID: string, userIDList: string[]) {
    await this.mustMember(groupID, me);
    const rows = await this.repo.membersByIds(
      groupID,
      [...new Set(userIDList)].slice(0, IM.GROUP_QUERY_MAX),
    );
    const profiles = await this.social.profiles(rows.map((r) => r.user_id));
    return rows.map((r) => memberView(r, profiles.get(r.user_id)));
  }

  async setNameCard(caller: ImCaller, groupID: string, nameCard: unknown, userID?: string) {
    const error = nameCardError(nameCard);
    if (error) throw new AppError(error);
    const card = nameCard as string;
    const target = await this.mustEditable(groupID, caller.userID, userID);
    if (target.name_card !== card) {
      await this.repo.setMemberInfo(this.repo.db, groupID, target.user_id, { name_card: card });
      await this.memberTip(groupID, caller.userID, { userID: target.user_id, nameCard: card });
    }
    return this.changed(groupID, caller.userID, target.user_id);
  }

  async setCustomField(caller: ImCaller, groupID: string, fields: unknown, userID?: string) {
    const error = memberCustomFieldError(fields);
    if (error) throw new AppError(error);
    const change = (fields as Kv).map(({ key, value }) => ({ key, value }));
    const target = await this.mustEditable(groupID, caller.userID, userID);
    // Concurrent changes of one member's fields must not drop each other's keys.
    const merged = await this.repo.transaction(async (trx) => {
      const row = await this.repo.lockMember(trx, groupID, target.user_id);
      if (!row) throw new AppError('IM_MEMBER_NOT_IN_GROUP');
      const next = mergeCustom(row.custom, change);
      if (next.length > IM.MEMBER_CUSTOM_MAX) throw new AppError('IM_MEMBER_CUSTOM_TOO_MANY');
      if (JSON.stringify(next) === JSON.stringify(row.custom)) return undefined;
      await this.repo.setMemberInfo(trx, groupID, target.user_id, { custom: next });
      return next;
    });
    if (merged) {
      await this.memberTip(groupID, caller.userID, {
        userID: target.user_id,
        memberCustomField: merged,
      });
    }
    return this.changed(groupID, caller.userID, target.user_id);
  }

  /** The member whose info `me` may change (themselves when `userID` is absent). */
  private async mustEditable(groupID: string, me: string, userID?: string): Promise<MemberRow> {
    const g = await this.mustGroup(groupID);
    if (g.type === 'AVChatRoom') throw new AppError('IM_MEMBER_INFO_AVCHATROOM');
    const self = await this.repo.member(groupID, me);
    if (!self) throw new AppError('IM_NOT_MEMBER');
    if (!userID || userID === me) return self;
    if (self.role === 'Member') throw new AppError('IM_MEMBER_INFO_DENIED');
    const target = await this.repo.member(groupID, userID);
    if (!target) throw new AppError('IM_MEMBER_NOT_IN_GROUP');
    if (target.role === 'Owner' || (self.role === 'Admin' && target.role === 'Admin'))
      throw new AppError('IM_MEMBER_INFO_DENIED');
    return target;
  }

  private async memberTip(groupID: string, operatorID: string, entry: Record<string, unknown>) {
    await this.tip(
      groupID,
      operatorID,
      GROUP_TIP.MEMBER_PROFILE_UPDATED,
      { memberList: [entry] },
      await this.repo.memberIds(groupID),
    );
  }

  /** TIM answers with the group (the caller's view); the changed member comes along. */
  private async changed(
    groupID: string,
    viewer: string,
    userID: string,
  ): Promise<{ group: ImGroupProfile; member: ImGroupMember }> {
    const g = await this.mustGroup(groupID);
    const [self, row] = await Promise.all([
      this.repo.member(groupID, viewer),
      this.repo.member(groupID, userID),
    ]);
    if (!row) throw new AppError('IM_MEMBER_NOT_IN_GROUP');
    const profiles = await this.social.profiles([userID]);
    return {
      group: toGroupProfile(
        g,
        self,
        await this.messageRepo.lastSeq(this.repo.db, groupKey(groupID)),
      ),
      member: memberView(row, profiles.get(userID)),
    };
  }
}
