import type { AftersaleRepo } from './aftersale.repo.ts';
import type { RefundRowStatus } from './aftersale.tables.ts';

/** Requests whose outcome is not known yet (the money may still go back). */
const OPEN: ReadonlySet<RefundRowStatus> = new Set([
  'pending',
  'approved',
  'returning',
  'refunding',
]);

/** What was refunded of one order: for other modules (an invoice is for what the buyer kept). */
export interface OrderRefundSummary {
  /** A request is still open: its amount is not known to be final. */
  open: boolean;
  /** Goods refunded per order line (fen), shipping excluded. */
  goodsByItem: Map<number, number>;
  /** Everything refunded (fen), shipping included. */
  total: number;
}

export class OrderRefunds {
  constructor(private readonly repo: AftersaleRepo) {}

  async summary(orderNo: string): Promise<OrderRefundSummary> {
    const rows = await this.repo.ofOrder(orderNo);
    const goodsByItem = new Map<number, number>();
    let total = 0;
    for (const r of rows) {
      if (r.status !== 'refunded') continue;
      total += r.amount;
      const goods = r.amount - r.shipping_amount;
      goodsByItem.set(r.order_item_id, (goodsByItem.get(r.order_item_id) ?? 0) + goods);
    }
    return { open: rows.some((r) => OPEN.has(r.status)), goodsByItem, total };
  }
}
