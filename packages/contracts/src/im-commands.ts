// The IM socket commands' payload schemas (SDK → server): one TypeBox schema per command, compiled
// by the server's gateway and used for the SDK's types (SPEC §7 chat socket requests).
import { type Static, type TSchema, Type } from 'typebox';
import { IM } from './im.ts';

const UserID = Type.String({ minLength: 1, maxLength: 64 });
const GroupID = Type.String({ minLength: 1, maxLength: 64 });
const ConvID = Type.String({ minLength: 1, maxLength: 80 });

export const MessageBody = Type.Object({
  conversationType: Type.String(),
  to: Type.String({ minLength: 1, maxLength: 64 }),
  type: Type.String(),
  payload: Type.Record(Type.String(), Type.Unknown()),
  random: Type.Integer({ minimum: 0, maximum: 4294967295 }),
  priority: Type.Optional(Type.String({ maxLength: 16 })),
  clientSequence: Type.Optional(Type.Integer({ minimum: 0 })),
  cloudCustomData: Type.Optional(Type.String({ maxLength: 4096 })),
});
export type MessageBody = Static<typeof MessageBody>;

const Kv = Type.Array(
  Type.Object({ key: Type.String({ maxLength: 64 }), value: Type.String({ maxLength: 4096 }) }),
  {
    maxItems: 50,
  },
);

export const PAYLOADS = {
  sync: Type.Object({
    known: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
    since: Type.Integer({ minimum: 0 }),
  }),
  sendMessage: MessageBody,
  revokeMessage: Type.Object({ conversationID: ConvID, sequence: Type.Integer({ minimum: 1 }) }),
  getMessageList: Type.Object({
    conversationID: ConvID,
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    nextReqMessageID: Type.Optional(Type.String({ maxLength: 120 })),
  }),
  /** TIM's getMessageListHopping: direction 0 older than `sequence` (included), 1 newer. */
  getMessageListHopping: Type.Object({
    conversationID: ConvID,
    sequence: Type.Optional(Type.Integer({ minimum: 1 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    direction: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  }),
  setMessageRead: Type.Object({ conversationID: ConvID }),
  // timeStamp: the previous page's cursor (opaque; absent or '' for the first page), checked by the service.
  getConversationList: Type.Object({
    timeStamp: Type.Optional(Type.String({ maxLength: 200 })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: IM.CONVERSATION_PAGE_MAX })),
  }),
  getConversationProfile: Type.Object({ conversationID: ConvID }),
  deleteConversation: Type.Object({ conversationID: ConvID }),
  /** Clears the @-tips up to upToSequence (default: the conversation's last message). */
  deleteGroupAtTips: Type.Object({
    conversationID: ConvID,
    upToSequence: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  getPeerReadTime: Type.Object({ userIDList: Type.Array(UserID, { maxItems: 100 }) }),
  getMyProfile: Type.Object({}),
  getUserProfile: Type.Object({ userIDList: Type.Array(UserID) }),
  updateMyProfile: Type.Record(Type.String(), Type.Unknown()),
  getFriendList: Type.Object({}),
  addFriend: Type.Object({ to: UserID, wording: Type.Optional(Type.String({ maxLength: 256 })) }),
  getFriendApplicationList: Type.Object({}),
  acceptFriendApplication: Type.Object({ userID: UserID }),
  refuseFriendApplication: Type.Object({ userID: UserID }),
  deleteFriend: Type.Object({ userIDList: Type.Unknown() }),
  addToBlacklist: Type.Object({ userIDList: Type.Unknown() }),
  removeFromBlacklist: Type.Object({ userIDList: Type.Unknown() }),
  getBlacklist: Type.Object({ startIndex: Type.Optional(Type.Integer({ minimum: 0 })) }),
  createGroup: Type.Object({
    type: Type.String(),
    name: Type.String({ maxLength: 100 }),
    groupID: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_@#-]{1,48}$' })),
    introduction: Type.Optional(Type.String({ maxLength: 240 })),
    notification: Type.Optional(Type.String({ maxLength: 300 })),
    avatar: Type.Optional(Type.String({ maxLength: 512 })),
    maxMemberNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    joinOption: Type.Optional(Type.String()),
    memberList: Type.Optional(Type.Array(Type.Object({ userID: UserID }), { maxItems: 500 })),
    groupCustomField: Type.Optional(Kv),
  }),
  getGroupList: Type.Object({}),
  getGroupProfile: Type.Object({ groupID: GroupID }),
  getGroupsProfile: Type.Object({ groupIDList: Type.Array(GroupID) }),
  updateGroupProfile: Type.Object({
    groupID: GroupID,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
    introduction: Type.Optional(Type.String({ maxLength: 240 })),
    notification: Type.Optional(Type.String({ maxLength: 300 })),
    avatar: Type.Optional(Type.String({ maxLength: 512 })),
    muteAllMembers: Type.Optional(Type.Boolean()),
    joinOption: Type.Optional(Type.String()),
  }),
  joinGroup: Type.Object({
    groupID: GroupID,
    applyMessage: Type.Optional(Type.String({ maxLength: 256 })),
  }),
  quitGroup: Type.Object({ groupID: GroupID }),
  dismissGroup: Type.Object({ groupID: GroupID }),
  changeGroupOwner: Type.Object({ groupID: GroupID, newOwnerID: UserID }),
  setGroupMemberRole: Type.Object({ groupID: GroupID, userID: UserID, role: Type.String() }),
  setGroupMemberMuteTime: Type.Object({
    groupID: GroupID,
    userID: UserID,
    muteTime: Type.Integer({ minimum: 0, maximum: 31_536_000 }),
  }),
  addGroupMember: Type.Object({
    groupID: GroupID,
    userIDList: Type.Array(UserID, { minItems: 1, maxItems: 500 }),
  }),
  deleteGroupMember: Type.Object({
    groupID: GroupID,
    userIDList: Type.Array(UserID, { minItems: 1, maxItems: 500 }),
    reason: Type.Optional(Type.String({ maxLength: 256 })),
  }),
  getGroupMemberList: Type.Object({
    groupID: GroupID,
    count: Type.Optional(Type.Integer({ minimum: 1 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
  getGroupMemberProfile: Type.Object({
    groupID: GroupID,
    userIDList: Type.Array(UserID, { minItems: 1 }),
  }),
  // Name card and custom fields are checked by the service (byte limits, catalogue errors).
  setGroupMemberNameCard: Type.Object({
    groupID: GroupID,
    userID: Type.Optional(UserID),
    nameCard: Type.String(),
  }),
  setGroupMemberCustomField: Type.Object({
    groupID: GroupID,
    userID: Type.Optional(UserID),
    memberCustomField: Type.Array(Type.Unknown(), { maxItems: 50 }),
  }),
  getGroupApplicationList: Type.Object({ startTime: Type.Optional(Type.Integer({ minimum: 0 })) }),
  handleGroupApplication: Type.Object({
    groupID: GroupID,
    applicant: UserID,
    handleAction: Type.Union([Type.Literal('Agree'), Type.Literal('Reject')]),
    handleMessage: Type.Optional(Type.String({ maxLength: 256 })),
  }),
  searchGroupByID: Type.Object({ groupID: GroupID }),
  getChatRoomList: Type.Object({
    pageNum: Type.Optional(Type.Integer({ minimum: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  }),
  leaveChatRoom: Type.Object({ groupID: GroupID }),
} satisfies Record<string, TSchema>;
export type ImCommand = keyof typeof PAYLOADS;
export type ImPayload<C extends ImCommand> = Static<(typeof PAYLOADS)[C]>;
export type ImPayloadMap = { [C in ImCommand]: ImPayload<C> };
