import { type Static, Type } from 'typebox';
import type { KickedOutType } from './im-wire.ts';

/**
 * Live chat room (AVChatRoom) wire contracts: the plain-ws frames at LIVE_WS_PATH and the anonymous
 * long-poll routes (SPEC §7 "AVChatRoom startLongPoll").
 */

/** The plain-WebSocket endpoint of live rooms on the main HTTP server (Socket.IO keeps /socket.io/). */
export const LIVE_WS_PATH = '/im/live';
/** Batching interval: one pre-encoded frame per room per flush. */
export const LIVE_FLUSH_MS = 100;
/** Messages kept per room for gap re-fetch; there is no other history. */
export const LIVE_RING_SIZE = 1000;
/** Admission per room per second (SPEC: 40 msg/s). */
export const LIVE_MAX_PER_SECOND = 40;
/** SPEC §9: loss check every 40 messages; gaps of up to 20 treated as possible loss. */
export const LIVE_LOSS_CHECK_EVERY = 40;
export const LIVE_LOSS_GAP_MAX = 20;
/** SPEC §9: online count expiry 60 s, refreshed no more often than every 3 s. */
export const LIVE_ONLINE_EXPIRE_S = 60;
export const LIVE_ONLINE_REFRESH_MS = 3000;
/** SPEC: long-poll held 90 s. */
export const LIVE_LONG_POLL_HOLD_MS = 90_000;
/** Encoded body limit of one live message (SPEC: text payload over 12 KB refused). */
export const LIVE_BODY_MAX_BYTES = 12 * 1024;
/** Messages per long-poll answer / fetch answer. */
export const LIVE_FETCH_MAX = 200;

export const LIVE_PRIORITIES = ['High', 'Normal', 'Low', 'Lowest'] as const;
export type LivePriority = (typeof LIVE_PRIORITIES)[number];
const Priority = Type.Union(
  [Type.Literal('High'), Type.Literal('Normal'), Type.Literal('Low'), Type.Literal('Lowest')],
  { errorId: 'LIVE_FRAME_INVALID' },
);

export const LiveRoomId = Type.String({
  minLength: 1,
  maxLength: 64,
  errorId: 'LIVE_ROOM_ID_INVALID',
});

export const LiveMessageSchema = Type.Object({
  roomId: Type.String(),
  sequence: Type.Integer(),
  /** Server time in ms. */
  time: Type.Number(),
  from: Type.String(),
  priority: Priority,
  body: Type.Unknown(),
});
export interface LiveMessage {
  roomId: string;
  sequence: number;
  time: number;
  from: string;
  priority: LivePriority;
  body: unknown;
}

/** SPEC §7 getOnlineMemberNum answer. */
export interface LiveOnline {
  onlineMemberNum: number;
  /** Seconds the count may be cached by the client. */
  expireTime: number;
}

// ---- HTTP (anonymous viewers) -------------------------------------------------------------

export const LiveApplyJoinBody = Type.Object({ groupID: LiveRoomId });
export const LiveApplyJoinData = Type.Object({
  longPollingKey: Type.String(),
  /** The sequence the next message will carry; poll from here to get only new messages. */
  nextSeq: Type.Integer(),
});
export type LiveApplyJoinData = Static<typeof LiveApplyJoinData>;

export const LiveLongPollBody = Type.Object({
  key: Type.String({ minLength: 1, maxLength: 512, errorId: 'LIVE_KEY_INVALID' }),
  startSeq: Type.Integer({ minimum: 0, maximum: 2 ** 52, errorId: 'LIVE_SEQ_INVALID' }),
});
export type LiveLongPollBody = Static<typeof LiveLongPollBody>;
export const LiveLongPollData = Type.Object({
  errorCode: Type.Integer(),
  errorInfo: Type.String(),
  key: Type.String(),
  nextSeq: Type.Integer(),
  rspMsgList: Type.Array(LiveMessageSchema),
});
export type LiveLongPollData = Static<typeof LiveLongPollData>;

export const LiveOnlineQuery = Type.Object({ groupID: LiveRoomId });
export const LiveOnlineData = Type.Object({
  onlineMemberNum: Type.Integer(),
  expireTime: Type.Integer(),
});

export const LiveRoomBody = Type.Object({ groupID: LiveRoomId });
export const LivePostBody = Type.Object({
  groupID: LiveRoomId,
  /** The message body as JSON text (a JSON object or string). */
  body: Type.String({ minLength: 1, maxLength: 16 * 1024, errorId: 'LIVE_MESSAGE_TOO_LARGE' }),
  priority: Type.Optional(Priority),
});

// ---- WebSocket frames (JSON text) ----------------------------------------------------------
// Connect to LIVE_WS_PATH, optionally with ?userID=&userSig= or ?token= (a session TOKEN); anonymous
// viewers may join and fetch but not post. Every client frame may carry `id`, echoed in its answer.

export type LiveClientFrame =
  | { op: 'join'; id?: number; roomId: string }
  | { op: 'quit'; id?: number; roomId: string }
  | { op: 'fetch'; id?: number; roomId: string; from: number; to: number }
  | { op: 'post'; id?: number; roomId: string; body: unknown; priority?: LivePriority }
  | { op: 'online'; id?: number; roomId: string }
  | { op: 'ping'; id?: number };

/**
 * A batch frame starts with `{"op":"batch","roomId":…,"first":N,"last":M,` so a light reader can
 * check sequences without parsing the whole frame. Sequences first..last are contiguous unless a
 * cluster node missed some (then the client re-fetches the gap).
 */
export interface LiveBatchFrame {
  op: 'batch';
  roomId: string;
  first: number;
  last: number;
  messages: LiveMessage[];
}

export type LiveServerFrame =
  | LiveBatchFrame
  | { op: 'joined'; id?: number; roomId: string; nextSeq: number; onlineMemberNum: number }
  | { op: 'quitted'; id?: number; roomId: string }
  | { op: 'messages'; id?: number; roomId: string; messages: LiveMessage[] }
  | { op: 'posted'; id?: number; message: LiveMessage }
  | { op: 'online'; id?: number; roomId: string; onlineMemberNum: number; expireTime: number }
  | { op: 'dismissed'; roomId: string }
  /** The session's userSig expired or was revoked by a REST kick; the server closes it next. */
  | { op: 'kicked'; type: KickedOutType }
  | { op: 'pong'; id?: number }
  | { op: 'error'; id?: number; code: number; error: string; msg: string };
