import type { Redis } from 'ioredis';

/** What the counter says about one attempt. */
export type TakeResult = 'ok' | 'soldOut' | 'limit' | 'missing';

/** The counter's picture of one item, rebuilt from the database. */
export interface CounterSeed {
  /** Flash stock minus units in orders paid or awaiting payment. */
  left: number;
  /** Units each user holds (paid or awaiting payment). */
  perUser: ReadonlyMap<number, number>;
}

/**
 * The flash sale's fast gate: an atomic count of units left and of each user's units, checked
 * before an attempt reaches the database, so that of 20,000 attempts on 1,000 units only about
 * 1,000 cost a transaction. The database stays the truth (a guarded `sold` and the per-user
 * count under the item's row lock): a counter that is too high lets a few extra attempts reach
 * the database, which refuses them; one that is too low (a node died between taking and
 * placing) is healed by the sweeper's reconcile; one that is gone (Redis restarted) answers
 * `missing` and is rebuilt from the database.
 */
export interface FlashCounter {
  take(itemId: number, userId: number, limit: number): Promise<TakeResult>;
  /** Compensation: an attempt that took a unit and then failed gives it back. */
  give(itemId: number, userId: number): Promise<void>;
  /** Sets the item from the database unless another node (or attempt) did it first. */
  seed(itemId: number, seed: CounterSeed): Promise<void>;
  /** Units left by the counter, or null when the item is not seeded. */
  peek(itemId: number): Promise<number | null>;
  /** A unit of a cancelled order came back. */
  release(itemId: number, userId: number, quantity: number): Promise<void>;
  /** Forgets the item (sale settled). */
  drop(itemId: number): Promise<void>;
}

/** The embedded mode's counter: one process, so a crash loses it and the restart rebuilds it. */
export class MemoryFlashCounter implements FlashCounter {
  private readonly items = new Map<number, { left: number; perUser: Map<number, number> }>();

  async take(itemId: number, userId: number, limit: number): Promise<TakeResult> {
    const item = this.items.get(itemId);
    if (!item) return 'missing';
    if (item.left <= 0) return 'soldOut';
    const mine = item.perUser.get(userId) ?? 0;
    if (mine >= limit) return 'limit';
    item.left -= 1;
    item.perUser.set(userId, mine + 1);
    return 'ok';
  }

  async give(itemId: number, userId: number): Promise<void> {
    await this.release(itemId, userId, 1);
  }

  async seed(itemId: number, seed: CounterSeed): Promise<void> {
    if (this.items.has(itemId)) return;
    this.items.set(itemId, { left: seed.left, perUser: new Map(seed.perUser) });
  }

  async peek(itemId: number): Promise<number | null> {
    return this.items.get(itemId)?.left ?? null;
  }

  async release(itemId: number, userId: number, quantity: number): Promise<void> {
    const item = this.items.get(itemId);
    if (!item) return;
    item.left += quantity;
    const mine = (item.perUser.get(userId) ?? 0) - quantity;
    if (mine > 0) item.perUser.set(userId, mine);
    else item.perUser.delete(userId);
  }

  async drop(itemId: number): Promise<void> {
    this.items.delete(itemId);
  }
}

// KEYS[1] units left, KEYS[2] hash user → units. 1 ok, 0 sold out, -1 limit, -2 not seeded.
const TAKE = `
local left = redis.call('GET', KEYS[1])
if not left then return -2 end
if tonumber(left) <= 0 then return 0 end
local mine = tonumber(redis.call('HGET', KEYS[2], ARGV[1]) or '0')
if mine >= tonumber(ARGV[2]) then return -1 end
redis.call('DECR', KEYS[1])
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
return 1`;

// Gives units back; a count that is gone (Redis restarted) stays gone, to be rebuilt whole.
const RELEASE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('INCRBY', KEYS[1], ARGV[2])
local mine = redis.call('HINCRBY', KEYS[2], ARGV[1], -tonumber(ARGV[2]))
if mine <= 0 then redis.call('HDEL', KEYS[2], ARGV[1]) end
return 1`;

// ARGV: left, then user, units pairs. Seeds only when absent (the first node to rebuild wins).
const SEED = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2])
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
redis.call('SET', KEYS[1], ARGV[1])
return 1`;

/** The cluster's counter: one Lua script per step, so every node sees one count. */
export class RedisFlashCounter implements FlashCounter {
  constructor(private readonly redis: Redis) {}

  private keys(itemId: number): [string, string] {
    // One hash tag: both keys of an item live on the same Redis Cluster slot.
    return [`sk:{${itemId}}:left`, `sk:{${itemId}}:users`];
  }

  async take(itemId: number, userId: number, limit: number): Promise<TakeResult> {
    const r = Number(await this.redis.eval(TAKE, 2, ...this.keys(itemId), userId, limit));
    return r === 1 ? 'ok' : r === 0 ? 'soldOut' : r === -1 ? 'limit' : 'missing';
  }

  async give(itemId: number, userId: number): Promise<void> {
    await this.release(itemId, userId, 1);
  }

  async seed(itemId: number, seed: CounterSeed): Promise<void> {
    const pairs = [...seed.perUser].flat();
    await this.redis.eval(SEED, 2, ...this.keys(itemId), seed.left, ...pairs);
  }

  async peek(itemId: number): Promise<number | null> {
    const v = await this.redis.get(this.keys(itemId)[0]);
    return v === null ? null : Number(v);
  }

  async release(itemId: number, userId: number, quantity: number): Promise<void> {
    await this.redis.eval(RELEASE, 2, ...this.keys(itemId), userId, quantity);
  }

  async drop(itemId: number): Promise<void> {
    await this.redis.del(...this.keys(itemId));
  }
}
