import type { ShipBody } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderRepo, OrderRow } from './order.repo.ts';

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
    const moved = await ctx.repo.transition(trx, [order.id], 'unreceived', 'unevaluated', {
      received_at: new Date(),
    });
    if (moved.length === 0) throw new AppError('ORDER_STATE');
    await ctx.repo.addEvents(trx, [order.id], 'unevaluated', '已确认收货');
    await ctx.events.emit(trx, {
      type: 'order.received',
      userId,
      orderNo: order.order_no,
      auto: false,
    });
  });
}

/** Merchant: ships a paid order with carrier and tracking number. */
export async function shipOrder(ctx: DeliveryContext, body: ShipBody): Promise<void> {
  const order = await ctx.repo.byOrderNoAnyUser(body.orderNo);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await ctx.repo.transition(trx, [order.id], 'unshipped', 'unreceived', {
      carrier: body.carrier.trim(),
      tracking_no: body.trackingNo,
      shipped_at: new Date(),
    });
    if (moved.length === 0) throw new AppError('ORDER_STATE');
    await ctx.repo.addEvents(trx, [order.id], 'unreceived', `商家已发货：${body.carrier.trim()}`);
    await ctx.events.emit(trx, {
      type: 'order.shipped',
      userId: order.user_id,
      orderNo: order.order_no,
      carrier: body.carrier.trim(),
      trackingNo: body.trackingNo,
    });
  });
}
