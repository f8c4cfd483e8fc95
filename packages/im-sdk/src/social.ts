import {
  IM,
  type ImCommand,
  type ImFriendApplication,
  type ImPayload,
  type ImProfile,
  profileUpdateError,
} from '@chaopin/contracts';
import { TYPES } from './constants.ts';
import { ok } from './core.ts';
import { TimError } from './errors.ts';
import { TimMessaging } from './messaging.ts';

/** Profiles, friends and the blacklist on top of TimMessaging (TIM's relationship calls). */
export class TimSocial extends TimMessaging {
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

  /** One command as one TIM call: refused before SDK_READY, a rejection (never a throw) on error. */
  protected async simple<C extends ImCommand>(name: string, cmd: C, payload: ImPayload<C>) {
    this.guard(name);
    return ok(await this.call(cmd, payload));
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
    return this.simple('getBlacklist', 'getBlacklist', { startIndex: o?.startIndex ?? 0 });
  }

  /**
   * TIM's checkFriend. Friendship here is always mutual (an accepted request adds both sides), so
   * a friend is BothWay (or AWithB for a single check) and anyone else NoRelation.
   */
  async checkFriend(o: { userIDList: string[]; type?: string }) {
    this.guard('checkFriend');
    if (!Array.isArray(o?.userIDList) || !o.userIDList.length)
      throw TimError.of('IM_PROFILE_QUERY_EMPTY');
    const friends = await this.friendIDs();
    const single = o.type === TYPES.SNS_CHECK_TYPE_SINGLE;
    const linked = single ? TYPES.SNS_TYPE_A_WITH_B : TYPES.SNS_TYPE_BOTH_WAY;
    return ok({
      successUserIDList: o.userIDList.map((userID) => ({
        userID,
        code: 0,
        relation: friends.has(userID) ? linked : TYPES.SNS_TYPE_NO_RELATION,
      })),
      failureUserIDList: [],
    });
  }

  /** TIM's getFriendProfile: the friends among the ids, the others in failureUserIDList. */
  async getFriendProfile(o: { userIDList: string[] }) {
    this.guard('getFriendProfile');
    if (!Array.isArray(o?.userIDList) || !o.userIDList.length)
      throw TimError.of('IM_PROFILE_QUERY_EMPTY');
    const list = await this.call<'getFriendList', Array<{ userID: string; profile?: ImProfile }>>(
      'getFriendList',
      {},
    );
    const byID = new Map(list.map((f) => [f.userID, f]));
    const notFriend = TimError.of('IM_NOT_FRIEND');
    return ok({
      friendList: o.userIDList.flatMap((id) => {
        const f = byID.get(id);
        return f ? [{ remark: '', groupList: [], friendCustomField: [], ...f }] : [];
      }),
      failureUserIDList: o.userIDList
        .filter((id) => !byID.has(id))
        .map((userID) => ({ userID, code: notFriend.code, message: notFriend.message })),
    });
  }

  private async friendIDs(): Promise<Set<string>> {
    const list = await this.call<'getFriendList', Array<{ userID: string }>>('getFriendList', {});
    return new Set(list.map((f) => f.userID));
  }
}
