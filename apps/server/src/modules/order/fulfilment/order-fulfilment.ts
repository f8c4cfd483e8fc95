import type { Db } from '../../../database.ts';
import type { DomainEvents } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { OrderRepo, OrderRow } from '../order.repo.ts';
import type { AddressSnapshotJson, OrderStatus } from '../order.tables.ts';
import type { FulfilmentRepo } from './fulfilment.repo.ts';

/** Where an order went and when, as the logistics module tracks it. */
export interface OrderShipment {
  orderNo: string;
  userId: number;
  status: OrderStatus;
  storeId: number;
  storeName: string;
  carrier: string;
  trackingNo: string;
  shippedAt: Date;
  address: AddressSnapshotJson;
}

function toShipment(o: OrderRow): OrderShipment | null {
  if (!o.carrier || !o.tracking_no || !o.shipped_at) return null;
  return {
    orderNo: o.order_no,
    userId: o.user_id,
    status: o.status,
    storeId: o.store_id,
    storeName: o.store_name,
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    shippedAt: o.shipped_at,
    address: o.address,
  };
}

/**
 * What the logistics module needs from orders after shipping: the shipment of a buyer's order,
 * the automatic receipt, and an order line being evaluated (which finishes the order once every
 * line is). Everything that writes runs in the caller's transaction.
 */
export class OrderFulfilment {
  constructor(
    private readonly db: Db,
    private readonly repo: OrderRepo,
    private readonly lines: FulfilmentRepo,
    private readonly events: DomainEvents,
  ) {}

  /** The user's order by its number (a single-store pay number also finds it). */
  private async one(userId: number, no: string, db: Db): Promise<OrderRow> {
    const orders = await this.repo.byNumber(userId, no, narrowDb(db));
    const order = orders.find((o) => o.order_no === no) ?? (orders.length === 1 ? orders[0] : null);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    return order;
  }

  /** The order's shipment; ORDER_NOT_FOUND for another user's order, null before shipping. */
  async shipment(userId: number, orderNo: string, db: Db = this.db): Promise<OrderShipment | null> {
    return toShipment(await this.one(userId, orderNo, db));
  }

  /**
   * Confirms receipt on the buyer's behalf (the parcel was signed for long enough ago). Guarded on
   * `unreceived`, so a buyer's own confirmation or a second node's sweep makes this a no-op.
   */
  async autoConfirm(trx: Db, userId: number, orderNo: string, note: string): Promise<boolean> {
    const order = (await this.repo.byNumber(userId, orderNo, narrowDb(trx))).find(
      (o) => o.order_no === orderNo,
    );
    if (!order) return false;
    const moved = await this.repo.transition(
      narrowDb(trx),
      [order.id],
      'unreceived',
      'unevaluated',
      {
        received_at: new Date(),
      },
    );
    if (moved.length === 0) return false;
    await this.repo.addEvents(narrowDb(trx), [order.id], 'unevaluated', note);
    await this.events.emit(trx, {
      type: 'order.received',
      userId,
      orderNo: order.order_no,
      auto: true,
    });
    return true;
  }

  /**
   * Marks one line of a received order evaluated; when it was the last one, the order is
   * finished. The order row is locked first, so two evaluations of one order serialize.
   */
  async evaluateItem(
    trx: Db,
    userId: number,
    orderNo: string,
    itemId: number,
  ): Promise<{ productId: number; orderStatus: OrderStatus }> {
    const order = await this.one(userId, orderNo, trx);
    const [locked] = await this.repo.lockByIds(narrowDb(trx), [order.id]);
    const item = await this.lines.lockItem(narrowDb(trx), order.id, itemId);
    if (!locked || !item) throw new AppError('EVALUATION_ITEM_NOT_FOUND');
    if (item.evaluated_at !== null) throw new AppError('EVALUATION_EXISTS');
    if (locked.status !== 'unevaluated') throw new AppError('EVALUATION_NOT_ALLOWED');
    if (!(await this.lines.markEvaluated(narrowDb(trx), item.id)))
      throw new AppError('EVALUATION_EXISTS');
    if ((await this.lines.unevaluatedCount(narrowDb(trx), order.id)) > 0) {
      return { productId: item.product_id, orderStatus: 'unevaluated' };
    }
    const moved = await this.repo.transition(narrowDb(trx), [order.id], 'unevaluated', 'finished');
    if (moved.length === 0) throw new AppError('ORDER_STATE');
    await this.repo.addEvents(narrowDb(trx), [order.id], 'finished', '评价完成，交易成功');
    return { productId: item.product_id, orderStatus: 'finished' };
  }
}
