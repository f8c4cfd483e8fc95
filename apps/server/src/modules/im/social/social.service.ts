import {
  IM,
  type ImFriendApplication,
  type ImProfile,
  PUSH,
  profileUpdateError,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { Pusher } from '../gateway.ts';
import { toProfile } from '../messages/view.ts';
import type { SocialRepo } from './social.repo.ts';

const COLUMNS: Record<string, string> = {
  nick: 'nick',
  gender: 'gender',
  birthday: 'birthday',
  location: 'location',
  selfSignature: 'self_signature',
  allowType: 'allow_type',
  language: 'language',
  avatar: 'avatar',
  messageSettings: 'message_settings',
  adminForbidType: 'admin_forbid_type',
  level: 'level',
  role: 'role',
  profileCustomField: 'custom',
};

/** Maps a profile update (SPEC §5 rules, profileUpdateError) to columns. */
export function profileUpdate(body: Record<string, unknown>): Record<string, unknown> {
  const error = profileUpdateError(body);
  if (error) throw new AppError(error);
  const set: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(body)) {
    const col = COLUMNS[key] as string;
    set[col] =
      key === 'profileCustomField'
        ? JSON.stringify(
            (v as Array<{ key: string; value: string }>).map((i) => ({
              key: i.key,
              value: i.value,
            })),
          )
        : v;
  }
  return set;
}

/** Checks that a list argument is an array of ids (SPEC: "must be an array"). */
function idArray(
  v: unknown,
  error: 'IM_FRIEND_DELETE_INVALID' | 'IM_BLACKLIST_INVALID',
  max: number,
): string[] {
  if (
    !Array.isArray(v) ||
    v.some((x) => typeof x !== 'string' || !x || x.length > 64) ||
    v.length > max
  ) {
    throw new AppError(error);
  }
  return [...new Set(v as string[])];
}

/** An app account's chat identity (its IM id is its user id), for profiles not made yet. */
export type AppAccountLookup = (
  userID: string,
) => Promise<{ nickname: string; avatar: string } | undefined>;

/** Profiles, friends (with requests) and blacklists. */
export class SocialService {
  constructor(
    private readonly repo: SocialRepo,
    private readonly push: Pusher,
    /**
     * The app's accounts: a user who has never opened the chat has no profile yet (it is made when
     * their client first asks for a userSig), but can still be added as a friend or sent a message.
     */
    private readonly appAccount: AppAccountLookup,
  ) {}

  async ensure(userID: string, nick: string, avatar: string) {
    await this.repo.ensureProfile(userID, nick, avatar, Date.now());
  }

  /** Makes the profile of an app account that has none; true when the user now has one. */
  async provision(userID: string): Promise<boolean> {
    // App user ids are positive int4 values; anything else is no app account (and no query).
    const isAppId = /^[1-9]\d{0,9}$/.test(userID) && Number(userID) <= 2_147_483_647;
    const account = isAppId ? await this.appAccount(userID) : undefined;
    if (!account) return false;
    await this.ensure(userID, account.nickname, account.avatar);
    return true;
  }

  /** Profiles of these users, making those of app accounts that have none yet. */
  private async reach(userIds: readonly string[]): Promise<Map<string, ImProfile>> {
    const map = await this.profiles(userIds);
    const missing = [...new Set(userIds)].filter((id) => !map.has(id));
    if (!missing.length) return map;
    const made = (await Promise.all(missing.map((id) => this.provision(id)))).some(Boolean);
    return made ? this.profiles(userIds) : map;
  }

  async profiles(userIds: readonly string[]): Promise<Map<string, ImProfile>> {
    const rows = await this.repo.profiles([...new Set(userIds)]);
    return new Map(rows.map((r) => [r.user_id, toProfile(r)]));
  }

  sendContext(me: string, to: string) {
    return this.repo.sendContext(me, to);
  }

  async exists(userID: string) {
    return (await this.repo.profiles([userID])).length > 0;
  }

  async passwordHash(userID: string) {
    return (await this.repo.profiles([userID]))[0]?.password_hash ?? null;
  }

  createAccount(userID: string, nick: string, passwordHash: string) {
    return this.repo.createAccount(userID, nick, passwordHash, Date.now());
  }

  async getMyProfile(me: string): Promise<ImProfile> {
    const p = (await this.profiles([me])).get(me);
    if (!p) throw new AppError('IM_USER_NOT_FOUND');
    return p;
  }

  async getUserProfile(userIDList: string[]): Promise<ImProfile[]> {
    if (!userIDList.length) throw new AppError('IM_PROFILE_QUERY_EMPTY');
    const ids = userIDList.slice(0, IM.PROFILE_QUERY_MAX);
    const map = await this.reach(ids);
    return ids.flatMap((id) => map.get(id) ?? []);
  }

  async updateMyProfile(me: string, body: Record<string, unknown>): Promise<ImProfile> {
    const set = profileUpdate(body);
    await this.repo.updateProfile(me, { ...set, updated_ms: Date.now() });
    const profile = await this.getMyProfile(me);
    const friends = await this.repo.friendIds(me);
    this.push.toUsers([me, ...friends], PUSH.PROFILE_UPDATED, [profile]);
    return profile;
  }

  async friendList(me: string) {
    const ids = await this.repo.friendIds(me);
    const map = await this.profiles(ids);
    return ids.map((userID) => ({ userID, profile: map.get(userID) }));
  }

  async addFriend(me: string, to: string, wording = '') {
    if (to === me) throw new AppError('IM_FRIEND_SELF');
    const target = (await this.reach([to])).get(to);
    if (!target) throw new AppError('IM_USER_NOT_FOUND');
    if (await this.repo.isBlocked(to, me)) throw new AppError('IM_IN_BLACKLIST');
    if (await this.repo.isFriend(me, to)) throw new AppError('IM_FRIEND_EXISTS');
    if (target.allowType === 'AllowType_Type_DenyAny') throw new AppError('IM_FRIEND_DENIED');
    if (target.allowType === 'AllowType_Type_AllowAny') {
      await this.repo.makeFriends(me, to, Date.now());
      this.push.toUsers([me, to], PUSH.FRIEND, { type: 'subscribed', from: to, to: me });
      return { result: 'added' as const };
    }
    await this.repo.addRequest(me, to, wording, Date.now());
    this.push.toUsers([to], PUSH.FRIEND, { type: 'subscribe', from: me, to, wording });
    return { result: 'pending' as const };
  }

  /** Requests to me and mine, each with the other user's nick and avatar (TIM's FriendApplication). */
  async friendRequests(me: string): Promise<ImFriendApplication[]> {
    const rows = await this.repo.requests(me);
    const others = rows.map((r) => (r.to_id === me ? r.from_id : r.to_id));
    const profiles = others.length ? await this.profiles(others) : new Map<string, ImProfile>();
    return rows.map((r, i) => {
      const userID = others[i] as string;
      const p = profiles.get(userID);
      return {
        userID,
        nick: p?.nick ?? '',
        avatar: p?.avatar ?? '',
        type: r.to_id === me ? 'Pendency_Type_ComeIn' : 'Pendency_Type_SendOut',
        wording: r.wording,
        time: Math.floor(Number(r.created_ms) / 1000),
      };
    });
  }

  async answerRequest(me: string, from: string, accept: boolean) {
    if (!(await this.repo.takeRequest(from, me))) throw new AppError('IM_FRIEND_REQUEST_NOT_FOUND');
    if (accept) await this.repo.makeFriends(me, from, Date.now());
    // The requester's app toasts 添加成功 on subscribed and 已拒绝 on unsubscribed (SPEC §4).
    this.push.toUsers([from, me], PUSH.FRIEND, {
      type: accept ? 'subscribed' : 'unsubscribed',
      from: me,
      to: from,
    });
  }

  async deleteFriend(me: string, list: unknown) {
    const ids = idArray(list, 'IM_FRIEND_DELETE_INVALID', IM.FRIEND_DELETE_MAX);
    const removed = await this.repo.deleteFriends(me, ids);
    if (removed.length)
      this.push.toUsers([me, ...removed], PUSH.FRIEND, {
        type: 'deleted',
        from: me,
        userIDList: removed,
      });
    return {
      successUserIDList: removed,
      failureUserIDList: ids.filter((i) => !removed.includes(i)),
    };
  }

  async addToBlacklist(me: string, list: unknown) {
    const ids = idArray(list, 'IM_BLACKLIST_INVALID', 1000);
    if (ids.length === 1 && ids[0] === me) throw new AppError('IM_BLACKLIST_SELF');
    const others = ids.filter((i) => i !== me);
    await this.repo.addBlacklist(me, others, Date.now());
    await this.announceBlacklist(me);
    return others;
  }

  async removeFromBlacklist(me: string, list: unknown) {
    const ids = idArray(list, 'IM_BLACKLIST_INVALID', 1000);
    await this.repo.removeBlacklist(me, ids);
    await this.announceBlacklist(me);
    return ids;
  }

  getBlacklist(me: string, startIndex = 0) {
    return this.repo.blacklist(me, startIndex, IM.BLACKLIST_GET_MAX);
  }

  isBlocked(owner: string, other: string) {
    return this.repo.isBlocked(owner, other);
  }

  private async announceBlacklist(me: string) {
    const all = await this.repo.blacklist(me, 0, 1000);
    this.push.toUsers(
      [me],
      PUSH.BLACKLIST,
      all.map((b) => b.userID),
    );
  }
}
