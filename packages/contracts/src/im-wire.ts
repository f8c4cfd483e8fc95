// Messaging service (IM): what travels between the server and the IM SDK: wire types (server →
// SDK), pushes, kicks and acks, and the HTTP schemas of the im routes (SPEC §3, §4, §7).
import { type Static, Type } from 'typebox';
import { PHONE_PATTERN } from './constants.ts';
import type { ConvType, GroupRole, GroupType, MsgType } from './im.ts';

export interface ImProfile {
  userID: string;
  nick: string;
  gender: string;
  birthday: number;
  location: string;
  selfSignature: string;
  allowType: string;
  language: number;
  avatar: string;
  messageSettings: number;
  adminForbidType: string;
  level: number;
  role: number;
  lastUpdatedTime: number;
  profileCustomField: Array<{ key: string; value: string }>;
}

/** A friend request, to me (ComeIn) or mine (SendOut), with the other user's nick and avatar. */
export interface ImFriendApplication {
  userID: string;
  nick: string;
  avatar: string;
  type: 'Pendency_Type_ComeIn' | 'Pendency_Type_SendOut';
  wording: string;
  time: number;
}

export interface ImMessage {
  ID: string;
  conversationID: string;
  conversationType: ConvType;
  from: string;
  to: string;
  time: number;
  sequence: number;
  random: number;
  type: MsgType;
  payload: Record<string, unknown>;
  nick: string;
  avatar: string;
  priority: string;
  clientSequence: number;
  isRevoked: boolean;
  cloudCustomData: string;
}

export interface ImLastMessage {
  lastTime: number;
  /** lastTime in milliseconds: the list's order (absent from snapshots made before it existed). */
  lastTimeMs?: number;
  lastSequence: number;
  fromAccount: string;
  messageForShow: string;
  payload: Record<string, unknown>;
  type: MsgType | '';
  isRevoked: boolean;
}

export interface ImGroupProfile {
  groupID: string;
  name: string;
  avatar: string;
  type: GroupType;
  introduction: string;
  notification: string;
  ownerID: string;
  createTime: number;
  infoSequence: number;
  lastInfoTime: number;
  nextMessageSeq: number;
  memberNum: number;
  maxMemberNum: number;
  joinOption: string;
  muteAllMembers: boolean;
  groupCustomField: Array<{ key: string; value: string }>;
  selfInfo: { role: GroupRole | ''; joinTime: number; nameCard: string; messageRemindType: string };
}

export interface ImConversation {
  conversationID: string;
  type: ConvType;
  unreadCount: number;
  lastMessage: ImLastMessage;
  peerReadTime: number;
  /** The sequence this user has read up to (server authority for unreadCount). */
  readSequence: number;
  groupAtInfoList: Array<{
    from: string;
    groupID: string;
    messageSequence: number;
    atTypeArray: number[];
  }>;
  userProfile?: ImProfile;
  groupProfile?: ImGroupProfile;
}

/** One page of getConversationList (SPEC §7: completeFlag, conversations, timeStamp). */
export interface ImConversationPage {
  conversations: ImConversation[];
  /** The cursor to ask for the next page with. */
  timeStamp: string;
  /** No conversation after this page. */
  completeFlag: boolean;
  /** When the server read the page (ms): conversations with a newer message may have moved up. */
  serverTime: number;
}

/**
 * The conversation list's order, the same on the server (its pages) and in the SDK: newest last
 * message first; equal times by conversationID, descending, so that the order is total.
 */
export function compareConversations(a: ImConversation, b: ImConversation): number {
  const ta = a.lastMessage.lastTimeMs ?? a.lastMessage.lastTime * 1000;
  const tb = b.lastMessage.lastTimeMs ?? b.lastMessage.lastTime * 1000;
  if (ta !== tb) return tb - ta;
  return a.conversationID < b.conversationID ? 1 : a.conversationID > b.conversationID ? -1 : 0;
}

export interface ImGroupMember {
  userID: string;
  avatar: string;
  nick: string;
  role: GroupRole;
  joinTime: number;
  lastSendMsgTime: number;
  nameCard: string;
  muteUntil: number;
  memberCustomField: Array<{ key: string; value: string }>;
}

export interface ImRevoked {
  conversationID: string;
  sequence: number;
  ID: string;
}

/** Server → SDK push events. */
export const PUSH = {
  MESSAGE: 'im:msg',
  REVOKED: 'im:revoked',
  READ: 'im:read',
  PEER_READ: 'im:peerRead',
  CONVERSATION_DELETED: 'im:convDeleted',
  GROUP_REMOVED: 'im:groupRemoved',
  GROUP_UPDATED: 'im:groupUpdated',
  PROFILE_UPDATED: 'im:profile',
  FRIEND: 'im:friend',
  BLACKLIST: 'im:blacklist',
  /** `{ conversationID, atReadSequence }`: deleteGroupAtTips on another session of this user. */
  AT_TIPS_DELETED: 'im:atTipsDeleted',
  /** This session is kicked out (`{ type }`, a KICKED_OUT value); the server closes it next. */
  KICKED: 'im:kicked',
} as const;

/** Why a session was kicked out: the TIM web SDK's `TIM.TYPES.KICKED_OUT_*` values. */
export const KICKED_OUT = {
  MULT_ACCOUNT: 'multipleAccount',
  MULT_DEVICE: 'multipleDevice',
  USERSIG_EXPIRED: 'userSigExpired',
  REST_API: 'REST_API_Kick',
} as const;
export type KickedOutType = (typeof KICKED_OUT)[keyof typeof KICKED_OUT];

/** Every answer to a command (socket ack). */
export type ImAck<T = unknown> =
  | { code: 0; data: T; error?: undefined; msg?: undefined }
  | { code: number; error: string; msg: string; data: null };

export const UserSigQuery = Type.Object({});

/** `im/userByPhone`: find someone to add as a friend by their phone number. */
export const UserByPhoneQuery = Type.Object({
  phone: Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' }),
});
export type UserByPhoneQuery = Static<typeof UserByPhoneQuery>;
export const UserByPhoneData = Type.Object({
  userID: Type.String(),
  nick: Type.String(),
  avatar: Type.String(),
});
export type UserByPhoneData = Static<typeof UserByPhoneData>;
/** `message/shopByChatId`: the chat account that answers for a store (客服). */
export const ShopChatQuery = Type.Object({
  storeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, errorId: 'INVALID_PARAM' }),
});
export type ShopChatQuery = Static<typeof ShopChatQuery>;

/** Lookups by phone a user may make per hour (a phone book must not be enumerable). */
export const USER_BY_PHONE_PER_HOUR = 30;
export const UserSigData = Type.Object({
  userID: Type.String(),
  userSig: Type.String(),
  expireAt: Type.Integer(),
  sdkAppId: Type.Integer(),
});
export type UserSigData = Static<typeof UserSigData>;
