import type { Db } from '../../../database.ts';
import type { DomainEvents } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { StockService } from '../../catalogue/index.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { CouponPort } from '../coupon-port.ts';
import type { ItemRow, OrderRepo, OrderRow } from '../order.repo.ts';
import type { OrderStatus } from '../order.tables.ts';
import type { GatewayRefund, GatewayRefundNotify, PaymentGateway } from '../payment/gateway.ts';

/** What a refund gives back besides money, in fen except `points`. */
export interface DiscountsBackInput {
  orderNo: string;
  redPacket: number;
  subsidy: number;
  points: number;
  pointsCash: number;
}

export type { ItemRow, OrderRow };

/** Paid statuses from which an order closes when all of it has been refunded. */
const PAID: OrderStatus[] = ['unshipped', 'unreceived', 'unevaluated', 'finished'];

/**
 * What the after-sales module needs from orders and payments: reading a buyer's order, locking
 * it, its timeline, giving stock back, closing a fully refunded order, and moving the money back
 * to where it came from. Everything that writes runs in the caller's transaction.
 */
export class OrderAftersale {
  constructor(
    private readonly db: Db,
    private readonly repo: OrderRepo,
    private readonly stock: StockService,
    private readonly ledger: Ledger,
    private readonly gateway: PaymentGateway,
    private readonly events: DomainEvents,
    /** The coupon module: an order refunded in full before shipping gives its coupons back. */
    private readonly coupons: CouponPort,
  ) {}

  /** The user's order by its order number (not a pay number), with its lines. */
  async owned(
    userId: number,
    orderNo: string,
    db: Db = this.db,
  ): Promise<{ order: OrderRow; items: ItemRow[] } | null> {
    const order = (await this.repo.byNumber(userId, orderNo, narrowDb(db))).find(
      (o) => o.order_no === orderNo,
    );
    if (!order) return null;
    return { order, items: await this.repo.itemsOf([order.id], narrowDb(db)) };
  }

  async byId(orderId: number, db: Db = this.db) {
    const order = await this.repo.byIdAnyUser(orderId, narrowDb(db));
    if (!order) return null;
    return { order, items: await this.repo.itemsOf([order.id], narrowDb(db)) };
  }

  /** Serializes after-sales work on one order (FOR UPDATE on its row). */
  async lock(trx: Db, orderId: number): Promise<void> {
    await this.repo.lockByIds(narrowDb(trx), [orderId]);
  }

  addEvent(trx: Db, orderId: number, note: string): Promise<void> {
    return this.repo.addEvents(narrowDb(trx), [orderId], 'aftersale', note);
  }

  /**
   * Stock back for a line, and the sale taken off the product's sales count; answers the
   * products touched (call `stockChanged` after commit). Callers do this once per line.
   */
  async returnStock(trx: Db, skuId: number, quantity: number): Promise<number[]> {
    const products = await this.stock.release(trx, [{ skuId, quantity }]);
    await this.stock.removeSales(
      trx,
      products.map((productId) => ({ productId, quantity })),
    );
    return products;
  }

  stockChanged(productIds: Iterable<number>): Promise<void> {
    return this.stock.changed(productIds);
  }

  /** Closes a paid order whose every line was refunded (once: guarded by its status). */
  async closeRefunded(trx: Db, orderId: number): Promise<boolean> {
    const moved = await this.repo.transition(narrowDb(trx), [orderId], PAID, 'cancelled', {
      cancelled_at: new Date(),
      cancel_reason: '退款成功',
    });
    if (moved.length === 0) return false;
    await this.repo.addEvents(narrowDb(trx), [orderId], 'cancelled', '全部商品已退款，订单关闭');
    // Refunded whole before it left the store, the order never happened: its coupons come back.
    const order = await this.repo.byIdAnyUser(orderId, narrowDb(trx));
    if (order && order.shipped_at === null) await this.coupons.released(trx, [orderId]);
    const closed = moved[0];
    if (closed) {
      await this.events.emit(trx, {
        type: 'order.closed',
        userId: closed.user_id,
        orderId,
        orderNo: closed.order_no,
      });
    }
    return true;
  }

  /**
   * A refund's red packet back to the buyer's red-packet balance, the platform coupon's subsidy
   * and the points' fen back to the platform, all from the store; and the points back to the
   * buyer (each posted once per refund number).
   */
  async returnDiscounts(
    trx: Db,
    r: { refundNo: string; userId: number; storeId: number } & DiscountsBackInput,
  ): Promise<boolean> {
    const entries = [
      {
        accountId: await this.ledger.merchant(trx, r.storeId),
        amount: -(r.redPacket + r.subsidy + r.pointsCash),
      },
      { accountId: await this.ledger.redPacket(trx, r.userId), amount: r.redPacket },
      { accountId: await this.ledger.revenue(trx, 'coupon'), amount: r.subsidy },
    ];
    if (r.pointsCash) {
      entries.push({
        accountId: await this.ledger.revenue(trx, 'points_cash'),
        amount: r.pointsCash,
      });
    }
    const posted = await this.ledger.post(trx, {
      kind: 'refund_discount',
      ref: r.refundNo,
      memo: '售后退款（红包退回）',
      entries,
    });
    if (r.points > 0) {
      await this.ledger.post(trx, {
        kind: 'points_refund',
        ref: r.refundNo,
        memo: r.orderNo,
        entries: [
          { accountId: await this.ledger.revenue(trx, 'points'), amount: -r.points },
          { accountId: await this.ledger.points(trx, r.userId), amount: r.points },
        ],
      });
    }
    return posted;
  }

  /** Balance payments: merchant → buyer's wallet, posted once per refund number. */
  async refundToWallet(
    trx: Db,
    r: { refundNo: string; userId: number; storeId: number; amount: number },
  ): Promise<boolean> {
    const merchant = await this.ledger.merchant(trx, r.storeId);
    const wallet = await this.ledger.wallet(trx, r.userId);
    return this.ledger.post(trx, {
      kind: 'refund',
      ref: r.refundNo,
      memo: '售后退款（余额）',
      entries: [
        { accountId: merchant, amount: -r.amount },
        { accountId: wallet, amount: r.amount },
      ],
    });
  }

  /** Gateway payments, once the channel reported the refund paid: merchant → clearing account. */
  async settleGatewayRefund(
    trx: Db,
    r: { refundNo: string; storeId: number; channel: string; amount: number },
  ): Promise<boolean> {
    const merchant = await this.ledger.merchant(trx, r.storeId);
    const clearing = await this.ledger.gateway(trx, r.channel);
    return this.ledger.post(trx, {
      kind: 'refund',
      ref: r.refundNo,
      memo: '售后退款（原路退回）',
      entries: [
        { accountId: merchant, amount: -r.amount },
        { accountId: clearing, amount: r.amount },
      ],
    });
  }

  get gatewayChannel(): string {
    return this.gateway.channel;
  }

  requestGatewayRefund(r: GatewayRefund): Promise<void> {
    return this.gateway.refund(r);
  }

  verifyRefundNotify(n: GatewayRefundNotify): boolean {
    return this.gateway.verifyRefund(n);
  }
}
