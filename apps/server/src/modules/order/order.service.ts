import type {
  BuyAgainData,
  ChangeAddressBody,
  NewOrderBody,
  NewOrderData,
  OrderCountData,
  OrderDetail,
  OrderLineInput,
  OrderListQuery,
  OrderPreviewBody,
  OrderPreviewData,
  OrderSummary,
  PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { mergeLines, type StockService } from '../catalogue/index.ts';
import type { Ledger } from '../ledger/index.ts';
import { confirmReceipt } from './fulfilment/order-delivery.ts';
import type { OrderRepo, OrderRow } from './order.repo.ts';
import type { AddressSnapshotJson } from './order.tables.ts';
import { parseLines } from './order-lines.ts';
import { previewOrder } from './order-preview.ts';
import { cancelUnpaid, type ReleaseContext, releaseDiscounts } from './order-release.ts';
import { toDetail, toSummary } from './order-view.ts';
import type { DealJob, FlashJob, OrderPlacer, PlaceResult } from './placement/order-placer.ts';
import { type CheckoutRules, dealShipping } from './pricing.ts';
import type { OrderProvidedPorts } from './provided-ports.ts';

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

/** Writing orders and their lifecycle after payment: cancel, receive, delete, ship. */
/** A one-unit submit of another module (a flash purchase, a deal). */
interface OneUnit {
  clientKey: string;
  addressId: number;
  note: string;
  skuId: number;
}

export class OrderService {
  private readonly live: OrderProvidedPorts['live'];
  private readonly coupons: OrderProvidedPorts['coupons'];
  private readonly members: OrderProvidedPorts['members'];
  private readonly prescriptions: OrderProvidedPorts['prescriptions'];

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
    /**
     * Coupons (checkout), member prices, prescriptions (given back by an order closed unpaid)
     * and the live room an order may name.
     */
    handed: Pick<OrderProvidedPorts, 'coupons' | 'members' | 'prescriptions' | 'live'>,
    /** The payment side: how an order owing ¥0 is paid at once. */
    private readonly settleFree: (userId: number, payNo: string) => Promise<void>,
  ) {
    this.live = handed.live;
    this.coupons = handed.coupons;
    this.members = handed.members;
    this.prescriptions = handed.prescriptions;
  }

  /** Sales (paid orders, GMV net of refunds) of live rooms. */
  roomSales(roomIds: readonly number[]) {
    return this.repo.roomSales(roomIds);
  }

  /**
   * writeOrder: the lines priced with the coupons (the best combination unless the request names
   * them) and the red packet, and every coupon of the wallet with whether it fits and why not.
   */
  preview(userId: number, body: OrderPreviewBody): Promise<OrderPreviewData> {
    const { db, stock, ledger, ports, rules, coupons, members } = this;
    return previewOrder({ db, stock, ledger, ports, rules, coupons, members }, userId, body);
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
      this.live.placed(
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
    if (r.data.payAmount === 0) await this.settleFree(userId, r.data.payNo);
    return r;
  }

  /** A ¥0 prize order's shipping for this SKU, as placeDeal will charge it. */
  async prizeShipping(skuId: number): Promise<{ shippingFee: number }> {
    const sku = (await this.stock.skus([skuId])).get(skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    return { shippingFee: this.dealShippingFee(0, sku.freeShipping) };
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
   * caller's transaction (order-release.ts). The status guard makes it happen once whoever calls.
   */
  cancelUnpaid(
    trx: Db,
    ids: number[],
    reason: string,
    /** Collects the products whose stock came back, for `stock.changed` after commit. */
    touched?: Set<number>,
  ): Promise<number[]> {
    return cancelUnpaid(this.releasing(), trx, ids, reason, touched);
  }

  /** Closed orders give back their coupons, red packet and points (order-release.ts). */
  releaseDiscounts(trx: Db, orderIds: number[]): Promise<void> {
    return releaseDiscounts(this.releasing(), trx, orderIds);
  }

  private releasing(): ReleaseContext {
    const { repo, stock, ledger, events, coupons, prescriptions } = this;
    return { repo, stock, ledger, events, coupons, prescriptions };
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
    const { db, repo, events } = this;
    await confirmReceipt({ db, repo, events }, userId, order);
  }

  async changeAddress(userId: number, body: ChangeAddressBody): Promise<OrderDetail> {
    const order = await this.one(userId, body.orderNo);
    const address = await this.ports.findAddress(userId, body.addressId);
    if (!address) throw new AppError('ADDRESS_REQUIRED');
    if (!(await this.repo.setAddress(order.id, address))) throw new AppError('ORDER_STATE');
    return this.detail(userId, order.order_no);
  }
}
