import { randomUUID } from 'node:crypto';
import {
  LIVE_BODY_MAX_BYTES,
  LIVE_FETCH_MAX,
  LIVE_LONG_POLL_HOLD_MS,
  LIVE_MAX_PER_SECOND,
  LIVE_ONLINE_EXPIRE_S,
  LIVE_ONLINE_REFRESH_MS,
  LIVE_PRIORITIES,
  type LiveMessage,
  type LiveOnline,
  type LivePriority,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { LiveHub, LiveViewer } from './live-hub.ts';
import type { LiveLog } from './live-log.ts';
import type { LivePost, LiveRooms, LiveRoomsOptions } from './live-rooms.ts';

/** How long posts gather before admission, so that a burst is admitted High priority first. */
const ADMIT_TICK_MS = 10;
/**
 * Posts over the rate wait (highest priority first) for the bucket to refill; at most one
 * second's worth waits, and none longer than this. The rest are refused with LIVE_RATE_LIMITED,
 * lowest priority first. Waiting rather than refusing at once keeps a sender at exactly 40/s
 * (whose posts arrive with jitter) from being refused.
 */
const MAX_WAIT_MS = 3000;
/** Online counts are published to other nodes this often; counts older than 3 periods are dropped. */
const ONLINE_PUBLISH_MS = LIVE_ONLINE_REFRESH_MS;
const ROOM_ID = /^[A-Za-z0-9_@#.:-]{1,64}$/;

interface Queued {
  tail: string;
  rank: number;
  order: number;
  message: Omit<LiveMessage, 'sequence'>;
  resolve(message: LiveMessage): void;
  reject(err: unknown): void;
}

interface RoomQueue {
  queue: Queued[];
  timer: NodeJS.Timeout | null;
  /** An append is in flight: the next round is scheduled when it returns. */
  busy: boolean;
}

export function checkRoomId(roomId: unknown): string {
  if (typeof roomId !== 'string' || !ROOM_ID.test(roomId))
    throw new AppError('LIVE_ROOM_ID_INVALID');
  return roomId;
}

export class LiveService implements LiveRooms {
  readonly nodeId = randomUUID();
  /** Long-poll hold; tests shorten it. */
  longPollHoldMs = LIVE_LONG_POLL_HOLD_MS;
  private readonly queues = new Map<string, RoomQueue>();
  private readonly known = new Set<string>();
  private readonly onlineTimer: NodeJS.Timeout;
  private order = 0;
  private closed = false;

  constructor(
    readonly hub: LiveHub,
    private readonly log: LiveLog,
    private readonly options: LiveRoomsOptions,
    private readonly onDismiss: (roomId: string, viewers: LiveViewer[]) => void,
  ) {
    log.onMessage((roomId, sequence, tail) => hub.receive(roomId, sequence, tail));
    log.onControl((raw) => this.control(raw));
    this.onlineTimer = setInterval(() => {
      void log
        .publishControl(
          JSON.stringify({ t: 'online', node: this.nodeId, counts: hub.localCounts() }),
        )
        .catch(() => undefined);
    }, ONLINE_PUBLISH_MS);
    this.onlineTimer.unref();
  }

  private control(raw: string) {
    let notice: { t?: string; roomId?: string; node?: string; counts?: Record<string, number> };
    try {
      notice = JSON.parse(raw);
    } catch {
      return;
    }
    if (notice.t === 'dismiss' && typeof notice.roomId === 'string') {
      this.known.delete(notice.roomId);
      this.onDismiss(notice.roomId, this.hub.drop(notice.roomId));
    } else if (
      notice.t === 'online' &&
      notice.node &&
      notice.node !== this.nodeId &&
      notice.counts
    ) {
      this.hub.heardCounts(notice.node, notice.counts);
    }
  }

  async create(roomId: string, ownerId: string): Promise<void> {
    checkRoomId(roomId);
    await this.log.setRoom(roomId, ownerId);
    this.known.add(roomId);
  }

  async dismiss(roomId: string): Promise<void> {
    await this.log.deleteRoom(roomId);
    await this.log.publishControl(JSON.stringify({ t: 'dismiss', roomId }));
  }

  async exists(roomId: string): Promise<boolean> {
    if (!ROOM_ID.test(roomId)) return false;
    if (await this.log.getRoom(roomId)) return true;
    const found = await this.options.resolveRoom?.(roomId);
    if (!found) return false;
    await this.log.setRoom(roomId, found.ownerId);
    return true;
  }

  /** Throws LIVE_ROOM_NOT_FOUND unless the room exists. */
  async requireRoom(roomId: string): Promise<void> {
    checkRoomId(roomId);
    if (!(await this.exists(roomId))) throw new AppError('LIVE_ROOM_NOT_FOUND');
  }

  async post(roomId: string, input: LivePost): Promise<LiveMessage> {
    checkRoomId(roomId);
    if (this.closed) throw new AppError('SHUTTING_DOWN');
    const priority: LivePriority = input.priority ?? 'Normal';
    const rank = LIVE_PRIORITIES.indexOf(priority);
    if (rank < 0) throw new AppError('LIVE_FRAME_INVALID');
    const message = {
      roomId,
      time: Date.now(),
      from: input.from,
      priority,
      body: input.body ?? null,
    };
    const body = JSON.stringify(message.body);
    if (Buffer.byteLength(body) > LIVE_BODY_MAX_BYTES) throw new AppError('LIVE_MESSAGE_TOO_LARGE');
    const tail = `"time":${message.time},"from":${JSON.stringify(message.from)},"priority":"${priority}","body":${body}}`;
    if (!this.known.has(roomId)) {
      await this.requireRoom(roomId);
      this.known.add(roomId);
    }
    return new Promise((resolve, reject) => {
      let room = this.queues.get(roomId);
      if (!room) {
        room = { queue: [], timer: null, busy: false };
        this.queues.set(roomId, room);
      }
      room.queue.push({ tail, rank, order: this.order++, message, resolve, reject });
      if (!room.timer && !room.busy) this.schedule(roomId, room, ADMIT_TICK_MS);
    });
  }

  private schedule(roomId: string, room: RoomQueue, ms: number) {
    room.timer = setTimeout(() => {
      room.timer = null;
      void this.admit(roomId, room);
    }, ms);
  }

  private async admit(roomId: string, room: RoomQueue) {
    const queue = room.queue.sort((a, b) => a.rank - b.rank || a.order - b.order);
    room.queue = [];
    room.busy = true;
    let nextIn = ADMIT_TICK_MS;
    let rest: Queued[] = [];
    try {
      const { first, admitted, retryInMs } = await this.log.append(
        roomId,
        queue.map((q) => q.tail),
        LIVE_MAX_PER_SECOND,
      );
      if (first < 0) {
        this.known.delete(roomId);
        for (const q of queue) q.reject(new AppError('LIVE_ROOM_NOT_FOUND'));
      } else {
        queue.slice(0, admitted).forEach((q, i) => {
          q.resolve({ ...q.message, sequence: first + i });
        });
        const now = Date.now();
        rest = queue.slice(admitted);
        const keep = rest.filter(
          (q, i) => i < LIVE_MAX_PER_SECOND && now - q.message.time < MAX_WAIT_MS,
        );
        for (const q of rest) if (!keep.includes(q)) q.reject(new AppError('LIVE_RATE_LIMITED'));
        rest = keep;
        room.queue = rest.concat(room.queue);
        nextIn = Math.max(retryInMs, 1);
      }
    } catch (err) {
      for (const q of queue) q.reject(err);
    }
    room.busy = false;
    if (room.queue.length && !this.closed) this.schedule(roomId, room, nextIn);
    if (!room.queue.length && !room.timer && this.queues.get(roomId) === room)
      this.queues.delete(roomId);
  }

  async onlineCount(roomId: string): Promise<LiveOnline> {
    return {
      onlineMemberNum: this.hub.online(roomId, ONLINE_PUBLISH_MS * 3),
      expireTime: LIVE_ONLINE_EXPIRE_S,
    };
  }

  joinedSessions(roomId: string): number {
    return this.hub.viewers(roomId);
  }

  /**
   * Ring-buffer messages with from ≤ sequence ≤ to. What this node's ring lacks (it joined the
   * cluster after they were posted, or missed a publish) is filled from the log's ring first.
   */
  async fetch(roomId: string, from: number, to: number): Promise<LiveMessage[]> {
    const local = this.hub.fetchComplete(roomId, from, to);
    if (local) return local;
    const end = Math.min(to, from + LIVE_FETCH_MAX - 1);
    for (const m of await this.log.recent(roomId, from, end))
      this.hub.remember(roomId, m.sequence, m.tail);
    return this.hub.fetch(roomId, from, to);
  }

  /** The next sequence as this node knows it (the log's, when this node has seen nothing yet). */
  async nextSeq(roomId: string): Promise<number> {
    const local = this.hub.lastSeq(roomId);
    return local ? local + 1 : this.log.nextSeq(roomId);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.onlineTimer);
    for (const room of this.queues.values()) {
      if (room.timer) clearTimeout(room.timer);
      for (const q of room.queue) q.reject(new AppError('SHUTTING_DOWN'));
    }
    this.queues.clear();
    this.hub.close();
    await this.log.close();
  }
}
