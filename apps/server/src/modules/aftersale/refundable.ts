import { REFUND_OPEN_STATUSES, type RefundStatus, type RefundType } from '@chaopin/contracts';
import type { RefundRow } from './aftersale.repo.ts';

/** What of an order the refund rules need (no other column of the order's tables). */
export interface RefundOrder {
  status: string;
  shipping_fee: number;
}
export interface RefundItem {
  id: number;
  price: number;
  quantity: number;
}
export type RefundPart = Pick<RefundRow, 'order_item_id' | 'status' | 'amount' | 'shipping_amount'>;

const isOpen = (s: string) => REFUND_OPEN_STATUSES.includes(s as RefundStatus);

/** ¥12.90 from fen, for timeline texts. */
export const yuan = (fen: number) =>
  `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Goods money of a line already paid back (its share of shipping excluded). */
function refundedGoods(itemId: number, refunds: readonly RefundPart[]): number {
  return refunds
    .filter((r) => r.order_item_id === itemId && r.status === 'refunded')
    .reduce((s, r) => s + r.amount - r.shipping_amount, 0);
}

function openGoods(itemId: number, refunds: readonly RefundPart[]): number {
  return refunds
    .filter((r) => r.order_item_id === itemId && isOpen(r.status))
    .reduce((s, r) => s + r.amount - r.shipping_amount, 0);
}

export const lineAmount = (i: RefundItem) => i.price * i.quantity;

export interface Refundable {
  itemAmount: number;
  refunded: number;
  shippingIncluded: number;
  maxAmount: number;
  fullRequired: boolean;
  types: RefundType[];
}

/**
 * How much of one line may be asked for now. A line's share is price × quantity minus what was
 * paid back already. The shipping fee comes back only with the last line of an order refunded
 * before shipping (the whole order was then cancelled before anything left the store); after
 * shipping it is the carrier's and is never refunded. Before shipping a line is refunded whole
 * (仅退款 only, the goods are not sent); after shipping 仅退款 or 退货退款 of any amount up to
 * the rest of the share.
 */
export function refundable(
  order: RefundOrder,
  items: readonly RefundItem[],
  refunds: readonly RefundPart[],
  itemId: number,
): Refundable {
  const item = items.find((i) => i.id === itemId);
  if (!item) throw new Error(`no line ${itemId}`);
  const itemAmount = lineAmount(item);
  const refunded = refundedGoods(itemId, refunds);
  const remaining = Math.max(0, itemAmount - refunded);
  const beforeShipping = order.status === 'unshipped';
  const shippingTaken = refunds.some(
    (r) => r.shipping_amount > 0 && (r.status === 'refunded' || isOpen(r.status)),
  );
  const othersCovered = items
    .filter((i) => i.id !== itemId)
    .every((i) => lineAmount(i) - refundedGoods(i.id, refunds) - openGoods(i.id, refunds) <= 0);
  const shippingIncluded =
    beforeShipping && remaining > 0 && !shippingTaken && othersCovered ? order.shipping_fee : 0;
  return {
    itemAmount,
    refunded,
    shippingIncluded,
    maxAmount: remaining + shippingIncluded,
    fullRequired: beforeShipping,
    types: beforeShipping ? ['refund'] : ['refund', 'return'],
  };
}

/** True when every line of the order has been paid back in full. */
export function fullyRefunded(items: readonly RefundItem[], refunds: readonly RefundPart[]) {
  return items.every((i) => refundedGoods(i.id, refunds) >= lineAmount(i));
}
