import type { Reaction } from '../../deps.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { orderReads } from '../order/index.ts';
import { hourStart } from './dashboard-periods.ts';
import type { RollupRepo } from './rollup.repo.ts';

/**
 * The dashboard's reactions: each paid order and each refund paid back goes into the rollups in
 * the transaction that made it, so the dashboard always equals what orders and refunds say. A
 * refund is booked to the hour and day its order was PAID: a period's GMV is what the orders
 * paid in it kept. Each order and refund counts once, however often its event is replayed.
 */
export class DashboardRollup {
  constructor(private readonly repo: RollupRepo) {}

  orderPaid: Reaction<'order.paid'> = async (trx, e) => {
    const facts = await orderReads.paidFacts(trx, e.orderNos);
    if (!facts.length) return;
    const orders = facts.map((o) => ({
      id: o.id,
      store: o.storeId,
      buyer: o.userId,
      amount: o.payAmount,
      hour: hourStart(o.paidAt).toISOString(),
      day: chinaDay(o.paidAt),
    }));
    const lines = facts.flatMap((o) =>
      o.lines.map((l) => ({
        order_id: o.id,
        product: l.productId,
        quantity: l.quantity,
        amount: l.amount,
      })),
    );
    await this.repo.addPaid(trx, orders, lines);
  };

  refundRefunded: Reaction<'refund.refunded'> = async (trx, e) => {
    const line = await orderReads.paidLine(trx, e.orderItemId);
    if (!line) return;
    await this.repo.addRefund(trx, {
      refundNo: e.refundNo,
      orderId: line.orderId,
      store: line.storeId,
      product: line.productId,
      hour: hourStart(line.paidAt).toISOString(),
      day: chinaDay(line.paidAt),
      amount: e.amount,
      goods: e.amount - (e.shipping ?? 0),
    });
  };
}
