import type { ErrorId } from '@chaopin/contracts';

/**
 * TIM's numeric error codes for our catalogue ids, in one table. The values were read from the
 * vendor SDK itself (tim-js-sdk 2.27.6 and @tencentcloud/chat 3.6.6: their error-code objects;
 * server codes 1xxxx/2xxxx/7xxxx from tim-js-sdk 2.9.3's message table), not guessed.
 * An id missing here has no TIM equivalent: its code stays the catalogue's HTTP-like status
 * (400…429), which no TIM code uses.
 */
export const TIM_CODE: Partial<Record<ErrorId, number>> = {
  // login and state (SDK codes 2000-2025, 2999, 3000-3006)
  IM_SDKAPPID_REQUIRED: 2000, // NO_SDKAPPID
  IM_USER_ID_REQUIRED: 2002, // NO_IDENTIFIER
  IM_USER_SIG_REQUIRED: 2003, // NO_USERSIG
  IM_NOT_LOGGED_IN: 2024, // USER_NOT_LOGGED_IN
  IM_JOIN_NEED_LOGIN: 2662, // CANNOT_JOIN_NON_AVCHATROOM_WITHOUT_LOGIN
  IM_LOGGING_IN: 2025, // REPEAT_LOGIN (a login while another is in flight)
  IM_SDK_NOT_READY: 2999, // SDK_IS_NOT_READY (the not-ready reason replaces it when known)
  IM_SIG_INVALID: 70003, // userSig invalid (70001 when expired, 70009 when not ours: see sigCode)
  // network
  IM_DISCONNECTED: 2800, // NETWORK_ERROR
  IM_TIMEOUT: 2801, // NETWORK_TIMEOUT
  IM_INVALID_OPERATION: 2905, // INVALID_OPERATION
  IM_LOOKUP_TOO_FREQUENT: 10006, // 操作频率限制
  // messages (2100-2111, 225x-245x per kind)
  IM_MESSAGE_SEND_FAIL: 2100, // MESSAGE_SEND_FAIL
  IM_LIVE_NOT_JOINED: 2101, // MESSAGE_SEND_FAIL_NOT_IN_AVCHATROOM
  IM_MESSAGE_REQUIRED: 2105, // MESSAGE_SEND_NEED_MESSAGE_INSTANCE
  IM_CONVERSATION_TYPE_INVALID: 2106, // MESSAGE_SEND_INVALID_CONVERSATION_TYPE
  IM_UPLOAD_EMPTY: 2108, // MESSAGE_FILE_IS_EMPTY
  IM_REVOKE_DENIED: 2110, // MESSAGE_REVOKE_FAIL
  IM_IMAGE_TOO_LARGE: 2253, // MESSAGE_IMAGE_SIZE_LIMIT
  IM_UPLOAD_TYPE: 2252, // MESSAGE_IMAGE_TYPES_LIMIT
  IM_AUDIO_TOO_LARGE: 2301, // MESSAGE_AUDIO_SIZE_LIMIT
  IM_VIDEO_TOO_LARGE: 2351, // MESSAGE_VIDEO_SIZE_LIMIT
  IM_FILE_TOO_LARGE: 2402, // MESSAGE_FILE_SIZE_LIMIT
  IM_UPLOAD_FAIL: 2400, // MESSAGE_FILE_UPLOAD_FAIL
  IM_FILE_URL_EMPTY: 2401, // MESSAGE_FILE_SELECT_FILE_FIRST (2251 for an image: see KIND_CODE)
  IM_REVOKE_TIMEOUT: 20016, // 消息撤回超过了时间限制
  IM_MESSAGE_NOT_FOUND: 10030, // 请求撤回的消息不存在
  IM_IN_BLACKLIST: 20007, // 被对方拉黑，禁止发送
  IM_MUTED: 10017, // 因被禁言而不能发送消息
  IM_USER_NOT_FOUND: 20003, // UserID 无效或不存在（未导入即时通信 IM）
  // conversations
  IM_CONVERSATION_NOT_FOUND: 2500, // CONVERSATION_NOT_FOUND
  // groups (26xx SDK, 100xx server)
  IM_GROUP_TYPE_INVALID: 2600, // ILLEGAL_GROUP_TYPE
  IM_JOIN_WORK_GROUP: 2601, // CANNOT_JOIN_WORK
  IM_CHANGE_OWNER_AVCHATROOM: 2620,
  IM_CHANGE_OWNER_SELF: 2621,
  IM_DISMISS_WORK_GROUP: 2622,
  IM_MEMBER_NOT_IN_GROUP: 2623,
  IM_JOIN_FAILED: 2660, // JOIN_GROUP_FAIL
  IM_AVCHATROOM_MEMBERS: 2661, // CANNOT_ADD_MEMBER_IN_AVCHATROOM
  IM_NOT_OWNER: 2681,
  IM_SET_ROLE_GROUP_TYPE: 2682,
  IM_ROLE_INVALID: 2683,
  IM_SET_ROLE_SELF: 2684,
  IM_MUTE_SELF: 2685,
  IM_MEMBER_INFO_AVCHATROOM: 2687, // OPERATION_NOT_SUPPORTED_IN_AV (v3)
  IM_NOT_ADMIN: 10007, // 操作权限不足
  IM_NOT_MEMBER: 10007,
  IM_MEMBER_INFO_DENIED: 10007,
  IM_OWNER_CANNOT_QUIT: 10009, // 该群不允许群主主动退出
  IM_GROUP_NOT_FOUND: 10010, // 群组不存在，或者曾经存在过，但是目前已经被解散
  IM_ALREADY_MEMBER: 10013, // 被邀请加入的用户已经是群成员
  IM_CHATROOM_FULL: 10014, // 群已满员
  IM_GROUP_EXISTS: 10021, // 群组 ID 已被使用
  IM_PENDENCY_NOT_FOUND: 10024, // 此邀请或者申请请求已经被处理
  // profiles, friends, blacklist (27xx)
  IM_NOT_FRIEND: 2700, // NOT_MY_FRIEND
  IM_FRIEND_EXISTS: 2701, // ALREADY_MY_FRIEND
  IM_FRIEND_REQUEST_NOT_FOUND: 2716, // FRIEND_APPLICATION_NOT_EXIST
  IM_PROFILE_INVALID: 2721, // UPDATE_PROFILE_INVALID_PARAM
  IM_PROFILE_NO_KEY: 2722, // UPDATE_PROFILE_NO_KEY
  IM_BLACKLIST_INVALID: 2740, // ADD_BLACKLIST_INVALID_PARAM (2.9)
  IM_BLACKLIST_SELF: 2742, // CANNOT_ADD_SELF_TO_BLACKLIST
};

/** Where TIM has one code per message kind (select a file first, upload failed, wrong type). */
export const KIND_CODE = {
  IM_FILE_URL_EMPTY: { image: 2251, audio: 2401, video: 2401, file: 2401 },
  IM_UPLOAD_FAIL: { image: 2400, audio: 2300, video: 2350, file: 2400 },
  IM_UPLOAD_TYPE: { image: 2252, audio: 2252, video: 2352, file: 2252 },
} as const;

/** TIM's not-ready reasons (the code of a call refused before SDK_READY). */
export const NOT_READY = {
  NOT_LOGGED_IN: 2024, // USER_NOT_LOGGED_IN
  LOGGING_IN: 3000,
  LOGIN_FAILED: 3001,
  LOGGED_OUT: 3005,
  /** By KICKED_OUT type. */
  multipleDevice: 3002,
  multipleAccount: 3003,
  userSigExpired: 3004,
  REST_API_Kick: 3006,
} as const;

/** A refused login's code: 70001 the sig expired, 70003 it was revoked by a kick, 70009 not ours. */
export function sigCode(kicked: string | undefined): number {
  if (kicked === 'userSigExpired') return 70001;
  if (kicked === 'REST_API_Kick') return 70003;
  return 70009;
}
