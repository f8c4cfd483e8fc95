import { LRUCache } from 'lru-cache';
import type { Bus } from './bus.ts';

/**
 * A short-lived read-through cache whose entries every node drops when any node invalidates them
 * (through the Bus). Staleness is bounded by `ttlMs` even if an invalidation is lost.
 */
export class BusCache<V extends object> {
  private readonly cache: LRUCache<string, V> | null;

  private constructor(
    private readonly bus: Bus,
    private readonly channel: string,
    max: number,
    ttlMs: number,
  ) {
    this.cache = ttlMs > 0 ? new LRUCache<string, V>({ max, ttl: ttlMs }) : null;
  }

  static async create<V extends object>(
    bus: Bus,
    channel: string,
    opts: { max: number; ttlMs: number },
  ): Promise<BusCache<V>> {
    const cache = new BusCache<V>(bus, channel, opts.max, opts.ttlMs);
    await bus.subscribe(channel, (key) => cache.cache?.delete(key));
    return cache;
  }

  async get(key: string, load: () => Promise<V | null>): Promise<V | null> {
    const hit = this.cache?.get(key);
    if (hit) return hit;
    const value = await load();
    if (value && this.cache) this.cache.set(key, value);
    return value;
  }

  /** Drops the key here at once and on every other node through the bus. */
  async invalidate(key: string): Promise<void> {
    this.cache?.delete(key);
    await this.bus.publish(this.channel, key);
  }
}
