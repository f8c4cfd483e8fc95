import { chinaDay } from '../../platform/china-time.ts';
import { skuReads } from '../catalogue/index.ts';
import type { DashboardDb } from './dashboard.tables.ts';
import type { FunnelStepRow, RollupRepo } from './rollup.repo.ts';

/** Distinct keys held between flushes; past it new keys wait for the next flush's room. */
const MAX_KEYS = 50_000;

/** 1 a product viewed, 2 a SKU put in the cart, 3 an order placed (id: product, SKU, store). */
type Step = 1 | 2 | 3;

/**
 * The funnel's first steps — a signed-in user viewed a product, added to the cart, placed an
 * order — are hot paths (a cached product page costs no query), so who did what is kept in
 * memory on each node (once per user, step, day and product/SKU/store) and written to the
 * funnel's rollup every few seconds (rollup.repo addFunnelSteps): a flood of views of one user is
 * one row. A crash loses at most one interval's steps; the paid step is written with the payment.
 */
export class FunnelTally {
  /** `${step}:${day}:${id}:${userId}`. */
  private pending = new Set<string>();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: DashboardDb,
    private readonly repo: RollupRepo,
    private readonly onError: (err: unknown) => void,
    private readonly flushEveryMs = 5000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushEveryMs);
    this.timer.unref();
  }

  /** A signed-in user was shown a product page. */
  viewed = (productId: number, userId: number): void => this.add(1, productId, userId);
  /** A user put a SKU in their cart. */
  addedToCart = (skuId: number, userId: number): void => this.add(2, skuId, userId);
  /** Orders were placed (each with its store and buyer). */
  placed = (orders: readonly { storeId: number; userId: number }[]): void => {
    for (const o of orders) this.add(3, o.storeId, o.userId);
  };

  private add(step: Step, id: number, userId: number): void {
    if (this.pending.size < MAX_KEYS) this.pending.add(`${step}:${chinaDay()}:${id}:${userId}`);
  }

  /** Writes what is counted; resolves once it is in the rollup (or reported lost), never rejects. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Set();
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

  private async write(batch: ReadonlySet<string>): Promise<void> {
    const parsed = [...batch].map((key) => {
      const [step, day, id, user] = key.split(':') as [string, string, string, string];
      return { step: Number(step) as Step, day, id: Number(id), user: Number(user) };
    });
    const productOfSku = await this.productsOfSkus(
      parsed.filter((p) => p.step === 2).map((p) => p.id),
    );
    const productIds = new Set(parsed.filter((p) => p.step === 1).map((p) => p.id));
    for (const productId of productOfSku.values()) productIds.add(productId);
    const storeOf = await this.storesOfProducts([...productIds]);
    const rows = new Map<string, FunnelStepRow>();
    for (const p of parsed) {
      const product = p.step === 1 ? p.id : productOfSku.get(p.id);
      const store = p.step === 3 ? p.id : product === undefined ? undefined : storeOf.get(product);
      if (store === undefined) continue;
      rows.set(`${store}:${p.user}:${p.step}:${p.day}`, {
        store,
        user: p.user,
        step: p.step,
        day: p.day,
      });
    }
    if (!rows.size) return;
    const steps = [...rows.values()];
    await this.db.transaction().execute(async (trx) => {
      await this.repo.lockUsers(
        trx,
        steps.map((s) => s.user),
      );
      await this.repo.addFunnelSteps(trx, steps);
    });
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
