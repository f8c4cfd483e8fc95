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
  /** The line's share of the order's coupons and red packet (paid for by neither the buyer). */
  discount?: number;
  redpacket?: number;
  /** The platform coupon's part of `discount`. */
  platform_discount?: number;
  /** The line's share of the points deduction: fen (paid by neither the buyer) and points. */
  points_deduct?: number;
  points?: number;
}
export type RefundPart = Pick<
  RefundRow,
  'order_item_id' | 'status' | 'amount' | 'shipping_amount'
> &
  Partial<
    Pick<RefundRow, 'id' | 'redpacket_back' | 'subsidy_back' | 'points_back' | 'points_cash_back'>
  >;

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

/** What the buyer paid for a line: its list amount net of its coupon, red-packet and points shares. */
export const lineAmount = (i: RefundItem) =>
  i.price * i.quantity - (i.discount ?? 0) - (i.redpacket ?? 0) - (i.points_deduct ?? 0);

/** What a refund gives back besides money (see discountsBack). */
export interface DiscountsBack {
  redPacket: number;
  subsidy: number;
  /** Points to the buyer, and the fen they stood for (from the store back to the platform). */
  points: number;
  pointsCash: number;
}

/**
 * What a refund gives back besides money: the line's red packet (to the buyer's red-packet
 * balance), the platform coupon's subsidy (from the store to the platform) and the line's points
 * (to the buyer; their fen from the store to the platform), each in the proportion the refund is
 * of the line, the rest with the refund that completes the line.
 */
export function discountsBack(
  item: RefundItem,
  refunds: readonly RefundPart[],
  refund: RefundPart,
): DiscountsBack {
  const net = lineAmount(item);
  const earlier = refunds.filter(
    (r) => r.order_item_id === item.id && r.status === 'refunded' && r.id !== refund.id,
  );
  const goods = refund.amount - refund.shipping_amount;
  const before = earlier.reduce((s, r) => s + r.amount - r.shipping_amount, 0);
  const complete = before + goods >= net;
  const part = (total: number, given: number) => {
    const left = Math.max(0, total - given);
    if (complete) return left;
    return Math.min(left, net > 0 ? Math.floor((total * goods) / net) : 0);
  };
  return {
    redPacket: part(
      item.redpacket ?? 0,
      earlier.reduce((s, r) => s + (r.redpacket_back ?? 0), 0),
    ),
    subsidy: part(
      item.platform_discount ?? 0,
      earlier.reduce((s, r) => s + (r.subsidy_back ?? 0), 0),
    ),
    points: part(
      item.points ?? 0,
      earlier.reduce((s, r) => s + (r.points_back ?? 0), 0),
    ),
    pointsCash: part(
      item.points_deduct ?? 0,
      earlier.reduce((s, r) => s + (r.points_cash_back ?? 0), 0),
    ),
  };
}

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
  // A line the coupons made free still carries the order's shipping when it is the last one.
  const untouched = !refunds.some(
    (r) => r.order_item_id === itemId && (r.status === 'refunded' || isOpen(r.status)),
  );
  const shippingIncluded =
    beforeShipping && (remaining > 0 || untouched) && !shippingTaken && othersCovered
      ? order.shipping_fee
      : 0;
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
