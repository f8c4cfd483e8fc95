import type { Db } from '../../../database.ts';
import type { DomainEvents } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { OrderRepo, OrderRow } from '../order.repo.ts';

/** What shipping and receiving an order write through. */
export interface DeliveryContext {
  db: Db;
  repo: OrderRepo;
  events: DomainEvents;
}

/** The buyer confirms receipt of an unreceived order (`order.received`). */
export async function confirmReceipt(
  ctx: DeliveryContext,
  userId: number,
  order: OrderRow,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await ctx.repo.transition(
      narrowDb(trx),
      [order.id],
      'unreceived',
      'unevaluated',
      {
        received_at: new Date(),
      },
    );
    if (moved.length === 0) throw new AppError('ORDER_STATE');
    await ctx.repo.addEvents(narrowDb(trx), [order.id], 'unevaluated', '已确认收货');
    await ctx.events.emit(trx, {
      type: 'order.received',
      userId,
      orderNo: order.order_no,
      auto: false,
    });
  });
}

/** What shipping needs of the order row, locked by the caller's transaction. */
export interface ShippableOrder {
  id: number;
  user_id: number;
  order_no: string;
  status: string;
  carrier: string | null;
  tracking_no: string | null;
}

/**
 * Merchant: ships a paid order (locked in `trx`) with a carrier and tracking number. An order
 * that already went out with the same carrier and number is left as it is ('unchanged': a
 * repeated ship or import changes nothing twice); another number is ORDER_ALREADY_SHIPPED.
 */
export async function shipLocked(
  ctx: Omit<DeliveryContext, 'db'>,
  trx: Db,
  order: ShippableOrder,
  carrier: string,
  trackingNo: string,
): Promise<'shipped' | 'unchanged'> {
  if (order.status !== 'unshipped') {
    // A replay is harmless only while the parcel is still the order's: once refunded and closed,
    // shipping it again is refused like any other closed order.
    const sent = order.status !== 'cancelled' && order.status !== 'unpaid';
    if (sent && order.carrier === carrier && order.tracking_no === trackingNo) return 'unchanged';
    throw new AppError(sent && order.tracking_no ? 'ORDER_ALREADY_SHIPPED' : 'ORDER_STATE');
  }
  const moved = await ctx.repo.transition(narrowDb(trx), [order.id], 'unshipped', 'unreceived', {
    carrier,
    tracking_no: trackingNo,
    shipped_at: new Date(),
  });
  if (moved.length === 0) throw new AppError('ORDER_STATE');
  await ctx.repo.addEvents(
    narrowDb(trx),
    [order.id],
    'unreceived',
    `商家已发货：${carrier} ${trackingNo}`,
  );
  await ctx.events.emit(trx, {
    type: 'order.shipped',
    userId: order.user_id,
    orderNo: order.order_no,
    carrier,
    trackingNo,
  });
  return 'shipped';
}
