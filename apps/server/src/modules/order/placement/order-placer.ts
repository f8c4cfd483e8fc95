import { ORDER_PAY_MINUTES } from '@chaopin/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../../database.ts';
import { GroupCommit } from '../../../platform/group-commit.ts';
import type { SkuForPricing, StockLine, StockService } from '../../catalogue/index.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { CouponPort, LockedCoupon } from '../coupon-port.ts';
import { type MemberPort, memberSaving } from '../member-price.ts';
import type { AddressSnapshotJson, OrderItemTable } from '../order.tables.ts';
import type { PrescriptionPort } from '../prescription-port.ts';
import { type CheckoutRules, dealShipsFree, type Pricing, priceOrder } from '../pricing.ts';
import { allocate, type SubmitDiscounts } from './allocate.ts';
import type { DealPort, FlashPort, PlaceJob, PlacementPorts, PlaceResult } from './place-job.ts';
import type { PlacementRepo } from './placement.repo.ts';
import { matchPrescriptions, RxRaced, rxOrderStore } from './rx-lines.ts';

export type {
  DealJob,
  DealPort,
  FlashJob,
  FlashPort,
  PlaceJob,
  PlacementPorts,
  PlaceResult,
} from './place-job.ts';

/** At most this many submits share one transaction. */
const PLACE_BATCH_MAX = 64;

/** A submit key taken by another transaction while this batch ran. */
class KeyRaced extends Error {}

const keyOf = (j: { userId: number; clientKey: string }) => `${j.userId}\u0000${j.clientKey}`;

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
  private flashPort: FlashPort | undefined;
  private readonly dealPorts = new Map<string, DealPort>();
  private couponPort: CouponPort | undefined;
  private memberPort: MemberPort | undefined;
  private rxPort: PrescriptionPort | undefined;

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

  /** The seckill module hands over its side of flash purchases (it is built after orders). */
  useFlash(port: FlashPort): void {
    this.flashPort = port;
  }

  /** A module hands over its side of its special-price deals (e.g. the bargain module). */
  useDeal(name: string, port: DealPort): void {
    this.dealPorts.set(name, port);
  }

  /** The coupon module hands over its side of the coupons submits use. */
  useCoupons(port: CouponPort): void {
    this.couponPort = port;
  }

  /** The promotion module says which buyers pay member prices. */
  useMembers(port: MemberPort): void {
    this.memberPort = port;
  }

  /** The medicine module finds the prescriptions 处方药 lines are bought with. */
  usePrescriptions(port: PrescriptionPort): void {
    this.rxPort = port;
  }

  /**
   * Each plain submit's coupons, locked and checked as the buyer's own, unused and in date (the
   * first submit of the batch naming a coupon gets it), and its red-packet rule. A submit whose
   * coupon fails is refused here; its coupons' fit to its lines is checked when it is priced.
   */
  private async discountsOf(
    trx: Db,
    indexes: number[],
    jobs: PlaceJob[],
    results: PlaceResult[],
    now: Date,
  ): Promise<{ ready: number[]; discounts: SubmitDiscounts[] }> {
    const ids = [...new Set(indexes.flatMap((i) => jobs[i]?.couponIds ?? []))];
    let locked = new Map<number, LockedCoupon>();
    if (ids.length) {
      if (!this.couponPort) throw new Error('coupons without a coupon port');
      locked = await this.couponPort.lock(trx, ids, now);
    }
    const redUsers = [
      ...new Set(indexes.flatMap((i) => (jobs[i]?.useRedPacket ? [jobs[i]?.userId ?? 0] : []))),
    ];
    const pointUsers = [
      ...new Set(indexes.flatMap((i) => (jobs[i]?.usePoints ? [jobs[i]?.userId ?? 0] : []))),
    ];
    const [balances, pointBalances] = await Promise.all([
      this.ledger.redPacketBalances(trx, redUsers),
      this.ledger.pointsBalances(trx, pointUsers),
    ]);
    const members =
      (await this.memberPort?.percents(trx, [
        ...new Set(indexes.map((i) => jobs[i]?.userId ?? 0)),
      ])) ?? new Map<number, number>();
    const taken = new Set<number>();
    const ready: number[] = [];
    const discounts: SubmitDiscounts[] = [];
    for (const i of indexes) {
      const job = jobs[i] as PlaceJob;
      const coupons: LockedCoupon[] = [];
      for (const id of job.couponIds ?? []) {
        const c = locked.get(id);
        if (c && c.userId === job.userId && !taken.has(id)) coupons.push(c);
      }
      if (coupons.length !== (job.couponIds?.length ?? 0)) {
        results[i] = {
          kind: 'refused',
          error: 'COUPON_UNUSABLE',
          params: { reason: '优惠券已使用、已过期或不存在' },
        };
        continue;
      }
      for (const c of coupons) taken.add(c.id);
      ready.push(i);
      discounts.push({
        memberPercent: members.get(job.userId),
        coupons,
        redPacket: job.useRedPacket
          ? {
              balance: balances.get(job.userId) ?? 0,
              maxSharePercent: this.rules.redPacketSharePercent,
              use: true,
            }
          : undefined,
        points: job.usePoints
          ? {
              balance: pointBalances.get(job.userId) ?? 0,
              perYuan: this.rules.pointsPerYuan,
              maxSharePercent: this.rules.pointsSharePercent,
              use: true,
            }
          : undefined,
      });
    }
    return { ready, discounts };
  }

  private async placeMany(jobs: PlaceJob[]): Promise<PlaceResult[]> {
    // Read before the transaction: on PGlite its one connection is the transaction's.
    const addresses = await this.ports.findAddresses(
      jobs.map((j) => ({ userId: j.userId, id: j.addressId })),
    );
    let placed: { results: PlaceResult[]; productIds: number[] };
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
    return placed.results;
  }

  private async inTransaction(
    trx: Db,
    jobs: PlaceJob[],
    addresses: ReadonlyMap<string, AddressSnapshotJson>,
  ) {
    const results: PlaceResult[] = jobs.map(() => ({ kind: 'raced' }));
    const productIds: number[] = [];
    const taken = new Map(
      (await this.repo.takenKeys(trx, jobs)).map((g) => [
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
    const refusedDeals = await this.checkDeals(
      trx,
      fresh.filter((i) => jobs[i]?.deal && !jobs[i]?.flash),
      jobs,
      results,
    );
    const discounted = await this.discountsOf(
      trx,
      fresh.filter((i) => !jobs[i]?.flash && !refusedDeals.has(i)),
      jobs,
      results,
      now,
    );
    const skuIds = [
      ...new Set(discounted.ready.flatMap((i) => jobs[i]?.lines.map((l) => l.skuId) ?? [])),
    ];
    const skus = await this.stock.skus(skuIds, trx, true);
    const rx = await matchPrescriptions(
      this.rxPort,
      trx,
      discounted.ready.map((i) => ({ i, ...(jobs[i] as PlaceJob) })),
      skus,
      now,
    );
    for (const i of rx.refused) results[i] = { kind: 'refused', error: 'RX_REQUIRED' };
    const plain = discounted.ready.filter((i) => !rx.refused.has(i));
    const discounts = discounted.discounts.filter(
      (_, n) => !rx.refused.has(discounted.ready[n] ?? -1),
    );
    const { allocations, taken: units } = allocate(
      plain.map((i) => {
        const job = jobs[i] as PlaceJob;
        const deal = job.deal;
        if (!deal) return job.lines;
        const freeShipping = dealShipsFree(deal.price, this.rules.freeDealShipping);
        return job.lines.map((l) => ({ ...l, price: deal.price, freeShipping }));
      }),
      skus,
      // A deal's price is final: no member price, coupon or red packet on top.
      discounts.map((d, n) => (jobs[plain[n] as number]?.deal ? undefined : d)),
      now,
    );
    const placing = allocations.flatMap((a, n) => {
      const i = plain[n] as number;
      if (a.ok) return [{ i, job: jobs[i] as PlaceJob, pricing: a.pricing }];
      results[i] = { kind: 'refused', error: a.error, params: a.params };
      return [];
    });
    placing.push(
      ...(await this.priceFlash(
        trx,
        fresh.filter((i) => jobs[i]?.flash),
        jobs,
        results,
      )),
    );
    placing.sort((a, b) => a.i - b.i);
    if (!placing.length) return { results, productIds };

    const groups = await this.repo.insertGroups(
      trx,
      placing.map((p) => ({
        user_id: p.job.userId,
        client_key: p.job.clientKey,
        total_amount: p.pricing.totalAmount,
      })),
    );
    if (groups.length !== placing.length) throw new KeyRaced();
    const groupOf = new Map(
      groups.map((g) => [keyOf({ userId: g.user_id, clientKey: g.client_key }), g]),
    );

    // Locked and checked above: every row takes its units, or the batch is wrong.
    await this.stock.takeBatch(trx, units);
    for (const id of units.keys()) {
      const sku = skus.get(id);
      if (sku) productIds.push(sku.productId);
    }

    const expiresIn = (minutes: number) =>
      sql<Date>`now() + make_interval(mins => ${minutes})` as unknown as Date;
    const orderRows = placing.flatMap((p) => {
      const group = groupOf.get(keyOf(p.job));
      if (!group) throw new KeyRaced();
      return p.pricing.stores.map((store) => ({
        group_id: group.id,
        user_id: p.job.userId,
        store_id: store.storeId,
        goods_amount: store.goodsAmount,
        shipping_fee: store.shippingFee,
        discount_amount: store.discountAmount,
        platform_discount: store.platformDiscount,
        redpacket_amount: store.redPacketAmount,
        points_used: store.pointsUsed,
        points_amount: store.pointsAmount,
        pay_amount: store.payAmount,
        address: JSON.stringify(addressOf(p.job)),
        note: p.job.note,
        live_room_id: p.job.liveRoomId ?? null,
        expires_at: expiresIn(
          p.job.flash?.payMinutes ?? p.job.deal?.payMinutes ?? ORDER_PAY_MINUTES,
        ),
      }));
    });
    const orders = await this.repo.insertOrders(trx, orderRows);
    const orderOf = new Map(orders.map((o) => [`${o.group_id}:${o.store_id}`, o]));

    const itemRows: Insertable<OrderItemTable>[] = [];
    const flashRows: Parameters<FlashPort['record']>[1][number][] = [];
    const dealRows = new Map<string, Parameters<DealPort['record']>[1][number][]>();
    const submitted = placing.map((p) => {
      const group = groupOf.get(keyOf(p.job));
      if (!group) throw new KeyRaced();
      const mine = p.pricing.stores.map((store) => {
        const order = orderOf.get(`${group.id}:${store.storeId}`);
        if (!order) throw new Error('order row missing from the batch insert');
        for (const i of store.items) {
          itemRows.push({
            order_id: order.id,
            product_id: i.productId,
            sku_id: i.skuId,
            title: i.title,
            sku_name: i.skuName,
            image: i.image,
            price: i.price,
            quantity: i.quantity,
            seckill_item_id: p.job.flash?.itemId ?? null,
            discount: i.discount,
            platform_discount: i.platformDiscount,
            redpacket: i.redPacket,
            points: i.points,
            points_deduct: i.pointsDeduct,
            member_saving: memberSaving(i),
          });
          if (p.job.deal) {
            const rows = dealRows.get(p.job.deal.port) ?? [];
            rows.push({
              ref: p.job.deal.ref,
              userId: p.job.userId,
              orderId: order.id,
              orderNo: order.order_no,
            });
            dealRows.set(p.job.deal.port, rows);
          }
          if (p.job.flash) {
            flashRows.push({
              itemId: p.job.flash.itemId,
              userId: p.job.userId,
              orderId: order.id,
              quantity: i.quantity,
            });
          }
        }
        return order;
      });
      results[p.i] = {
        kind: 'placed',
        data: {
          payNo: group.group_no,
          orderNos: mine.map((o) => o.order_no),
          payAmount: p.pricing.totalAmount,
          expiresAt: (mine[0]?.expires_at ?? new Date()).toISOString(),
        },
      };
      return p;
    });
    await this.repo.insertItems(trx, itemRows);
    await this.takePrescriptions(trx, submitted, rx.matched, skus, groupOf, orderOf);
    if (flashRows.length) await this.flashPort?.record(trx, flashRows);
    for (const [name, rows] of dealRows) await this.dealPorts.get(name)?.record(trx, rows);
    await this.holdDiscounts(trx, submitted, (p) => groupOf.get(keyOf(p.job)), orderOf);
    await this.repo.insertEvents(
      trx,
      orders.map((o) => o.id),
      'unpaid',
      '订单已提交',
    );
    for (const p of submitted) {
      if (p.job.fromCart) {
        await this.ports.removeCartLines(
          trx,
          p.job.userId,
          p.job.lines.map((l) => l.skuId),
        );
      }
    }
    return { results, productIds };
  }

  /**
   * The placed submits' coupons are held by their groups (with what each took off each order),
   * their red packets move to the hold account until the orders are paid or closed, and their
   * points are spent (given back when an order closes unpaid or is refunded).
   */
  private async holdDiscounts(
    trx: Db,
    placed: readonly { job: PlaceJob; pricing: Pricing }[],
    groupFor: (p: { job: PlaceJob }) => { id: number; group_no: string } | undefined,
    orderOf: ReadonlyMap<string, { id: number }>,
  ): Promise<void> {
    const holds: Parameters<CouponPort['hold']>[1][number][] = [];
    for (const p of placed) {
      const group = groupFor(p);
      if (!group) throw new KeyRaced();
      for (const [couponId, stores] of p.pricing.couponShares) {
        holds.push({
          couponId,
          groupId: group.id,
          orders: [...stores].map(([storeId, amount]) => ({
            orderId: orderOf.get(`${group.id}:${storeId}`)?.id ?? 0,
            amount,
          })),
        });
      }
      const red = p.pricing.redPacketDeduction;
      if (red > 0) {
        await this.ledger.post(trx, {
          kind: 'rp_hold',
          ref: group.group_no,
          memo: '红包抵扣',
          entries: [
            { accountId: await this.ledger.redPacket(trx, p.job.userId), amount: -red },
            { accountId: await this.ledger.clearing(trx, 'redpacket_hold'), amount: red },
          ],
        });
      }
      const points = p.pricing.pointsUsed;
      if (points > 0) {
        await this.ledger.post(trx, {
          kind: 'points_use',
          ref: group.group_no,
          memo: '下单抵扣',
          entries: [
            { accountId: await this.ledger.points(trx, p.job.userId), amount: -points },
            { accountId: await this.ledger.revenue(trx, 'points'), amount: points },
          ],
        });
      }
    }
    if (holds.length) await this.couponPort?.hold(trx, holds);
  }

  /** The placed submits' prescriptions are used by their orders, each once (or the batch fails). */
  private async takePrescriptions(
    trx: Db,
    placed: readonly { i: number; job: PlaceJob; pricing: Pricing }[],
    matched: ReadonlyMap<number, number[]>,
    skus: ReadonlyMap<number, SkuForPricing>,
    groupOf: ReadonlyMap<string, { id: number }>,
    orderOf: ReadonlyMap<string, { id: number }>,
  ): Promise<void> {
    const rows = placed.flatMap((p) => {
      const ids = matched.get(p.i);
      const storeId = rxOrderStore(p.pricing.stores, skus);
      const group = groupOf.get(keyOf(p.job));
      const order = group && orderOf.get(`${group.id}:${storeId}`);
      if (!ids || !order) return [];
      return ids.map((prescriptionId) => ({ prescriptionId, orderId: order.id }));
    });
    if (!rows.length) return;
    if ((await this.rxPort?.use(trx, rows)) !== rows.length) throw new RxRaced();
  }

  /**
   * Deal submits: each deal's port checks them (grouped by port, in arrival order); a refused
   * one gets its error. Answers the indexes refused.
   */
  private async checkDeals(
    trx: Db,
    indexes: number[],
    jobs: PlaceJob[],
    results: PlaceResult[],
  ): Promise<Set<number>> {
    const refused = new Set<number>();
    const byPort = new Map<string, number[]>();
    for (const i of indexes) {
      const name = jobs[i]?.deal?.port ?? '';
      byPort.set(name, [...(byPort.get(name) ?? []), i]);
    }
    for (const [name, list] of byPort) {
      const port = this.dealPorts.get(name);
      if (!port) throw new Error(`deal without a port: ${name}`);
      const answers = await port.check(
        trx,
        list.map((i) => ({ ref: jobs[i]?.deal?.ref ?? 0, userId: jobs[i]?.userId ?? 0 })),
      );
      list.forEach((i, n) => {
        const error = answers[n];
        if (error) {
          results[i] = { kind: 'refused', error };
          refused.add(i);
        }
      });
    }
    return refused;
  }

  /**
   * Flash submits: the sale's stock and limits are taken through the flash port (not the SKU's
   * stock, which the sale set aside when it was made); each is priced at its sale price.
   */
  private async priceFlash(
    trx: Db,
    indexes: number[],
    jobs: PlaceJob[],
    results: PlaceResult[],
  ): Promise<{ i: number; job: PlaceJob; pricing: Pricing }[]> {
    if (!indexes.length) return [];
    const port = this.flashPort;
    if (!port) throw new Error('flash purchase without a flash port');
    const skus = await this.stock.skus(
      [...new Set(indexes.flatMap((i) => jobs[i]?.lines.map((l) => l.skuId) ?? []))],
      trx,
    );
    const ready: number[] = [];
    for (const i of indexes) {
      const line = jobs[i]?.lines[0];
      const sku = line && skus.get(line.skuId);
      if (!sku) results[i] = { kind: 'refused', error: 'SKU_NOT_FOUND' };
      else if (!sku.onShelf) results[i] = { kind: 'refused', error: 'PRODUCT_OFF_SHELF' };
      else ready.push(i);
    }
    const claimed = await port.claim(
      trx,
      ready.map((i) => {
        const j = jobs[i] as PlaceJob;
        return {
          itemId: j.flash?.itemId ?? 0,
          userId: j.userId,
          quantity: j.lines[0]?.quantity ?? 0,
        };
      }),
    );
    return ready.flatMap((i, n) => {
      const error = claimed[n];
      if (error) {
        results[i] = { kind: 'refused', error };
        return [];
      }
      const job = jobs[i] as PlaceJob;
      const line = job.lines[0] as StockLine;
      const sku = skus.get(line.skuId) as SkuForPricing;
      const price = job.flash?.price ?? sku.price;
      return [{ i, job, pricing: priceOrder([{ ...sku, price, quantity: line.quantity }]) }];
    });
  }
}
