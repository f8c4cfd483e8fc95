import type { LiveMessage, LiveOnline, LivePriority } from '@chaopin/contracts';

/**
 * The live chat room (AVChatRoom) fan-out path, separate from stored group chat.
 *
 * - No history beyond a per-room ring buffer (the last RING_SIZE messages), used to re-fetch gaps.
 * - Every flush (FLUSH_MS) writes ONE pre-encoded batch frame per room to every viewer of that room.
 * - 40 messages a second are accepted per room (token bucket, bursts up to one second's worth); a
 *   backlog of up to one second waits, High priority first; beyond it posts are refused.
 * - Sequences are per room, allocated without collision (in-memory counter embedded, Redis in cluster mode);
 *   in cluster mode every post reaches every node's viewers through Redis pub/sub, in sequence order.
 * - Viewers: plain `ws` at WS_PATH (anonymous allowed; posting needs a login), or anonymous HTTP long-poll
 *   (`imLive/applyJoin` → key, then `imLive/startLongPoll` key/startSeq, held up to 90 s).
 *
 * Built by `registerLiveRooms(app, deps, uses, options)` in ./index.ts.
 */
export interface LiveRooms {
  /** Registers a room (idempotent). The group service calls it when an AVChatRoom group is created. */
  create(roomId: string, ownerId: string): Promise<void>;
  /** Removes a room: viewers get a `dismissed` frame, waiting long-polls answer LIVE_ROOM_DISMISSED. */
  dismiss(roomId: string): Promise<void>;
  /** Whether the room is known (registered here, or found by `options.resolveRoom`). */
  exists(roomId: string): Promise<boolean>;
  /**
   * Admits a message and resolves with it (sequence and time assigned) once admitted: within
   * ~10 ms, or, when the room's bucket is empty, after waiting (highest priority first) for a
   * token. Throws AppError LIVE_ROOM_NOT_FOUND,
   * LIVE_RATE_LIMITED (more than one second's worth waiting, or waited 3 s: lowest priority
   * refused first), LIVE_MESSAGE_TOO_LARGE (body over 12 KB encoded), LIVE_ROOM_ID_INVALID.
   */
  post(roomId: string, message: LivePost): Promise<LiveMessage>;
  /** Online viewers of the room on all nodes (ws sessions + long-pollers seen within 60 s), cached 3 s. */
  onlineCount(roomId: string): Promise<LiveOnline>;
  /** The ws sessions of this node currently in the room (for tests and the group service's bookkeeping). */
  joinedSessions(roomId: string): number;
  /** Messages of the ring buffer with from ≤ sequence ≤ to (at most LIVE_FETCH_MAX). */
  fetch(roomId: string, from: number, to: number): Promise<LiveMessage[]>;
  /** Stops timers and closes sockets (called on app close). */
  close(): Promise<void>;
}

/** What a caller posts; sequence, time and roomId are assigned by LiveRooms. */
export interface LivePost {
  /** Sender's user id (IM identifier). */
  from: string;
  /** Opaque JSON payload (the SDK core's message body: type, payload, nick, avatar, random…). */
  body: unknown;
  priority?: LivePriority;
}

/** Hooks the rest of the IM module supplies when it registers the live rooms. */
export interface LiveRoomsOptions {
  /** Finds an AVChatRoom not registered here (e.g. created before a restart) in the group store. */
  resolveRoom?: (roomId: string) => Promise<{ ownerId: string } | null>;
  /**
   * Checks an IM credential (userSig) for ws login: its issue and expiry times when valid and not
   * revoked. Without it, the sig is checked statelessly (no kicks).
   */
  checkUserSig?: (userID: string, userSig: string) => Promise<SigTimes | undefined>;
  /**
   * Subscribes to kicks (this node's and relayed ones): the ws sessions of `userID` logged in with
   * a sig issued before `notBefore` are kicked out.
   */
  onSigRevoked?: (listener: (userID: string, notBefore: number) => void) => void;
}

/** When a live session's userSig was issued and when it expires. */
export interface SigTimes {
  issuedMs: number;
  expireMs: number;
}
