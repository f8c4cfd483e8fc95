import type { Redis } from 'ioredis';

/**
 * Counters for rate limits. Embedded mode keeps them in memory; cluster mode in Redis so that
 * every node sees the same counts.
 */
export interface RateLimitStore {
  /** Sets a cooldown key if absent. `ok` false means it is held, for `retryMs` more. */
  acquire(key: string, ttlMs: number): Promise<{ ok: boolean; retryMs: number }>;
  /** Counts one hit in a fixed window that starts with the first hit. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** `hit` on several keys at once (one round trip in Redis); answers each key's count. */
  hitAll(keys: readonly string[], windowMs: number): Promise<number[]>;
  /** Forgets a key (e.g. after a successful login clears its failure count). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(sweepMs = 60_000) {
    this.sweeper = setInterval(() => this.sweep(), sweepMs);
    this.sweeper.unref();
  }

  private live(key: string, now: number) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async acquire(key: string, ttlMs: number) {
    const now = Date.now();
    const entry = this.live(key, now);
    if (entry) return { ok: false, retryMs: entry.expiresAt - now };
    this.entries.set(key, { count: 1, expiresAt: now + ttlMs });
    return { ok: true, retryMs: 0 };
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    const entry = this.live(key, now) ?? { count: 0, expiresAt: now + windowMs };
    entry.count += 1;
    this.entries.set(key, entry);
    return { count: entry.count, resetMs: entry.expiresAt - now };
  }

  async hitAll(keys: readonly string[], windowMs: number) {
    return Promise.all(keys.map(async (k) => (await this.hit(k, windowMs)).count));
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }

  async close() {
    clearInterval(this.sweeper);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'rl:',
  ) {}

  async acquire(key: string, ttlMs: number) {
    const k = this.prefix + key;
    const set = await this.redis.set(k, '1', 'PX', ttlMs, 'NX');
    if (set === 'OK') return { ok: true, retryMs: 0 };
    const ttl = await this.redis.pttl(k);
    return { ok: false, retryMs: Math.max(ttl, 0) };
  }

  async hit(key: string, windowMs: number) {
    const k = this.prefix + key;
    // INCR and the first-hit expiry in one round trip; PEXPIRE NX keeps the window fixed.
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetMs: ttl > 0 ? ttl : windowMs };
  }

  async hitAll(keys: readonly string[], windowMs: number) {
    const m = this.redis.multi();
    for (const key of keys) m.incr(this.prefix + key).pexpire(this.prefix + key, windowMs, 'NX');
    const result = await m.exec();
    return keys.map((_, i) => Number(result?.[i * 2]?.[1] ?? 0));
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }

  async close() {}
}
