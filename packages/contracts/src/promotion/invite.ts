// Invitations: my code and poster, friends who helped (好友助力), the shared inviter card.
import { type Static, Type } from 'typebox';

export const InviteCode = Type.String({
  minLength: 4,
  maxLength: 16,
  pattern: '^[A-Za-z0-9]+$',
  errorId: 'INVITE_CODE_INVALID',
});
export const BindBody = Type.Object({ inviteCode: InviteCode });
export type BindBody = Static<typeof BindBody>;

/** inviteFriend / userQR: my code, the registration link and the poster. */
export const InviteData = Type.Object({
  inviteCode: Type.String(),
  /** The app's registration page with my code (what the QR code holds). */
  link: Type.String(),
  /** The server-drawn poster (PNG) with my avatar, name, code and QR code. */
  posterUrl: Type.String(),
  inviteeGift: Type.Integer(),
  inviterReward: Type.Integer(),
  invitedCount: Type.Integer(),
});
export type InviteData = Static<typeof InviteData>;

/** One friend who helped (registered through my invitation), newest first. */
export const HelpRedHelper = Type.Object({
  nickname: Type.String(),
  avatar: Type.String(),
  /** When the friend bound to my invitation. */
  helpedAt: Type.String(),
  /** My red packet for this friend (fen), once their first order was received; else null. */
  reward: Type.Union([Type.Null(), Type.Integer()]),
});
export type HelpRedHelper = Static<typeof HelpRedHelper>;

/** userHelpRed (好友助力红包): who helped me, what it earned me, and what is still to come. */
export const HelpRedData = Type.Object({
  /** The red packet (fen) each helping friend earns me after their first order is received. */
  rewardPerFriend: Type.Integer(),
  /** The red packet (fen) a friend gets for registering through my invitation. */
  inviteeGift: Type.Integer(),
  helperCount: Type.Integer(),
  rewardedCount: Type.Integer(),
  /** Red packets (fen) received so far through helping friends. */
  earned: Type.Integer(),
  /** The latest helpers (up to the query's size). */
  helpers: Type.Array(HelpRedHelper),
});
export type HelpRedData = Static<typeof HelpRedData>;
export const HelpRedQuery = Type.Object({
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, errorId: 'INVALID_PARAM' })),
});
export type HelpRedQuery = Static<typeof HelpRedQuery>;

/** pages/share?type=invite: the inviter a shared link names, and the friends who helped them. */
export const InviterCardData = Type.Object({
  nickname: Type.String(),
  avatar: Type.String(),
  helperCount: Type.Integer(),
  /** The red packet (fen) a friend gets for registering through the invitation. */
  inviteeGift: Type.Integer(),
  /** The latest helpers, their names masked (a stranger opens this page). */
  helpers: Type.Array(Type.Omit(HelpRedHelper, ['reward'])),
});
export type InviterCardData = Static<typeof InviterCardData>;
export const InviterCardQuery = Type.Object({ code: InviteCode });
export type InviterCardQuery = Static<typeof InviterCardQuery>;
