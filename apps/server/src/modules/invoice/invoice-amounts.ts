import type { OrderDetail } from '@chaopin/contracts';
import type { OrderRefundSummary } from '../aftersale/index.ts';

/** What invoices need from after-sales. */
export interface RefundsOfOrder {
  summary(orderNo: string): Promise<OrderRefundSummary>;
}

/**
 * An invoice is for what the buyer kept: the paid amount less everything refunded, and each line
 * less its refunded goods (a line refunded in full is left out).
 */
export function invoicedAmounts(order: OrderDetail, refunds: OrderRefundSummary) {
  const items = order.items
    .map((i) => ({
      title: i.title,
      skuName: i.skuName,
      price: i.price,
      quantity: i.quantity,
      amount: i.price * i.quantity - (refunds.goodsByItem.get(i.itemId ?? -1) ?? 0),
    }))
    .filter((i) => i.amount > 0);
  return { amount: Math.max(0, order.payAmount - refunds.total), items };
}
