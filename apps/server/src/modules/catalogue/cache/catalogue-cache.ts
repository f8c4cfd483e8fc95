import type { ProductDetail } from '@chaopin/contracts';
import { LRUCache } from 'lru-cache';
import type { Bus } from '../../../platform/bus.ts';
import { CachedJson } from './cached-json.ts';

/** A product detail as every viewer sees it (the per-user part is added per request). */
export type SharedDetail = Omit<ProductDetail, 'isCollected'>;

const CHANGED = 'catalogue.changed';
const PRODUCT_CHANGED = 'catalogue.product.changed';

/**
 * Read cache of the catalogue, per node. PGlite answers about 1,200 queries per second, so
 * listings, product details and home content are served from memory:
 * - a product's detail (price, stock) is evicted on every node as soon as it changes
 *   (`productChanged`, e.g. after an order takes stock or an operator edits it);
 * - any operator change to the catalogue bumps a version that every listing key carries
 *   (`catalogueChanged`), so new prices and shelf states show at once;
 * - sales counts in listings may lag by the listing TTL. Checkout never reads this cache.
 */
export class CatalogueCache {
  /** Bumped by every operator change: listing keys carry it, so old entries are never read. */
  private version = 0;
  /** Bumped by every eviction, so a read that raced a change is not cached. */
  private generation = 0;
  private readonly enabled: boolean;
  private readonly lists: LRUCache<string, object>;
  private readonly details: LRUCache<number, SharedDetail>;
  /**
   * Serialized envelopes, sent as they are (and compressed once, see CachedJson): listings by
   * key, anonymous details by product id.
   */
  private readonly listJson: LRUCache<string, CachedJson>;
  private readonly detailJson: LRUCache<number, CachedJson>;

  private constructor(
    private readonly bus: Bus,
    opts: { listTtlMs: number; detailTtlMs: number },
  ) {
    this.lists = new LRUCache({ max: 5_000, ttl: Math.max(opts.listTtlMs, 1) });
    this.details = new LRUCache({ max: 5_000, ttl: Math.max(opts.detailTtlMs, 1) });
    this.listJson = new LRUCache({ max: 5_000, ttl: Math.max(opts.listTtlMs, 1) });
    this.detailJson = new LRUCache({ max: 5_000, ttl: Math.max(opts.detailTtlMs, 1) });
    this.enabled = opts.listTtlMs > 0;
  }

  static async create(bus: Bus, opts: { listTtlMs: number; detailTtlMs: number }) {
    const cache = new CatalogueCache(bus, opts);
    await bus.subscribe(CHANGED, () => cache.clear());
    await bus.subscribe(PRODUCT_CHANGED, (id) => cache.evict(Number(id)));
    return cache;
  }

  private evict(id: number) {
    this.generation += 1;
    this.details.delete(id);
    this.detailJson.delete(id);
  }

  private clear() {
    this.version += 1;
    this.generation += 1;
    this.lists.clear();
    this.details.clear();
    this.listJson.clear();
    this.detailJson.clear();
  }

  /** Listings and home content: banners, menu, categories, product pages, search results. */
  async list<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const versioned = `${this.version}|${key}`;
    const hit = this.lists.get(versioned);
    if (hit) return hit as T;
    const value = await load();
    this.lists.set(versioned, value);
    return value;
  }

  async detail(id: number, load: () => Promise<SharedDetail>): Promise<SharedDetail> {
    if (!this.enabled) return load();
    const hit = this.details.get(id);
    if (hit) return hit;
    const generation = this.generation;
    const value = await load();
    // A change that arrived while loading must not be overwritten by the older read.
    if (generation === this.generation) this.details.set(id, value);
    return value;
  }

  /** A listing's serialized answer (skips serialization on a hit: the bulk of a cached request). */
  async listText(key: string, load: () => Promise<string>): Promise<CachedJson> {
    if (!this.enabled) return new CachedJson(await load());
    const versioned = `${this.version}|${key}`;
    const hit = this.listJson.get(versioned);
    if (hit !== undefined) return hit;
    const answer = new CachedJson(await load());
    this.listJson.set(versioned, answer);
    return answer;
  }

  /** A product detail's serialized answer as anonymous viewers get it. */
  async detailText(id: number, load: () => Promise<string>): Promise<CachedJson> {
    if (!this.enabled) return new CachedJson(await load());
    const hit = this.detailJson.get(id);
    if (hit !== undefined) return hit;
    const generation = this.generation;
    const answer = new CachedJson(await load());
    if (generation === this.generation) this.detailJson.set(id, answer);
    return answer;
  }

  /** Price, stock or content of these products changed (after the change committed). */
  async productChanged(...ids: number[]): Promise<void> {
    for (const id of ids) {
      this.evict(id);
      await this.bus.publish(PRODUCT_CHANGED, String(id));
    }
  }

  /** The catalogue changed in a way listings show (operator edits, shelf on/off). */
  async catalogueChanged(): Promise<void> {
    this.clear();
    await this.bus.publish(CHANGED, '');
  }
}
