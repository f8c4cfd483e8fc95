// Messaging service (IM): constants and the validation rules shared by the server and the IM SDK
// (SPEC §3, §4, §5, §9); what travels between them is in im-wire.ts, the socket commands' payload
// schemas in im-commands.ts.

export const IM = {
  VERSION: '2.9.3',
  HEARTBEAT_MS: 4500,
  RECONNECT_MAX: 15,
  RECONNECT_INTERVAL_MS: 2000,
  REQUEST_TIMEOUT_MS: 60_000,
  SIG_TTL_SECONDS: 7 * 86_400,
  TEXT_MAX_BYTES: 12 * 1024,
  PROFILE_CACHE_MS: 86_400_000,
  PROFILE_QUERY_MAX: 100,
  FRIEND_DELETE_MAX: 1000,
  NICK_MAX_BYTES: 500,
  BLACKLIST_GET_MAX: 30,
  CONVERSATIONS_CACHED: 20,
  /** The most conversations one getConversationList page may ask for. */
  CONVERSATION_PAGE_MAX: 100,
  MESSAGE_LIST_MAX: 15,
  REVOKE_WINDOW_MS: 120_000,
  GROUP_PENDENCY_PAGE: 10,
  GROUP_QUERY_MAX: 50,
  MEMBER_LIST_DEFAULT: 15,
  MEMBER_LIST_MAX: 100,
  CHATROOM_PAGE_SIZE: 20,
  IMAGE_MAX_BYTES: 20 * 1024 * 1024,
  AUDIO_MAX_BYTES: 20 * 1024 * 1024,
  VIDEO_MAX_BYTES: 100 * 1024 * 1024,
  FILE_MAX_BYTES: 100 * 1024 * 1024,
  IMAGE_THUMB_FLAG_BYTES: 204_800,
  IMAGE_PREVIEW_SIDES: [198, 720] as const,
  VIDEO_THUMB_SIDE: 200,
  CHATFILE_MAX_BYTES: 10_485_760,
  SYSTEM_CONVERSATION_ID: '@TIM#SYSTEM',
  /** TIM's group member limits: name card bytes; custom field key and value bytes, fields per member. */
  NAME_CARD_MAX_BYTES: 50,
  MEMBER_CUSTOM_KEY_MAX_BYTES: 16,
  MEMBER_CUSTOM_VALUE_MAX_BYTES: 64,
  MEMBER_CUSTOM_MAX: 5,
  /** A video's thumbnail part in an upload (a frame the browser grabbed). */
  VIDEO_THUMB_MAX_BYTES: 2 * 1024 * 1024,
  /** The @-mention of everyone in a group text (TIM's spelling). */
  AT_ALL: '__kImSDK_MesssageAtALL__',
} as const;

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'gif', 'png', 'bmp', 'webp'] as const;
export const VIDEO_EXTENSIONS = [
  'mp4',
  'mov',
  'wmv',
  'flv',
  'avi',
  'mkv',
  'rm',
  'rmvb',
  '3gp',
] as const;

export const CONV_TYPES = { C2C: 'C2C', GROUP: 'GROUP', SYSTEM: '@TIM#SYSTEM' } as const;
export type ConvType = (typeof CONV_TYPES)[keyof typeof CONV_TYPES];

export const MSG_TYPES = {
  TEXT: 'TIMTextElem',
  IMAGE: 'TIMImageElem',
  AUDIO: 'TIMSoundElem',
  VIDEO: 'TIMVideoFileElem',
  FILE: 'TIMFileElem',
  LOCATION: 'TIMLocationElem',
  CUSTOM: 'TIMCustomElem',
  FACE: 'TIMFaceElem',
  GROUP_TIP: 'TIMGroupTipElem',
  GROUP_SYSTEM_NOTICE: 'TIMGroupSystemNoticeElem',
} as const;
export type MsgType = (typeof MSG_TYPES)[keyof typeof MSG_TYPES];

/** SPEC §3 last-message placeholder texts. */
export const MESSAGE_FOR_SHOW: Record<MsgType, string> = {
  TIMTextElem: '',
  TIMImageElem: '[图片]',
  TIMSoundElem: '[语音]',
  TIMVideoFileElem: '[视频]',
  TIMFileElem: '[文件]',
  TIMLocationElem: '[位置]',
  TIMCustomElem: '[自定义消息]',
  TIMFaceElem: '[动画表情]',
  TIMGroupTipElem: '[群提示消息]',
  TIMGroupSystemNoticeElem: '[群系统通知]',
};

export const GROUP_TYPES = ['Public', 'Private', 'ChatRoom', 'AVChatRoom', 'Work'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const GROUP_ROLES = ['Owner', 'Admin', 'Member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
export const JOIN_OPTIONS = ['FreeAccess', 'NeedPermission', 'DisableApply'] as const;

/** SPEC §4 group tip operation types. */
export const GROUP_TIP = {
  MEMBER_JOIN: 1,
  MEMBER_QUIT: 2,
  MEMBER_KICKED: 3,
  SET_ADMIN: 4,
  CANCEL_ADMIN: 5,
  GROUP_PROFILE_UPDATED: 6,
  MEMBER_PROFILE_UPDATED: 7,
} as const;
/** SPEC §4 group system notice types. */
export const GROUP_NOTICE = {
  JOIN_REQUEST: 1,
  JOIN_ACCEPTED: 2,
  JOIN_REFUSED: 3,
  KICKED: 4,
  DISMISSED: 5,
  INVITED: 7,
  QUIT: 8,
  SET_ADMIN: 9,
  CANCEL_ADMIN: 10,
  CUSTOM: 255,
} as const;

export const GENDERS = ['Gender_Type_Unknown', 'Gender_Type_Female', 'Gender_Type_Male'] as const;
export const ALLOW_TYPES = [
  'AllowType_Type_AllowAny',
  'AllowType_Type_NeedConfirm',
  'AllowType_Type_DenyAny',
] as const;
export const ADMIN_FORBID_TYPES = ['AdminForbid_Type_None', 'AdminForbid_Type_SendOut'] as const;

const PROFILE_STRINGS = ['location', 'selfSignature', 'avatar'];
const PROFILE_NUMBERS = ['birthday', 'language', 'level', 'role'];
const PROFILE_ENUMS: Record<string, readonly string[]> = {
  gender: GENDERS,
  allowType: ALLOW_TYPES,
  adminForbidType: ADMIN_FORBID_TYPES,
};

/**
 * SPEC §5 profile update rules, shared by the SDK (checked first) and the server (the authority):
 * undefined when valid, else the catalogue error id.
 */
export function profileUpdateError(
  body: unknown,
): 'IM_PROFILE_NO_KEY' | 'IM_PROFILE_INVALID' | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'IM_PROFILE_INVALID';
  const entries = Object.entries(body as Record<string, unknown>);
  if (!entries.length) return 'IM_PROFILE_NO_KEY';
  for (const [key, v] of entries) {
    if (key === 'nick') {
      if (typeof v !== 'string' || new TextEncoder().encode(v).length > IM.NICK_MAX_BYTES)
        return 'IM_PROFILE_INVALID';
    } else if (PROFILE_STRINGS.includes(key)) {
      if (typeof v !== 'string' || v.length > 500) return 'IM_PROFILE_INVALID';
    } else if (PROFILE_NUMBERS.includes(key)) {
      if (typeof v !== 'number' || !Number.isSafeInteger(v)) return 'IM_PROFILE_INVALID';
    } else if (Object.hasOwn(PROFILE_ENUMS, key)) {
      // (Own keys only: `constructor`, `toString`, … are not profile fields.)
      if (!PROFILE_ENUMS[key]?.includes(v as string)) return 'IM_PROFILE_INVALID';
    } else if (key === 'messageSettings') {
      if (v !== 0 && v !== 1) return 'IM_PROFILE_INVALID';
    } else if (key === 'profileCustomField') {
      if (!Array.isArray(v) || v.length > 50) return 'IM_PROFILE_INVALID';
      for (const item of v as Array<{ key?: unknown; value?: unknown } | null>) {
        if (
          typeof item?.key !== 'string' ||
          !item.key.startsWith('Tag_Profile_Custom') ||
          item.key.length > 64
        ) {
          return 'IM_PROFILE_INVALID';
        }
        if (typeof item.value !== 'string' || item.value.length > 4096) return 'IM_PROFILE_INVALID';
      }
    } else {
      return 'IM_PROFILE_INVALID';
    }
  }
  return undefined;
}

const utf8Bytes = (v: string) => new TextEncoder().encode(v).length;

/** setGroupMemberNameCard's name card (SDK first, server the authority): undefined when valid. */
export function nameCardError(v: unknown): 'IM_BAD_FRAME' | 'IM_NAME_CARD_TOO_LONG' | undefined {
  if (typeof v !== 'string') return 'IM_BAD_FRAME';
  return utf8Bytes(v) > IM.NAME_CARD_MAX_BYTES ? 'IM_NAME_CARD_TOO_LONG' : undefined;
}

/**
 * setGroupMemberCustomField's list: at most 5 items, string keys of 1-16 bytes (each once), string
 * values of at most 64 bytes (an empty value deletes the field). undefined when valid.
 */
export function memberCustomFieldError(
  list: unknown,
): 'IM_MEMBER_CUSTOM_INVALID' | 'IM_MEMBER_CUSTOM_TOO_MANY' | undefined {
  if (!Array.isArray(list) || !list.length) return 'IM_MEMBER_CUSTOM_INVALID';
  if (list.length > IM.MEMBER_CUSTOM_MAX) return 'IM_MEMBER_CUSTOM_TOO_MANY';
  const keys = new Set<string>();
  for (const item of list as Array<{ key?: unknown; value?: unknown } | null>) {
    const key = item?.key;
    const value = item?.value;
    if (typeof key !== 'string' || !key || utf8Bytes(key) > IM.MEMBER_CUSTOM_KEY_MAX_BYTES)
      return 'IM_MEMBER_CUSTOM_INVALID';
    if (typeof value !== 'string' || utf8Bytes(value) > IM.MEMBER_CUSTOM_VALUE_MAX_BYTES)
      return 'IM_MEMBER_CUSTOM_INVALID';
    if (keys.has(key)) return 'IM_MEMBER_CUSTOM_INVALID';
    keys.add(key);
  }
  return undefined;
}
