import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { skuReads } from '../catalogue/index.ts';
import type { FunnelRow, RollupRepo } from './rollup.repo.ts';

/** Distinct keys held between flushes; past it new keys wait for the next flush's room. */
const MAX_KEYS = 50_000;

type Kind = 'view' | 'cart' | 'placed';

/**
 * The funnel's first steps — product views, cart adds, orders placed — are hot paths (a cached
 * product page costs no query), so they are counted in memory on each node and added to the
 * day's rollup row every few seconds: a view costs a map increment, a flood of views a handful
 * of rows. Nodes add their own counts, so cluster totals are the sum. A crash loses at most one
 * interval's counts (the paid step, from the rollups, is exact).
 */
export class FunnelTally {
  /** `${kind}:${day}:${id}` → count; id is a product (view), SKU (cart) or store (placed). */
  private pending = new Map<string, number>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly repo: RollupRepo,
    private readonly onError: (err: unknown) => void,
    private readonly flushEveryMs = 5000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
  }

  /** A product page was shown. */
  viewed = (productId: number): void => this.add('view', productId, 1);
  /** A SKU was put in a cart. */
  addedToCart = (skuId: number): void => this.add('cart', skuId, 1);
  /** Orders were placed (one store id per order). */
  placed = (storeIds: readonly number[]): void => {
    for (const id of storeIds) this.add('placed', id, 1);
  };

  private add(kind: Kind, id: number, n: number): void {
    const key = `${kind}:${chinaDay()}:${id}`;
    const count = this.pending.get(key);
    if (count !== undefined) this.pending.set(key, count + n);
    else if (this.pending.size < MAX_KEYS) this.pending.set(key, n);
  }

  /** Writes what is counted; resolves once it is in the rollup (or reported lost), never rejects. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size > 0) {
      this.writing = this.writing.then(() => this.write(batch).catch(this.onError));
    }
    return this.writing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(batch: ReadonlyMap<string, number>): Promise<void> {
    const parsed = [...batch].map(([key, count]) => {
      const [kind, day, id] = key.split(':') as [Kind, string, string];
      return { kind, day, id: Number(id), count };
    });
    const productOfSku = await this.productsOfSkus(
      parsed.filter((p) => p.kind === 'cart').map((p) => p.id),
    );
    const productIds = new Set(parsed.filter((p) => p.kind === 'view').map((p) => p.id));
    for (const productId of productOfSku.values()) productIds.add(productId);
    const storeOf = await this.storesOfProducts([...productIds]);
    const rows = new Map<string, FunnelRow>();
    const row = (store: number, day: string) => {
      const key = `${store}:${day}`;
      let r = rows.get(key);
      if (!r) {
        r = { store, day, views: 0, cart: 0, placed: 0 };
        rows.set(key, r);
      }
      return r;
    };
    for (const p of parsed) {
      if (p.kind === 'placed') {
        row(p.id, p.day).placed += p.count;
        continue;
      }
      const product = p.kind === 'view' ? p.id : productOfSku.get(p.id);
      const store = product === undefined ? undefined : storeOf.get(product);
      if (store === undefined) continue;
      if (p.kind === 'view') row(store, p.day).views += p.count;
      else row(store, p.day).cart += p.count;
    }
    await this.repo.addFunnel(this.db, [...rows.values()]);
  }

  private async productsOfSkus(skuIds: number[]): Promise<Map<number, number>> {
    if (!skuIds.length) return new Map();
    const rows = await skuReads
      .skuView(this.db)
      .where('id', 'in', skuIds)
      .clearSelect()
      .select(['id', 'product_id'])
      .execute();
    return new Map(rows.map((r) => [r.id, r.product_id]));
  }

  private async storesOfProducts(productIds: number[]): Promise<Map<number, number>> {
    if (!productIds.length) return new Map();
    const rows = await skuReads
      .productView(this.db)
      .where('id', 'in', productIds)
      .clearSelect()
      .select(['id', 'store_id'])
      .execute();
    return new Map(rows.map((r) => [r.id, r.store_id]));
  }
}
