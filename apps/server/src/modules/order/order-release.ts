import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { StockService } from '../catalogue/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { CouponPort } from './coupon-port.ts';
import type { ItemRow, OrderRepo } from './order.repo.ts';
import type { PrescriptionPort } from './prescription-port.ts';

/** What closing unpaid orders gives back through: stock, coupons, ledger, prescriptions, events. */
export interface ReleaseContext {
  repo: OrderRepo;
  stock: StockService;
  ledger: Ledger;
  events: DomainEvents;
  coupons: CouponPort;
  prescriptions: PrescriptionPort;
}

/**
 * Cancels those of these orders that are still unpaid and releases their stock, in the
 * caller's transaction. The status guard makes it happen once whoever calls (user, sweeper).
 */
export async function cancelUnpaid(
  ctx: ReleaseContext,
  trx: Db,
  ids: number[],
  reason: string,
  /** Collects the products whose stock came back, for `stock.changed` after commit. */
  touched?: Set<number>,
): Promise<number[]> {
  const rows = await ctx.repo.transition(narrowDb(trx), ids, 'unpaid', 'cancelled', {
    cancelled_at: new Date(),
    cancel_reason: reason,
  });
  const moved = rows.map((r) => r.id);
  if (moved.length === 0) return moved;
  const items = await ctx.repo.itemsOf(moved, narrowDb(trx));
  // A flash-sale line's unit belongs to its sale (the seckill module takes it back).
  const released = await ctx.stock.release(
    trx,
    items
      .filter((i) => i.seckill_item_id === null)
      .map((i) => ({ skuId: i.sku_id, quantity: i.quantity })),
  );
  for (const id of released) touched?.add(id);
  await ctx.repo.addEvents(narrowDb(trx), moved, 'cancelled', reason);
  await releaseFlashLines(ctx, trx, items);
  await releaseDiscounts(ctx, trx, moved);
  await ctx.prescriptions.released(trx, moved);
  for (const userId of new Set(rows.map((r) => r.user_id))) {
    const mine = rows.filter((r) => r.user_id === userId);
    await ctx.events.emit(trx, {
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
export async function releaseDiscounts(
  ctx: ReleaseContext,
  trx: Db,
  orderIds: number[],
): Promise<void> {
  await ctx.coupons.released(trx, orderIds);
  for (const o of await ctx.repo.redPacketsOf(narrowDb(trx), orderIds)) {
    await ctx.ledger.post(trx, {
      kind: 'rp_release',
      ref: o.order_no,
      memo: '订单关闭，红包退回',
      entries: [
        {
          accountId: await ctx.ledger.clearing(trx, 'redpacket_hold'),
          amount: -o.redpacket_amount,
        },
        { accountId: await ctx.ledger.redPacket(trx, o.user_id), amount: o.redpacket_amount },
      ],
    });
  }
  for (const o of await ctx.repo.pointsOf(narrowDb(trx), orderIds)) {
    await ctx.ledger.post(trx, {
      kind: 'points_release',
      ref: o.order_no,
      memo: o.order_no,
      entries: [
        { accountId: await ctx.ledger.revenue(trx, 'points'), amount: -o.points_used },
        { accountId: await ctx.ledger.points(trx, o.user_id), amount: o.points_used },
      ],
    });
  }
}

async function releaseFlashLines(ctx: ReleaseContext, trx: Db, items: ItemRow[]): Promise<void> {
  const byOrder = new Map<number, { itemId: number; quantity: number }[]>();
  for (const i of items) {
    if (i.seckill_item_id === null) continue;
    const lines = byOrder.get(i.order_id) ?? [];
    lines.push({ itemId: i.seckill_item_id, quantity: i.quantity });
    byOrder.set(i.order_id, lines);
  }
  if (!byOrder.size) return;
  const owners = await ctx.repo.ownersOf(narrowDb(trx), [...byOrder.keys()]);
  for (const [orderId, lines] of byOrder) {
    const userId = owners.get(orderId);
    if (userId === undefined) continue;
    await ctx.events.emit(trx, { type: 'seckill.released', userId, orderId, lines });
  }
}
