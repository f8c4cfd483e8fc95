import {
  LIVE_FETCH_MAX,
  LIVE_FLUSH_MS,
  LIVE_ONLINE_EXPIRE_S,
  LIVE_ONLINE_REFRESH_MS,
  LIVE_RING_SIZE,
  type LiveMessage,
} from '@chaopin/contracts';

/** A ws session joined to rooms; `deliver` writes one already-encoded frame. */
export interface LiveViewer {
  deliver(frame: Buffer, roomId: string): void;
}

interface Slot {
  sequence: number;
  json: string;
  parsed?: LiveMessage;
}

interface Waiter {
  startSeq: number;
  wake(messages: LiveMessage[] | null): void;
}

/** One room's state on this node: viewers, ring buffer, the batch being gathered, waiting long-polls. */
class RoomState {
  readonly viewers = new Set<LiveViewer>();
  readonly ring: Array<Slot | undefined> = new Array(LIVE_RING_SIZE);
  lastSeq = 0;
  /** The highest sequence in the ring: above lastSeq when filled from the log (see `remember`). */
  top = 0;
  pending: string[] = [];
  pendingFirst = 0;
  readonly waiters = new Set<Waiter>();
  /** Anonymous long-poll viewers by id → last poll time (ms), for the online count. */
  readonly pollers = new Map<string, number>();
  readonly prefix: string;
  constructor(readonly roomId: string) {
    this.prefix = `{"roomId":${JSON.stringify(roomId)},"sequence":`;
  }
}

function parse(slot: Slot): LiveMessage {
  slot.parsed ??= JSON.parse(slot.json) as LiveMessage;
  return slot.parsed;
}

/**
 * This node's half of the fan-out: receives admitted messages (from LiveLog, in sequence order),
 * keeps the ring buffers, and every LIVE_FLUSH_MS encodes ONE batch frame per room and hands the same
 * bytes to every viewer; long-polls waiting on a room wake at the same flush.
 */
export class LiveHub {
  private readonly rooms = new Map<string, RoomState>();
  private readonly dirty = new Set<RoomState>();
  private readonly timer: NodeJS.Timeout;
  /** Other nodes' online counts: node id → { room → count } and when it was heard. */
  private readonly remote = new Map<string, { at: number; counts: Record<string, number> }>();
  private readonly onlineCache = new Map<string, { at: number; value: number }>();

  constructor(
    flushMs = LIVE_FLUSH_MS,
    /** Tests lower it to see counts change at once. */
    public onlineRefreshMs = LIVE_ONLINE_REFRESH_MS,
  ) {
    this.timer = setInterval(() => this.flush(), flushMs);
    this.timer.unref();
  }

  private room(roomId: string): RoomState {
    let room = this.rooms.get(roomId);
    if (!room) {
      room = new RoomState(roomId);
      this.rooms.set(roomId, room);
    }
    return room;
  }

  /** An admitted message heard from the log. */
  receive(roomId: string, sequence: number, tail: string): void {
    const room = this.room(roomId);
    if (sequence <= room.lastSeq) return; // a duplicate delivery
    const json = `${room.prefix}${sequence},${tail}`;
    room.ring[sequence % LIVE_RING_SIZE] = { sequence, json };
    room.lastSeq = sequence;
    room.top = Math.max(room.top, sequence);
    if (room.pending.length === 0) room.pendingFirst = sequence;
    room.pending.push(json);
    this.dirty.add(room);
  }

  flush(): void {
    for (const room of this.dirty) {
      const last = room.lastSeq;
      const frame = Buffer.from(
        `{"op":"batch","roomId":${JSON.stringify(room.roomId)},"first":${room.pendingFirst},"last":${last},"messages":[${room.pending.join(',')}]}`,
      );
      room.pending = [];
      for (const viewer of room.viewers) viewer.deliver(frame, room.roomId);
      for (const waiter of room.waiters) {
        const messages = this.fetch(room.roomId, waiter.startSeq, last);
        if (messages.length) {
          room.waiters.delete(waiter);
          waiter.wake(messages);
        }
      }
    }
    this.dirty.clear();
  }

  join(roomId: string, viewer: LiveViewer): void {
    this.room(roomId).viewers.add(viewer);
  }

  quit(roomId: string, viewer: LiveViewer): void {
    this.rooms.get(roomId)?.viewers.delete(viewer);
  }

  viewers(roomId: string): number {
    return this.rooms.get(roomId)?.viewers.size ?? 0;
  }

  /** Long-polls waiting on the room on this node. */
  waiting(roomId: string): number {
    return this.rooms.get(roomId)?.waiters.size ?? 0;
  }

  lastSeq(roomId: string): number {
    return this.rooms.get(roomId)?.lastSeq ?? 0;
  }

  /**
   * Puts a message this node never heard (it joined the cluster later, or missed a publish) into
   * the ring, read back from the log; it is not broadcast (viewers re-fetch what they miss).
   */
  remember(roomId: string, sequence: number, tail: string): void {
    const room = this.room(roomId);
    const slot = room.ring[sequence % LIVE_RING_SIZE];
    if (slot && slot.sequence >= sequence) return;
    room.ring[sequence % LIVE_RING_SIZE] = { sequence, json: `${room.prefix}${sequence},${tail}` };
    room.top = Math.max(room.top, sequence);
  }

  /**
   * `fetch`, when this node's ring holds every message of the range that it should; undefined
   * when some are missing (the caller fills them from the log).
   */
  fetchComplete(roomId: string, from: number, to: number): LiveMessage[] | undefined {
    const room = this.rooms.get(roomId);
    if (!room?.lastSeq) return undefined; // nothing heard: only the log can tell
    const end = Math.min(to, room.top);
    const start = Math.max(from, end - LIVE_RING_SIZE + 1, 1);
    const found = this.fetch(roomId, from, to);
    return found.length === Math.min(LIVE_FETCH_MAX, Math.max(0, end - start + 1))
      ? found
      : undefined;
  }

  /** Ring-buffer messages with from ≤ sequence ≤ to, oldest first, at most LIVE_FETCH_MAX. */
  fetch(roomId: string, from: number, to: number): LiveMessage[] {
    const room = this.rooms.get(roomId);
    if (!room) return [];
    const end = Math.min(to, room.top);
    const start = Math.max(from, end - LIVE_RING_SIZE + 1, 1);
    const out: LiveMessage[] = [];
    for (let s = start; s <= end && out.length < LIVE_FETCH_MAX; s++) {
      const slot = room.ring[s % LIVE_RING_SIZE];
      if (slot?.sequence === s) out.push(parse(slot));
    }
    return out;
  }

  /**
   * Messages from startSeq, or waits (up to holdMs) for the next flush that has some.
   * Resolves null when the room is dismissed while waiting.
   */
  waitFrom(
    roomId: string,
    startSeq: number,
    holdMs: number,
    signal?: AbortSignal,
  ): Promise<LiveMessage[] | null> {
    const ready = this.fetch(roomId, startSeq, Number.MAX_SAFE_INTEGER);
    if (ready.length) return Promise.resolve(ready);
    const room = this.room(roomId);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        startSeq,
        wake: (messages) => {
          clearTimeout(timer);
          resolve(messages);
        },
      };
      const giveUp = () => {
        clearTimeout(timer);
        room.waiters.delete(waiter);
        resolve([]);
      };
      const timer = setTimeout(giveUp, holdMs);
      room.waiters.add(waiter);
      // a viewer that went away stops waiting at once instead of holding memory for 90 s
      signal?.addEventListener('abort', giveUp, { once: true });
    });
  }

  /** Records an anonymous long-poll viewer as online. */
  sawPoller(roomId: string, viewerId: string, at = Date.now()): void {
    this.room(roomId).pollers.set(viewerId, at);
  }

  /** This node's online viewers per room (ws sessions + long-pollers seen within the expiry). */
  localCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    const cutoff = Date.now() - LIVE_ONLINE_EXPIRE_S * 1000;
    for (const room of this.rooms.values()) {
      for (const [id, at] of room.pollers) if (at < cutoff) room.pollers.delete(id);
      const n = room.viewers.size + room.pollers.size;
      if (n) out[room.roomId] = n;
    }
    return out;
  }

  heardCounts(node: string, counts: Record<string, number>): void {
    this.remote.set(node, { at: Date.now(), counts });
  }

  /** Online count on all nodes, recomputed at most every LIVE_ONLINE_REFRESH_MS per room. */
  online(roomId: string, remoteFreshMs: number): number {
    const now = Date.now();
    const cached = this.onlineCache.get(roomId);
    if (cached && now - cached.at < this.onlineRefreshMs) return cached.value;
    let value = this.localCounts()[roomId] ?? 0;
    for (const [node, heard] of this.remote) {
      if (now - heard.at > remoteFreshMs) this.remote.delete(node);
      else value += heard.counts[roomId] ?? 0;
    }
    this.onlineCache.set(roomId, { at: now, value });
    return value;
  }

  /** Forgets the room; returns its viewers (to notify) after waking its long-polls with null. */
  drop(roomId: string): LiveViewer[] {
    const room = this.rooms.get(roomId);
    if (!room) return [];
    this.rooms.delete(roomId);
    this.dirty.delete(room);
    this.onlineCache.delete(roomId);
    for (const waiter of room.waiters) waiter.wake(null);
    return [...room.viewers];
  }

  close(): void {
    clearInterval(this.timer);
    for (const room of this.rooms.values()) {
      for (const waiter of room.waiters) waiter.wake([]);
      room.waiters.clear();
    }
  }
}
