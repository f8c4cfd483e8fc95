import { type AdminOrderRow, ORDER_STATUS_TEXT, PAY_METHOD_TEXT } from '@chaopin/contracts';
import { maskPhone } from '../../user/index.ts';
import type { AddressSnapshotJson } from '../order.tables.ts';
import type { OrderLineBrief } from './order-list.repo.ts';

/** The columns a list row is made of (the list, the export and the detail select them). */
export interface OrderRowSource {
  id: number;
  order_no: string;
  store_id: number;
  user_id: number;
  status: string;
  goods_amount: number;
  shipping_fee: number;
  discount_amount: number;
  redpacket_amount: number;
  points_amount: number;
  pay_amount: number;
  pay_method: string | null;
  live_room_id: number | null;
  address: AddressSnapshotJson;
  carrier: string | null;
  tracking_no: string | null;
  merchant_remark: string;
  created_at: Date;
  paid_at: Date | null;
  shipped_at: Date | null;
  store_name: string | null;
  buyer_nickname: string | null;
  buyer_phone: string | null;
}

export const statusText = (s: string) =>
  ORDER_STATUS_TEXT[s as keyof typeof ORDER_STATUS_TEXT] ?? s;
export const payMethodText = (m: string | null) => (m ? (PAY_METHOD_TEXT[m] ?? m) : '');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** 首件标题 ×2 等3件: the first line and how many pieces the order holds. */
export function linesSummary(lines: readonly OrderLineBrief[]): {
  itemsSummary: string;
  itemCount: number;
  image: string;
} {
  const first = lines[0];
  const itemCount = lines.reduce((n, l) => n + l.quantity, 0);
  if (!first) return { itemsSummary: '', itemCount: 0, image: '' };
  const more = lines.length > 1 ? ` 等${itemCount}件` : '';
  return {
    itemsSummary: `${first.title}（${first.sku_name}）×${first.quantity}${more}`,
    itemCount,
    image: first.image,
  };
}

/** The lines of several orders, by order. */
export function linesByOrder(lines: readonly OrderLineBrief[]): Map<number, OrderLineBrief[]> {
  const by = new Map<number, OrderLineBrief[]>();
  for (const l of lines) {
    const list = by.get(l.order_id);
    if (list) list.push(l);
    else by.set(l.order_id, [l]);
  }
  return by;
}

export function toAdminOrderRow(
  o: OrderRowSource,
  lines: readonly OrderLineBrief[],
): AdminOrderRow {
  return {
    id: o.id,
    orderNo: o.order_no,
    storeId: o.store_id,
    storeName: o.store_name ?? '',
    buyerId: o.user_id,
    buyerNickname: o.buyer_nickname ?? '',
    buyerPhone: o.buyer_phone ? maskPhone(o.buyer_phone) : '',
    ...linesSummary(lines),
    goodsAmount: o.goods_amount,
    shippingFee: o.shipping_fee,
    discountAmount: o.discount_amount,
    redpacketAmount: o.redpacket_amount,
    pointsAmount: o.points_amount,
    payAmount: o.pay_amount,
    status: o.status,
    statusText: statusText(o.status),
    payMethod: o.pay_method,
    payMethodText: payMethodText(o.pay_method),
    liveRoomId: o.live_room_id,
    receiverName: o.address.name,
    carrier: o.carrier,
    trackingNo: o.tracking_no,
    merchantRemark: o.merchant_remark,
    createdAt: o.created_at.toISOString(),
    paidAt: iso(o.paid_at),
    shippedAt: iso(o.shipped_at),
  };
}

/** The ledger's transaction kinds an order's money moves under, and how the page names them. */
export const ORDER_POSTING_KINDS: Record<string, string> = {
  order_pay: '支付',
  pay_refund: '支付退回',
  rp_hold: '红包抵扣',
  points_use: '积分抵扣',
  rp_release: '红包退回',
  points_release: '积分退回',
  refund: '售后退款',
  refund_discount: '退款退回红包/补贴',
  points_refund: '退款退回积分',
};
