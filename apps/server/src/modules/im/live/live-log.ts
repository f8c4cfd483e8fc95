import { LIVE_RING_SIZE } from '@chaopin/contracts';
import type { Redis } from 'ioredis';

/**
 * The ordered log behind live rooms: room registry, per-room sequences, per-room admission (a
 * token bucket: `limit` tokens a second, holding at most BURST) and delivery of every admitted
 * message to every node in sequence order. A bucket rather than a strict window: a sender at exactly
 * 40/s whose posts arrive with jitter would otherwise fall further behind with every late timer
 * (measured: ~1 s of added latency at 10,000 viewers). Embedded: in memory. Cluster: one Redis script admits, numbers and publishes, so
 * sequences never collide and every node hears messages in sequence order (Redis is single-threaded).
 */
export interface LiveLog {
  /**
   * Admits the first entries that fit the room's window, in the order given (callers sort by
   * priority). `entries` are the encoded message tails (see LiveHub). Returns the first sequence,
   * how many were admitted and, when not all were, in how many ms the next slot frees; `first` is
   * -1 when the room does not exist.
   */
  append(roomId: string, entries: string[], limit: number): Promise<Admission>;
  /** Called for every admitted message of every room, on every node, in sequence order per room. */
  onMessage(handler: (roomId: string, sequence: number, tail: string) => void): void;
  /** Control notices to every node (dismissal, online counts). */
  publishControl(message: string): Promise<void>;
  onControl(handler: (message: string) => void): void;
  setRoom(roomId: string, ownerId: string): Promise<void>;
  getRoom(roomId: string): Promise<{ ownerId: string } | null>;
  deleteRoom(roomId: string): Promise<void>;
  /** The sequence the room's next message will carry. */
  nextSeq(roomId: string): Promise<number>;
  /**
   * The room's last LIVE_RING_SIZE messages as the log keeps them, from ≤ sequence ≤ to: what a
   * node that joined late or missed a delivery fills its ring from. Empty when the node's own ring
   * is the whole truth (embedded).
   */
  recent(
    roomId: string,
    from: number,
    to: number,
  ): Promise<Array<{ sequence: number; tail: string }>>;
  close(): Promise<void>;
}

export interface Admission {
  first: number;
  admitted: number;
  retryInMs: number;
}

/**
 * Tokens the bucket holds: one second's worth, so that a stall of the server (GC, a busy core) of up
 * to a second does not leave a sender at exactly 40/s with a backlog it can never work off.
 */
export const BURST = 40;

export class MemoryLiveLog implements LiveLog {
  private readonly rooms = new Map<
    string,
    { ownerId: string; seq: number; tokens: number; at: number }
  >();
  private messageHandlers: Array<(roomId: string, sequence: number, tail: string) => void> = [];
  private controlHandlers: Array<(message: string) => void> = [];

  async append(roomId: string, entries: string[], limit: number): Promise<Admission> {
    const room = this.rooms.get(roomId);
    if (!room) return { first: -1, admitted: 0, retryInMs: 0 };
    const now = Date.now();
    room.tokens = Math.min(BURST, room.tokens + ((now - room.at) * limit) / 1000);
    room.at = now;
    const admitted = Math.max(0, Math.min(entries.length, Math.floor(room.tokens)));
    room.tokens -= admitted;
    const first = room.seq + 1;
    room.seq += admitted;
    for (let i = 0; i < admitted; i++) {
      for (const h of this.messageHandlers) h(roomId, first + i, entries[i] as string);
    }
    const retryInMs = admitted < entries.length ? Math.ceil(((1 - room.tokens) * 1000) / limit) : 0;
    return { first, admitted, retryInMs };
  }
  onMessage(handler: (roomId: string, sequence: number, tail: string) => void) {
    this.messageHandlers.push(handler);
  }
  async publishControl(message: string) {
    for (const h of this.controlHandlers) h(message);
  }
  onControl(handler: (message: string) => void) {
    this.controlHandlers.push(handler);
  }
  async setRoom(roomId: string, ownerId: string) {
    if (!this.rooms.has(roomId))
      this.rooms.set(roomId, { ownerId, seq: 0, tokens: BURST, at: Date.now() });
  }
  async getRoom(roomId: string) {
    const room = this.rooms.get(roomId);
    return room ? { ownerId: room.ownerId } : null;
  }
  async deleteRoom(roomId: string) {
    this.rooms.delete(roomId);
  }
  async nextSeq(roomId: string) {
    return (this.rooms.get(roomId)?.seq ?? 0) + 1;
  }
  async recent() {
    return []; // one node: its hub heard every message
  }
  async close() {
    this.messageHandlers = [];
    this.controlHandlers = [];
  }
}

// Keys get the deployment's REDIS_PREFIX from the connection; channels get it in create().
const PREFIX = 'live:';
const ROOMS = `${PREFIX}rooms`;
const ringKey = (roomId: string) => `${PREFIX}ring:${roomId}`;
/** A room nobody posted in for a day loses its ring (a live show is over by then). */
const RING_TTL_MS = 24 * 3600 * 1000;

// KEYS: rooms hash, seq key, bucket key (hash: tokens, at ms), ring list. ARGV: roomId, limit,
// channel, entries… Redis's clock, so that every node charges the same bucket. The ring keeps the
// last LIVE_RING_SIZE "<sequence>\t<tail>" entries for nodes that joined late or missed a publish.
const APPEND = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return {-1, 0, 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[2])
local b = redis.call('HMGET', KEYS[3], 'tokens', 'at')
local tokens = ${BURST}
if b[1] then tokens = math.min(${BURST}, tonumber(b[1]) + (now - tonumber(b[2])) * limit / 1000) end
local k = math.max(0, math.min(#ARGV - 3, math.floor(tokens)))
tokens = tokens - k
redis.call('HSET', KEYS[3], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[3], 5000)
local first = 0
if k > 0 then
  local last = redis.call('INCRBY', KEYS[2], k)
  first = last - k + 1
  for i = 1, k do
    redis.call('PUBLISH', ARGV[3], ARGV[1] .. '\\t' .. (first + i - 1) .. '\\t' .. ARGV[3 + i])
    redis.call('RPUSH', KEYS[4], (first + i - 1) .. '\\t' .. ARGV[3 + i])
  end
  redis.call('LTRIM', KEYS[4], -${LIVE_RING_SIZE}, -1)
  redis.call('PEXPIRE', KEYS[4], ${RING_TTL_MS})
else
  first = tonumber(redis.call('GET', KEYS[2]) or '0') + 1
end
local retry = 0
if k < #ARGV - 3 then retry = math.ceil((1 - tokens) * 1000 / limit) end
return {first, k, retry}`;

// KEYS: ring list. ARGV: from, to. The list holds consecutive sequences, so the range is indexed.
const RECENT = `
local head = redis.call('LINDEX', KEYS[1], 0)
if not head then return {} end
local s0 = tonumber(string.match(head, '^(%d+)'))
local from = math.max(tonumber(ARGV[1]) - s0, 0)
local to = tonumber(ARGV[2]) - s0
if to < from then return {} end
return redis.call('LRANGE', KEYS[1], from, to)`;

export class RedisLiveLog implements LiveLog {
  private messageHandlers: Array<(roomId: string, sequence: number, tail: string) => void> = [];
  private controlHandlers: Array<(message: string) => void> = [];

  private readonly messages: string;
  private readonly control: string;

  private constructor(
    private readonly redis: Redis,
    private readonly sub: Redis,
    channelPrefix: string,
  ) {
    this.messages = `${channelPrefix}${PREFIX}msg`;
    this.control = `${channelPrefix}${PREFIX}ctl`;
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.control) {
        for (const h of this.controlHandlers) h(message);
        return;
      }
      if (channel !== this.messages) return;
      const a = message.indexOf('\t');
      const b = message.indexOf('\t', a + 1);
      if (a < 0 || b < 0) return;
      const roomId = message.slice(0, a);
      const sequence = Number(message.slice(a + 1, b));
      const tail = message.slice(b + 1);
      for (const h of this.messageHandlers) h(roomId, sequence, tail);
    });
  }

  static async create(redis: Redis, sub: Redis, channelPrefix: string): Promise<RedisLiveLog> {
    const log = new RedisLiveLog(redis, sub, channelPrefix);
    await sub.subscribe(log.messages, log.control);
    return log;
  }

  async append(roomId: string, entries: string[], limit: number): Promise<Admission> {
    const keys = [ROOMS, `${PREFIX}seq:${roomId}`, `${PREFIX}rate:${roomId}`, ringKey(roomId)];
    const [first, admitted, retryInMs] = (await this.redis.eval(
      APPEND,
      keys.length,
      ...keys,
      roomId,
      String(limit),
      this.messages,
      ...entries,
    )) as [number, number, number];
    return { first, admitted, retryInMs };
  }
  onMessage(handler: (roomId: string, sequence: number, tail: string) => void) {
    this.messageHandlers.push(handler);
  }
  async publishControl(message: string) {
    await this.redis.publish(this.control, message);
  }
  onControl(handler: (message: string) => void) {
    this.controlHandlers.push(handler);
  }
  async setRoom(roomId: string, ownerId: string) {
    await this.redis.hsetnx(ROOMS, roomId, ownerId);
  }
  async getRoom(roomId: string) {
    const ownerId = await this.redis.hget(ROOMS, roomId);
    return ownerId === null ? null : { ownerId };
  }
  async deleteRoom(roomId: string) {
    await this.redis
      .multi()
      .hdel(ROOMS, roomId)
      .del(`${PREFIX}seq:${roomId}`, `${PREFIX}rate:${roomId}`, ringKey(roomId))
      .exec();
  }
  async nextSeq(roomId: string) {
    return Number((await this.redis.get(`${PREFIX}seq:${roomId}`)) ?? 0) + 1;
  }
  async recent(roomId: string, from: number, to: number) {
    const rows = (await this.redis.eval(RECENT, 1, ringKey(roomId), from, to)) as string[];
    return rows.map((row) => {
      const tab = row.indexOf('\t');
      return { sequence: Number(row.slice(0, tab)), tail: row.slice(tab + 1) };
    });
  }
  async close() {
    this.messageHandlers = [];
    this.controlHandlers = [];
    this.redis.disconnect();
    this.sub.disconnect();
  }
}
