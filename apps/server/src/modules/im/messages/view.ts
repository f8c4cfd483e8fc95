import {
  CONV_TYPES,
  type ConvType,
  type ImGroupMember,
  type ImLastMessage,
  type ImMessage,
  type ImProfile,
  MESSAGE_FOR_SHOW,
  type MsgType,
} from '@chaopin/contracts';
import type { ProfileRow } from '../social/social.repo.ts';
import type { MessageRow } from './message.repo.ts';

/** Row → wire shapes of the messaging service. */
export function toProfile(r: ProfileRow): ImProfile {
  return {
    userID: r.user_id,
    nick: r.nick,
    gender: r.gender,
    birthday: r.birthday,
    location: r.location,
    selfSignature: r.self_signature,
    allowType: r.allow_type,
    language: r.language,
    avatar: r.avatar,
    messageSettings: r.message_settings,
    adminForbidType: r.admin_forbid_type,
    level: r.level,
    role: r.role,
    lastUpdatedTime: Math.floor(r.updated_ms / 1000),
    profileCustomField: r.custom,
  };
}

export function emptyProfile(userID: string): ImProfile {
  return toProfile({
    user_id: userID,
    nick: '',
    gender: 'Gender_Type_Unknown',
    birthday: 0,
    location: '',
    self_signature: '',
    allow_type: 'AllowType_Type_NeedConfirm',
    language: 0,
    avatar: '',
    message_settings: 0,
    admin_forbid_type: 'AdminForbid_Type_None',
    level: 0,
    role: 0,
    custom: [],
    password_hash: null,
    updated_ms: 0,
  });
}

/** The conversationID under which `viewer` sees a message of this row. */
export function conversationIdFor(
  viewer: string,
  m: Pick<MessageRow, 'conv_type' | 'from_id' | 'to_id'>,
): string {
  if (m.conv_type === 'GROUP') return `GROUP${m.to_id}`;
  if (m.conv_type === CONV_TYPES.SYSTEM) return CONV_TYPES.SYSTEM;
  return `C2C${m.from_id === viewer ? m.to_id : m.from_id}`;
}

/** A message as its parties see it; a revoked message keeps its place but loses its content. */
export function toMessage(m: MessageRow, conversationID: string): ImMessage & { timeMs: number } {
  return {
    ID: m.msg_id,
    conversationID,
    conversationType: m.conv_type as ConvType,
    from: m.from_id,
    to: m.to_id,
    time: Math.floor(m.time_ms / 1000),
    timeMs: m.time_ms,
    sequence: m.seq,
    random: m.random,
    type: m.type as MsgType,
    payload: m.revoked_ms === null ? m.payload : {},
    nick: m.nick,
    avatar: m.avatar,
    priority: m.priority,
    clientSequence: m.client_seq,
    isRevoked: m.revoked_ms !== null,
    cloudCustomData: m.cloud_custom_data,
  };
}

export function messageForShow(m: Pick<MessageRow, 'type' | 'payload' | 'revoked_ms'>): string {
  if (m.revoked_ms !== null) return '';
  if (m.type === 'TIMTextElem') return String(m.payload.text ?? '');
  return MESSAGE_FOR_SHOW[m.type as MsgType] ?? '';
}

export function toLastMessage(m: MessageRow | undefined): ImLastMessage {
  if (!m) {
    return {
      lastTime: 0,
      lastTimeMs: 0,
      lastSequence: 0,
      fromAccount: '',
      messageForShow: '',
      payload: {},
      type: '',
      isRevoked: false,
    };
  }
  return {
    lastTime: Math.floor(m.time_ms / 1000),
    lastTimeMs: m.time_ms,
    lastSequence: m.seq,
    fromAccount: m.from_id,
    messageForShow: messageForShow(m),
    payload: m.revoked_ms === null ? m.payload : {},
    type: m.type as MsgType,
    isRevoked: m.revoked_ms !== null,
  };
}

/**
 * A conversation page's cursor: the last message time (ms) and the conversationID of the page's
 * last conversation; the time alone is not unique, the pair is (the list's total order).
 */
export function toPageCursor(lastMs: number, conversationID: string): string {
  return `${lastMs}.${conversationID}`;
}

/** undefined for the first page; null when the cursor is not one this server made. */
export function parsePageCursor(
  cursor: string | undefined,
): { lastMs: number; conversationID: string } | undefined | null {
  if (!cursor) return undefined;
  const dot = cursor.indexOf('.');
  const lastMs = Number(cursor.slice(0, dot));
  const conversationID = cursor.slice(dot + 1);
  if (dot < 1 || !/^\d+$/.test(cursor.slice(0, dot)) || !Number.isSafeInteger(lastMs)) return null;
  if (!conversationID || conversationID.length > 80) return null;
  return { lastMs, conversationID };
}

export function toMember(
  r: {
    user_id: string;
    role: string;
    join_ms: number;
    name_card: string;
    mute_until: number;
    last_send_ms: number;
  },
  p: ImProfile | undefined,
): ImGroupMember {
  return {
    userID: r.user_id,
    avatar: p?.avatar ?? '',
    nick: p?.nick ?? '',
    role: r.role as ImGroupMember['role'],
    joinTime: Math.floor(Number(r.join_ms) / 1000),
    lastSendMsgTime: Math.floor(Number(r.last_send_ms) / 1000),
    nameCard: r.name_card,
    muteUntil: Math.floor(Number(r.mute_until) / 1000),
    memberCustomField: [],
  };
}
