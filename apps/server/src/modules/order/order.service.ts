import {
  type BuyAgainData,
  type ChangeAddressBody,
  FREE_SHIPPING_THRESHOLD,
  type NewOrderBody,
  type NewOrderData,
  type OrderCountData,
  type OrderDetail,
  type OrderLineInput,
  type OrderListQuery,
  type OrderPreviewBody,
  type OrderPreviewData,
  type OrderSummary,
  type PageOf,
  SHIPPING_FEE_PER_STORE,
  type ShipBody,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { mergeLines, type StockService } from '../catalogue/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { chooseCoupons, couponSheet } from './checkout-coupons.ts';
import type { CouponPort } from './coupon-port.ts';
import { atMemberPrice, type MemberPort, memberSaving } from './member-price.ts';
import type { ItemRow, OrderRepo, OrderRow } from './order.repo.ts';
import type { AddressSnapshotJson } from './order.tables.ts';
import { parseLines } from './order-lines.ts';
import { toDetail, toPreviewStores, toSummary } from './order-view.ts';
import type { DealJob, FlashJob, OrderPlacer, PlaceResult } from './placement/order-placer.ts';
import type { PrescriptionPort } from './prescription-port.ts';
import {
  type CheckoutRules,
  DiscountRefused,
  dealShipping,
  type PriceInputLine,
  type Pricing,
  priceOrder,
} from './pricing.ts';

/** What orders need from the address and cart modules. */
export interface OrderPorts {
  findAddress(userId: number, id: number): Promise<AddressSnapshotJson | null>;
  defaultAddress(userId: number): Promise<AddressSnapshotJson | null>;
  addToCart(userId: number, items: OrderLineInput[]): Promise<BuyAgainData>;
  removeCartLines(trx: Db, userId: number, skuIds: number[]): Promise<void>;
}

const CLOSED: ReadonlyArray<'cancelled' | 'unevaluated' | 'finished'> = [
  'cancelled',
  'unevaluated',
  'finished',
];

/** The live module's side of an order placed from a live room. */
export interface LiveOrderPort {
  /** Throws when the room cannot sell these SKUs (no such room, not on its shelf, not on sale). */
  check(roomId: number, skuIds: number[]): Promise<void>;
  /** The orders were placed (the room's 下单 ticker). */
  placed(roomId: number, userId: number, skuIds: number[]): void;
}

/** Writing orders and their lifecycle after payment: cancel, receive, delete, ship. */
/** A one-unit submit of another module (a flash purchase, a deal). */
interface OneUnit {
  clientKey: string;
  addressId: number;
  note: string;
  skuId: number;
}

export class OrderService {
  private live?: LiveOrderPort;
  private coupons?: CouponPort;
  private members?: MemberPort;
  private prescriptions?: PrescriptionPort;

  constructor(
    private readonly db: Db,
    private readonly repo: OrderRepo,
    private readonly stock: StockService,
    private readonly ledger: Ledger,
    private readonly ports: OrderPorts,
    private readonly events: DomainEvents,
    private readonly placer: OrderPlacer,
    /** How much of an order's goods the red-packet balance and points may pay. */
    private readonly rules: CheckoutRules,
  ) {}

  /** Set by the coupon module: checkout then lists, chooses and holds coupons. */
  useCoupons(port: CouponPort): void {
    this.coupons = port;
  }

  /** Set by the medicine module: an order closed unpaid gives its prescription back. */
  usePrescriptions(port: PrescriptionPort): void {
    this.prescriptions = port;
  }

  /** Set by the live module: orders may then name the live room they come from. */
  useLive(port: LiveOrderPort): void {
    this.live = port;
  }

  /** Sales (paid orders, GMV net of refunds) of live rooms. */
  roomSales(roomIds: readonly number[]) {
    return this.repo.roomSales(roomIds);
  }

  /** Set by the promotion module: members pay member prices. */
  useMembers(port: MemberPort): void {
    this.members = port;
  }

  /** Lines at today's prices (a member's price for a member); unknown, off-shelf or short SKUs are errors. */
  private async priceLines(userId: number, lines: OrderLineInput[]): Promise<PriceInputLine[]> {
    const merged = mergeLines(lines);
    const [skus, members] = await Promise.all([
      this.stock.skus(merged.map((l) => l.skuId)),
      this.members?.percents(this.db, [userId]),
    ]);
    const percent = members?.get(userId);
    return merged.map((l) => {
      const sku = skus.get(l.skuId);
      if (!sku) throw new AppError('SKU_NOT_FOUND');
      if (!sku.onShelf) throw new AppError('PRODUCT_OFF_SHELF');
      if (sku.stock < l.quantity) throw new AppError('STOCK_NOT_ENOUGH');
      return atMemberPrice({ ...sku, quantity: l.quantity }, percent);
    });
  }

  /**
   * writeOrder: the lines priced with the coupons (the best combination unless the request names
   * them) and the red packet, and every coupon of the wallet with whether it fits and why not.
   */
  async preview(userId: number, body: OrderPreviewBody): Promise<OrderPreviewData> {
    const lines = parseLines(body.items);
    const now = new Date();
    const [address, balance, redBalance, pointsBalance, wallet, input] = await Promise.all([
      body.addressId === undefined
        ? this.ports.defaultAddress(userId)
        : this.ports.findAddress(userId, body.addressId),
      this.ledger.balanceOf(userId),
      this.ledger.redPacketBalanceOf(userId),
      this.ledger.pointsOf(userId),
      this.coupons?.wallet(userId, now) ?? [],
      this.priceLines(userId, lines),
    ]);
    if (body.addressId !== undefined && !address) throw new AppError('ADDRESS_REQUIRED');
    const discountLines = input.map((l) => ({ ...l, subtotal: l.price * l.quantity }));
    const chosen = chooseCoupons(wallet, discountLines, now, body.couponIds);
    const useRedPacket = body.useRedPacket ?? redBalance > 0;
    const usePoints = Boolean(body.usePoints);
    let p: Pricing;
    try {
      p = priceOrder(input, {
        balance,
        coupons: chosen,
        redPacket: {
          balance: redBalance,
          maxSharePercent: this.rules.redPacketSharePercent,
          use: useRedPacket,
        },
        points: {
          balance: pointsBalance,
          perYuan: this.rules.pointsPerYuan,
          maxSharePercent: this.rules.pointsSharePercent,
          use: usePoints,
        },
        now,
      });
    } catch (err) {
      if (err instanceof DiscountRefused) throw new AppError(err.error, { reason: err.reason });
      throw err;
    }
    const sheet = couponSheet(wallet, discountLines, now, chosen, Boolean(body.listCoupons));
    return {
      address,
      stores: toPreviewStores(p),
      goodsAmount: p.goodsAmount,
      shippingFee: p.shippingFee,
      totalAmount: p.totalAmount,
      balance,
      balanceDeductible: p.balanceDeductible,
      freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
      shippingFeePerStore: SHIPPING_FEE_PER_STORE,
      coupons: sheet.coupons,
      couponCounts: sheet.counts,
      couponIds: chosen.map((c) => c.id),
      discountAmount: p.discountAmount,
      platformDiscount: p.platformDiscount,
      redPacketBalance: redBalance,
      redPacketDeduction: p.redPacketDeduction,
      redPacketDeductible: p.redPacketDeductible,
      useRedPacket,
      redPacketMaxSharePercent: this.rules.redPacketSharePercent,
      pointsBalance,
      pointsDeduction: p.pointsDeduction,
      pointsUsed: p.pointsUsed,
      pointsDeductible: p.pointsDeductible,
      usePoints,
      pointsPerYuan: this.rules.pointsPerYuan,
      pointsMaxSharePercent: this.rules.pointsSharePercent,
      memberSaving: p.stores.reduce(
        (sum, st) => sum + st.items.reduce((s, i) => s + memberSaving(i), 0),
        0,
      ),
    };
  }

  private async submitted(groupId: number): Promise<NewOrderData> {
    const orders = await this.repo.byGroupId(groupId);
    const first = orders[0];
    if (!first) throw new AppError('ORDER_NOT_FOUND');
    return {
      payNo: first.group_no,
      orderNos: orders.map((o) => o.order_no),
      payAmount: orders.reduce((s, o) => s + o.pay_amount, 0),
      expiresAt: first.expires_at.toISOString(),
    };
  }

  /**
   * Places the orders of one submit (one per store), all or nothing, through the placement
   * batch (placement/order-placer.ts): a repeat of a submit's key answers its first orders.
   */
  async create(userId: number, body: NewOrderBody): Promise<NewOrderData> {
    const lines = mergeLines(parseLines(body.items));
    const roomId = body.liveRoomId;
    if (roomId !== undefined) {
      if (!this.live) throw new AppError('LIVE_ROOM_NOT_FOUND');
      await this.live.check(
        roomId,
        lines.map((l) => l.skuId),
      );
    }
    const r = await this.placer.place({
      userId,
      clientKey: body.clientKey,
      lines,
      addressId: body.addressId,
      note: body.note?.trim() ?? '',
      fromCart: Boolean(body.fromCart),
      liveRoomId: roomId,
      couponIds: body.couponIds,
      useRedPacket: body.useRedPacket,
      usePoints: body.usePoints,
    });
    if (roomId !== undefined && r.kind === 'placed') {
      this.live?.placed(
        roomId,
        userId,
        lines.map((l) => l.skuId),
      );
    }
    return this.answer(userId, body.clientKey, r);
  }

  /**
   * Places a flash-sale order for one unit at the sale's price through the same batch (the
   * sale's port takes the unit). `fresh` is false when the key named an earlier submit.
   */
  placeFlash(userId: number, p: OneUnit & { flash: FlashJob }) {
    return this.placeOneUnit(userId, p, { flash: p.flash });
  }

  /**
   * Places one unit of a SKU at a deal's price (the bargain's free order, a game's prize, a
   * redeem code's product) through the same batch; the deal's port checks and records it in the
   * batch transaction. `fresh` is false when the key named an earlier submit.
   */
  async placeDeal(userId: number, p: OneUnit & { deal: DealJob }) {
    const r = await this.placeOneUnit(userId, p, { deal: p.deal });
    // Nothing to pay (a ¥0 prize shipped free): paid now, the user meets no cashier.
    if (r.data.payAmount === 0) await this.settleFree?.(userId, r.data.payNo);
    return r;
  }

  /** A ¥0 prize order's shipping for this SKU, as placeDeal will charge it. */
  async prizeShipping(skuId: number): Promise<{ shippingFee: number }> {
    const sku = (await this.stock.skus([skuId])).get(skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    return { shippingFee: this.dealShippingFee(0, sku.freeShipping) };
  }

  private settleFree?: (userId: number, payNo: string) => Promise<void>;
  /** Set by the payment side: how an order owing ¥0 is paid at once. */
  useFreeSettle(settle: (userId: number, payNo: string) => Promise<void>): void {
    this.settleFree = settle;
  }

  /**
   * The shipping a deal at this price will be charged (placeDeal prices it by the same rule), for
   * the confirm pages to show before the user commits.
   */
  dealShippingFee(price: number, skuFreeShipping: boolean): number {
    return dealShipping(price, skuFreeShipping, this.rules.freeDealShipping);
  }

  private async placeOneUnit(
    userId: number,
    p: OneUnit,
    special: { flash: FlashJob } | { deal: DealJob },
  ): Promise<{ data: NewOrderData; fresh: boolean }> {
    const r = await this.placer.place({
      userId,
      clientKey: p.clientKey,
      lines: [{ skuId: p.skuId, quantity: 1 }],
      addressId: p.addressId,
      note: p.note,
      fromCart: false,
      ...special,
    });
    return { data: await this.answer(userId, p.clientKey, r), fresh: r.kind === 'placed' };
  }

  /** The orders of an earlier submit with this key, or null. */
  async bySubmitKey(userId: number, clientKey: string): Promise<NewOrderData | null> {
    const group = await this.repo.findGroupByKey(userId, clientKey);
    return group ? this.submitted(group.id) : null;
  }

  private async answer(userId: number, clientKey: string, r: PlaceResult): Promise<NewOrderData> {
    switch (r.kind) {
      case 'placed':
        return r.data;
      case 'existing':
        return this.submitted(r.groupId);
      case 'refused':
        throw new AppError(r.error, r.params);
      case 'raced': {
        const winner = await this.repo.findGroupByKey(userId, clientKey);
        if (!winner) throw new AppError('ORDER_STATE');
        return this.submitted(winner.id);
      }
    }
  }

  /**
   * Cancels those of these orders that are still unpaid and releases their stock, in the
   * caller's transaction. The status guard makes it happen once whoever calls (user, sweeper).
   */
  async cancelUnpaid(
    trx: Db,
    ids: number[],
    reason: string,
    /** Collects the products whose stock came back, for `stock.changed` after commit. */
    touched?: Set<number>,
  ): Promise<number[]> {
    const rows = await this.repo.transition(trx, ids, 'unpaid', 'cancelled', {
      cancelled_at: new Date(),
      cancel_reason: reason,
    });
    const moved = rows.map((r) => r.id);
    if (moved.length === 0) return moved;
    const items = await this.repo.itemsOf(moved, trx);
    // A flash-sale line's unit belongs to its sale (the seckill module takes it back).
    const released = await this.stock.release(
      trx,
      items
        .filter((i) => i.seckill_item_id === null)
        .map((i) => ({ skuId: i.sku_id, quantity: i.quantity })),
    );
    for (const id of released) touched?.add(id);
    await this.repo.addEvents(trx, moved, 'cancelled', reason);
    await this.releaseFlashLines(trx, items);
    await this.releaseDiscounts(trx, moved);
    await this.prescriptions?.released(trx, moved);
    for (const userId of new Set(rows.map((r) => r.user_id))) {
      const mine = rows.filter((r) => r.user_id === userId);
      await this.events.emit(trx, {
        type: 'order.cancelled',
        userId,
        orderIds: mine.map((r) => r.id),
        orderNos: mine.map((r) => r.order_no),
        reason,
      });
    }
    return moved;
  }

  /**
   * Closed orders give back what they held: their coupons (unless another order of the submit
   * still uses a coupon they share), their red packet and their points (once per order: the
   * postings are keyed by the order number).
   */
  async releaseDiscounts(trx: Db, orderIds: number[]): Promise<void> {
    await this.coupons?.released(trx, orderIds);
    for (const o of await this.repo.redPacketsOf(trx, orderIds)) {
      await this.ledger.post(trx, {
        kind: 'rp_release',
        ref: o.order_no,
        memo: '订单关闭，红包退回',
        entries: [
          {
            accountId: await this.ledger.clearing(trx, 'redpacket_hold'),
            amount: -o.redpacket_amount,
          },
          { accountId: await this.ledger.redPacket(trx, o.user_id), amount: o.redpacket_amount },
        ],
      });
    }
    for (const o of await this.repo.pointsOf(trx, orderIds)) {
      await this.ledger.post(trx, {
        kind: 'points_release',
        ref: o.order_no,
        memo: o.order_no,
        entries: [
          { accountId: await this.ledger.revenue(trx, 'points'), amount: -o.points_used },
          { accountId: await this.ledger.points(trx, o.user_id), amount: o.points_used },
        ],
      });
    }
  }

  private async releaseFlashLines(trx: Db, items: ItemRow[]): Promise<void> {
    const byOrder = new Map<number, { itemId: number; quantity: number }[]>();
    for (const i of items) {
      if (i.seckill_item_id === null) continue;
      const lines = byOrder.get(i.order_id) ?? [];
      lines.push({ itemId: i.seckill_item_id, quantity: i.quantity });
      byOrder.set(i.order_id, lines);
    }
    if (!byOrder.size) return;
    const owners = await this.repo.ownersOf(trx, [...byOrder.keys()]);
    for (const [orderId, lines] of byOrder) {
      const userId = owners.get(orderId);
      if (userId === undefined) continue;
      await this.events.emit(trx, { type: 'seckill.released', userId, orderId, lines });
    }
  }

  private async owned(userId: number, no: string): Promise<OrderRow[]> {
    const orders = await this.repo.byNumber(userId, no);
    if (orders.length === 0) throw new AppError('ORDER_NOT_FOUND');
    return orders;
  }

  /** One order by its number (a pay number of a single-store submit also finds it). */
  private async one(userId: number, no: string): Promise<OrderRow> {
    const orders = await this.owned(userId, no);
    const order = orders.find((o) => o.order_no === no) ?? (orders.length === 1 ? orders[0] : null);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  /** After a transaction that called cancelUnpaid has committed. */
  stockChanged(productIds: Iterable<number>): Promise<void> {
    return this.stock.changed(productIds);
  }

  async cancel(userId: number, no: string): Promise<void> {
    const orders = await this.owned(userId, no);
    const unpaid = orders.filter((o) => o.status === 'unpaid');
    if (unpaid.length === 0) {
      throw new AppError(
        orders.every((o) => o.status === 'cancelled') ? 'ORDER_CANCELLED' : 'ORDER_ALREADY_PAID',
      );
    }
    const touched = new Set<number>();
    const moved = await this.db.transaction().execute((trx) =>
      this.cancelUnpaid(
        trx,
        unpaid.map((o) => o.id),
        '用户取消订单',
        touched,
      ),
    );
    await this.stock.changed(touched);
    if (moved.length === 0) throw new AppError('ORDER_STATE');
  }

  async list(userId: number, q: OrderListQuery): Promise<PageOf<OrderSummary>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const { total, rows } = await this.repo.page(
      userId,
      q.status ?? 'all',
      pageSize,
      (pageNum - 1) * pageSize,
    );
    const ids = rows.map((r) => r.id);
    const [items, refunds] = await Promise.all([this.repo.itemsOf(ids), this.repo.refundsOf(ids)]);
    return { list: rows.map((r) => toSummary(r, items, refunds)), total, pageNum, pageSize };
  }

  async detail(userId: number, no: string): Promise<OrderDetail> {
    const order = await this.one(userId, no);
    const [items, events, refunds] = await Promise.all([
      this.repo.itemsOf([order.id]),
      this.repo.eventsOf(order.id),
      this.repo.refundsOf([order.id]),
    ]);
    return toDetail(order, items, events, refunds);
  }

  /** The badges of 我的's order shortcuts. */
  counts(userId: number): Promise<OrderCountData> {
    return this.repo.counts(userId);
  }

  /** Whether the user has ever paid for an order (the home popup's 新人 audience). */
  hasPaidOrder(userId: number): Promise<boolean> {
    return this.repo.hasPaidOrder(userId);
  }

  /** Hides a closed order (cancelled, received or finished) from the user's lists. */
  async remove(userId: number, no: string): Promise<void> {
    const order = await this.one(userId, no);
    if (!(await this.repo.softDelete(userId, order.id, [...CLOSED]))) {
      throw new AppError('ORDER_STATE');
    }
  }

  async buyAgain(userId: number, no: string): Promise<BuyAgainData> {
    const order = await this.one(userId, no);
    const items = await this.repo.itemsOf([order.id]);
    return this.ports.addToCart(
      userId,
      items.map((i) => ({ skuId: i.sku_id, quantity: i.quantity })),
    );
  }

  async confirm(userId: number, no: string): Promise<void> {
    const order = await this.one(userId, no);
    await this.db.transaction().execute(async (trx) => {
      const moved = await this.repo.transition(trx, [order.id], 'unreceived', 'unevaluated', {
        received_at: new Date(),
      });
      if (moved.length === 0) throw new AppError('ORDER_STATE');
      await this.repo.addEvents(trx, [order.id], 'unevaluated', '已确认收货');
      await this.events.emit(trx, {
        type: 'order.received',
        userId,
        orderNo: order.order_no,
        auto: false,
      });
    });
  }

  async changeAddress(userId: number, body: ChangeAddressBody): Promise<OrderDetail> {
    const order = await this.one(userId, body.orderNo);
    const address = await this.ports.findAddress(userId, body.addressId);
    if (!address) throw new AppError('ADDRESS_REQUIRED');
    if (!(await this.repo.setAddress(order.id, address))) throw new AppError('ORDER_STATE');
    return this.detail(userId, order.order_no);
  }

  /** Merchant: ships a paid order with carrier and tracking number. */
  async ship(body: ShipBody): Promise<void> {
    const order = await this.repo.byOrderNoAnyUser(body.orderNo);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      const moved = await this.repo.transition(trx, [order.id], 'unshipped', 'unreceived', {
        carrier: body.carrier.trim(),
        tracking_no: body.trackingNo,
        shipped_at: new Date(),
      });
      if (moved.length === 0) throw new AppError('ORDER_STATE');
      await this.repo.addEvents(
        trx,
        [order.id],
        'unreceived',
        `商家已发货：${body.carrier.trim()}`,
      );
      await this.events.emit(trx, {
        type: 'order.shipped',
        userId: order.user_id,
        orderNo: order.order_no,
        carrier: body.carrier.trim(),
        trackingNo: body.trackingNo,
      });
    });
  }
}
