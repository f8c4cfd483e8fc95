import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { GroupCommit } from '../../../platform/group-commit.ts';
import type { StockService } from '../../catalogue/index.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { AddressSnapshotJson } from '../order.tables.ts';
import type { CheckoutRules } from '../pricing.ts';
import type { OrderProvidedPorts } from '../provided-ports.ts';
import { type BatchContext, KeyRaced, keyOf } from './batch-context.ts';
import { checkDeals } from './check-deals.ts';
import { lockAndAllocate } from './lock-and-allocate.ts';
import type { PlacedOrder, PlaceJob, PlacementPorts, PlaceResult } from './place-job.ts';
import type { PlacementRepo } from './placement.repo.ts';
import { priceFlash } from './price-flash.ts';
import { RxRaced } from './rx-lines.ts';
import { discountsOf } from './submit-discounts.ts';
import { writeOrders } from './write-orders.ts';

export type {
  DealJob,
  DealPort,
  FlashJob,
  FlashPort,
  NamedDealPort,
  PlaceJob,
  PlacementPorts,
  PlaceResult,
} from './place-job.ts';

/** At most this many submits share one transaction. */
const PLACE_BATCH_MAX = 64;

/**
 * Order placement by group commit (as the IM send batch): submits that arrive while the database
 * is busy are placed together, in one transaction and a fixed handful of statements whatever
 * their number — the keys checked, the SKUs locked and read, the stock of the whole batch taken
 * in one UPDATE, groups, orders, lines and events each inserted by one multi-row INSERT.
 *
 * Each submit is still all-or-nothing and priced from live data: the batch allocates stock to
 * its submits in arrival order from the locked rows (`allocate`), so a submit that finds too
 * little left is refused alone and writes nothing, as if the submits had run one by one. A batch
 * that fails as a whole (a deadlock, a key raced by another transaction) is retried one submit
 * at a time by GroupCommit, so one bad submit fails only its own caller.
 */
export class OrderPlacer {
  private readonly batches: GroupCommit<PlaceJob, PlaceResult>;

  constructor(
    private readonly db: Db,
    private readonly repo: PlacementRepo,
    private readonly stock: StockService,
    private readonly ports: PlacementPorts,
    private readonly ledger: Ledger,
    /** How much of a submit's goods the red-packet balance and points may pay. */
    private readonly rules: CheckoutRules,
    /** Batches in flight at once: a pool can run several; PGlite's one connection runs one. */
    maxInFlight: number,
    /** The flash sale, the deals, coupons, member prices and prescriptions of other modules. */
    private readonly handed: Pick<
      OrderProvidedPorts,
      'flash' | 'deals' | 'coupons' | 'members' | 'prescriptions'
    >,
    /** Told after commit of each batch's orders, one store id per order. */
    private readonly placed: (orders: readonly PlacedOrder[]) => void = () => {},
  ) {
    this.batches = new GroupCommit<PlaceJob, PlaceResult>((jobs) => this.placeMany(jobs), {
      keyOf,
      laneOf: (j) => (j.flash ? `flash:${j.flash.itemId}` : keyOf(j)),
      maxInFlight,
      maxBatch: PLACE_BATCH_MAX,
    });
  }

  place(job: PlaceJob): Promise<PlaceResult> {
    return this.batches.submit(job);
  }

  /** Resolves once every submit received is placed or refused (shutdown waits for it). */
  idle(): Promise<void> {
    return this.batches.idle();
  }

  private async placeMany(jobs: PlaceJob[]): Promise<PlaceResult[]> {
    // Read before the transaction: on PGlite its one connection is the transaction's.
    const addresses = await this.ports.findAddresses(
      jobs.map((j) => ({ userId: j.userId, id: j.addressId })),
    );
    let placed: { results: PlaceResult[]; productIds: number[]; orders?: PlacedOrder[] };
    try {
      placed = await this.db
        .transaction()
        .execute((trx) => this.inTransaction(trx, jobs, addresses));
    } catch (err) {
      // Alone, a raced key is an answer; in a batch, GroupCommit retries each submit alone.
      if (err instanceof KeyRaced && jobs.length === 1) return [{ kind: 'raced' }];
      // Alone, the prescription is gone (another checkout bought with it): refused as without.
      if (err instanceof RxRaced && jobs.length === 1) {
        return [{ kind: 'refused', error: 'RX_REQUIRED' }];
      }
      throw err;
    }
    await this.stock.changed(placed.productIds);
    if (placed.orders) this.placed(placed.orders);
    return placed.results;
  }

  /** What the steps of a batch use. */
  private context(): BatchContext {
    return {
      repo: this.repo,
      stock: this.stock,
      ports: this.ports,
      ledger: this.ledger,
      rules: this.rules,
      flashPort: this.handed.flash,
      dealPorts: this.handed.deals,
      couponPort: this.handed.coupons,
      memberPort: this.handed.members,
      rxPort: this.handed.prescriptions,
    };
  }

  /**
   * One batch's transaction, step by step: keys and addresses checked; deals checked; coupons,
   * red packets, points and member prices read (`submit-discounts.ts`); SKUs locked, 处方药
   * matched and stock allocated (`lock-and-allocate.ts`); flash units claimed
   * (`price-flash.ts`); then everything written (`write-orders.ts`).
   */
  private async inTransaction(
    trx: Db,
    jobs: PlaceJob[],
    addresses: ReadonlyMap<string, AddressSnapshotJson>,
  ) {
    const ctx = this.context();
    const results: PlaceResult[] = jobs.map(() => ({ kind: 'raced' }));
    const productIds: number[] = [];
    const taken = new Map(
      (await this.repo.takenKeys(narrowDb(trx), jobs)).map((g) => [
        keyOf({ userId: g.user_id, clientKey: g.client_key }),
        g.id,
      ]),
    );
    const addressOf = (j: PlaceJob) => addresses.get(`${j.userId}:${j.addressId}`);
    const fresh: number[] = [];
    jobs.forEach((j, i) => {
      const groupId = taken.get(keyOf(j));
      if (groupId !== undefined) results[i] = { kind: 'existing', groupId };
      else if (!addressOf(j)) results[i] = { kind: 'refused', error: 'ADDRESS_REQUIRED' };
      else fresh.push(i);
    });
    if (!fresh.length) return { results, productIds };

    const now = new Date();
    const refusedDeals = await checkDeals(
      ctx,
      trx,
      fresh.filter((i) => jobs[i]?.deal && !jobs[i]?.flash),
      jobs,
      results,
    );
    const discounted = await discountsOf(
      ctx,
      trx,
      fresh.filter((i) => !jobs[i]?.flash && !refusedDeals.has(i)),
      jobs,
      results,
      now,
    );
    const allocated = await lockAndAllocate(ctx, trx, jobs, results, discounted, now);
    const placing = allocated.placing;
    placing.push(
      ...(await priceFlash(
        ctx,
        trx,
        fresh.filter((i) => jobs[i]?.flash),
        jobs,
        results,
      )),
    );
    placing.sort((a, b) => a.i - b.i);
    if (!placing.length) return { results, productIds };

    await writeOrders(ctx, trx, placing, allocated, addressOf, results, productIds);
    const orders = placing.flatMap((p) =>
      p.pricing.stores.map((s) => ({ storeId: s.storeId, userId: jobs[p.i]?.userId ?? 0 })),
    );
    return { results, productIds, orders };
  }
}
