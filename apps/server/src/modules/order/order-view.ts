import {
  ORDER_AFTERSALE_TEXT,
  ORDER_STATUS_TEXT,
  type OrderAftersale,
  type OrderAftersaleState,
  type OrderDetail,
  type OrderPreviewData,
  type OrderSummary,
} from '@chaopin/contracts';
import type { ItemRow, OrderRow, RefundBrief } from './order.repo.ts';
import type { Pricing } from './pricing.ts';

const statusText = (status: string) =>
  ORDER_STATUS_TEXT[status as keyof typeof ORDER_STATUS_TEXT] ?? status;

const OPEN_REFUND = new Set(['pending', 'approved', 'returning', 'refunding']);

/**
 * An order's after-sales state from its requests (any order, newest first): 退款中 while one is
 * open, else 已退款 if any paid money back, else 已拒绝 if any was rejected, else 已撤销.
 */
export function aftersaleOf(refunds: RefundBrief[]): OrderAftersale | null {
  const pick = (state: OrderAftersaleState, match: (status: string) => boolean) => {
    const newest = [...refunds].sort((a, b) => b.id - a.id).find((r) => match(r.status));
    return newest ? { state, text: ORDER_AFTERSALE_TEXT[state], refundNo: newest.refund_no } : null;
  };
  return (
    pick('refunding', (s) => OPEN_REFUND.has(s)) ??
    pick('refunded', (s) => s === 'refunded') ??
    pick('rejected', (s) => s === 'rejected') ??
    pick('cancelled', () => true)
  );
}

export function toSummary(
  o: OrderRow,
  items: ItemRow[],
  refunds: RefundBrief[] = [],
): OrderSummary {
  return {
    orderNo: o.order_no,
    payNo: o.group_no,
    status: o.status,
    // An order closed because all of it was refunded says so, not "cancelled".
    statusText:
      o.status === 'cancelled' && o.cancel_reason === '退款成功' ? '已退款' : statusText(o.status),
    storeId: o.store_id,
    storeName: o.store_name,
    items: items
      .filter((i) => i.order_id === o.id)
      .map((i) => ({
        skuId: i.sku_id,
        productId: i.product_id,
        title: i.title,
        skuName: i.sku_name,
        image: i.image,
        price: i.price,
        quantity: i.quantity,
      })),
    goodsAmount: o.goods_amount,
    shippingFee: o.shipping_fee,
    discountAmount: o.discount_amount,
    redPacketAmount: o.redpacket_amount,
    pointsAmount: o.points_amount,
    pointsUsed: o.points_used,
    payAmount: o.pay_amount,
    createdAt: o.created_at.toISOString(),
    expiresAt: o.status === 'unpaid' ? o.expires_at.toISOString() : null,
    aftersale: aftersaleOf(refunds.filter((r) => r.order_id === o.id)),
  };
}

export function toDetail(
  o: OrderRow,
  items: ItemRow[],
  events: { status: string; note: string; created_at: Date }[],
  refunds: RefundBrief[] = [],
): OrderDetail {
  const summary = toSummary(o, items, refunds);
  const own = items.filter((i) => i.order_id === o.id);
  return {
    ...summary,
    // Same order as the summary's lines: each gains its id and whether it was evaluated.
    items: summary.items.map((line, k) => ({
      ...line,
      itemId: own[k]?.id ?? 0,
      evaluated: (own[k]?.evaluated_at ?? null) !== null,
    })),
    address: o.address,
    note: o.note,
    payMethod: o.pay_method,
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    timeline: events.map((e) => ({
      status: e.status,
      text: e.note || statusText(e.status),
      time: e.created_at.toISOString(),
    })),
  };
}

/** The priced stores as writeOrder shows them. */
export function toPreviewStores(p: Pricing): OrderPreviewData['stores'] {
  return p.stores.map((s) => ({
    storeId: s.storeId,
    storeName: s.storeName,
    items: s.items.map((i) => ({
      skuId: i.skuId,
      productId: i.productId,
      title: i.title,
      skuName: i.skuName,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
      subtotal: i.subtotal,
      discount: i.discount,
      redPacket: i.redPacket,
      pointsDeduct: i.pointsDeduct,
    })),
    goodsAmount: s.goodsAmount,
    shippingFee: s.shippingFee,
    discountAmount: s.discountAmount,
    platformDiscount: s.platformDiscount,
    redPacketAmount: s.redPacketAmount,
    pointsAmount: s.pointsAmount,
    payAmount: s.payAmount,
  }));
}
