// The goddess gang (女神帮): a women's community any user may join once, optionally through a
// member's invitation (?inviter=<userId> or the member's promotion invite code). A friend's join
// earns the inviter 抵扣金 (deduction credit) straight into the red-packet balance, which checkout
// deducts like any red packet; at most a number of rewards a day per inviter.
import { type Static, Type } from 'typebox';
import { MAX_ID } from './constants.ts';
import { Page, PagedQuery } from './envelope.ts';

/** Operator defaults (env GODDESS_*). */
export const GODDESS_DEFAULTS = {
  /** 抵扣金 (fen) the inviter earns per friend who joins through the invitation. */
  INVITE_REWARD: 500,
  /** Rewarded invitations per inviter per day (China time); later joins count, unrewarded. */
  INVITE_DAILY_MAX: 20,
} as const;

/** A promotion invite code as typed (the server upper-cases it). */
const INVITE_CODE_PATTERN = '^[A-Za-z0-9]{4,16}$';

/** Who invites, from the link: a member's user id, or their invite code. */
export const GoddessInviterQuery = Type.Object({
  inviter: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'GODDESS_INVITER_INVALID' }),
  ),
  inviteCode: Type.Optional(
    Type.String({ pattern: INVITE_CODE_PATTERN, errorId: 'GODDESS_INVITER_INVALID' }),
  ),
});
export type GoddessInviterQuery = Static<typeof GoddessInviterQuery>;

/** 加入女神帮: optionally through an inviter (a user id or an invite code, not both). */
export const GoddessJoinBody = GoddessInviterQuery;
export type GoddessJoinBody = Static<typeof GoddessJoinBody>;

export const GoddessPerson = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
});
export type GoddessPerson = Static<typeof GoddessPerson>;

export const GoddessRules = Type.Object({
  /** 抵扣金 (fen) per invited friend. */
  inviteReward: Type.Integer(),
  /** Rewarded invitations per day. */
  dailyMax: Type.Integer(),
  /** The rules as lines to show. */
  lines: Type.Array(Type.String()),
});
export type GoddessRules = Static<typeof GoddessRules>;

/** A member's own numbers and invitation. */
export const GoddessMine = Type.Object({
  joinedAt: Type.String(),
  /** My promotion invite code (a friend may type it). */
  inviteCode: Type.String(),
  invitedCount: Type.Integer(),
  rewardedCount: Type.Integer(),
  /** 抵扣金 earned in all (fen). */
  earned: Type.Integer(),
  /** Invitations rewarded today (of rules.dailyMax). */
  rewardedToday: Type.Integer(),
});
export type GoddessMine = Static<typeof GoddessMine>;

/** The gang's page: the member count, my state and the rules. */
export const GoddessHome = Type.Object({
  memberCount: Type.Integer(),
  userId: Type.Integer(),
  joined: Type.Boolean(),
  /** A member's numbers; null for a non-member. */
  mine: Type.Union([GoddessMine, Type.Null()]),
  /**
   * Who invited me (a member), or, for a non-member opening an invitation, who invites: null
   * when nobody or when the link's inviter cannot invite (not a member, oneself, unknown).
   */
  inviter: Type.Union([GoddessPerson, Type.Null()]),
  rules: GoddessRules,
});
export type GoddessHome = Static<typeof GoddessHome>;

/** 我的邀请: who invited me, and when I joined through them. */
export const GoddessMyInviter = Type.Object({
  joined: Type.Boolean(),
  inviter: Type.Union([GoddessPerson, Type.Null()]),
  /** When I joined (through the inviter, if any); null for a non-member. */
  joinedAt: Type.Union([Type.String(), Type.Null()]),
});
export type GoddessMyInviter = Static<typeof GoddessMyInviter>;

/** A friend who joined through my invitation. */
export const GoddessFriend = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  joinedAt: Type.String(),
  /** Whether the join earned me 抵扣金 (false past the day's maximum). */
  rewarded: Type.Boolean(),
  /** 抵扣金 earned (fen), 0 when unrewarded. */
  reward: Type.Integer(),
});
export type GoddessFriend = Static<typeof GoddessFriend>;

export const GoddessPageQuery = PagedQuery({});
export type GoddessPageQuery = Static<typeof GoddessPageQuery>;

export const GoddessFriendPage = Type.Object({
  ...Page(GoddessFriend).properties,
  joined: Type.Boolean(),
});
export type GoddessFriendPage = Static<typeof GoddessFriendPage>;

/** One 抵扣金 posting: a friend's join rewarded into my red-packet balance. */
export const GoddessDeduction = Type.Object({
  /** The friend's user id (also the posting's key: a friend rewards once). */
  friendId: Type.Integer(),
  friendNickname: Type.String(),
  friendAvatar: Type.String(),
  amount: Type.Integer(),
  createdAt: Type.String(),
});
export type GoddessDeduction = Static<typeof GoddessDeduction>;

export const GoddessDeductionPage = Type.Object({
  ...Page(GoddessDeduction).properties,
  joined: Type.Boolean(),
  /** 抵扣金 earned in all (fen). */
  earned: Type.Integer(),
});
export type GoddessDeductionPage = Static<typeof GoddessDeductionPage>;
