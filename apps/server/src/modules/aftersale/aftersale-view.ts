import {
  type AdminRefundDetail,
  type AdminRefundRow,
  REFUND_STATUS_TEXT,
  REFUND_TO_TEXT,
  REFUND_TYPE_TEXT,
  type RefundDetail,
  type RefundStatus,
  type RefundSummary,
} from '@chaopin/contracts';
import { maskPhone } from '../user/index.ts';
import type { AdminRefundSource, RefundRow } from './aftersale.repo.ts';

export const refundToText = (to: string) => REFUND_TO_TEXT[to] ?? '原路退回';

export function toRefundSummary(r: RefundRow): RefundSummary {
  return {
    refundNo: r.refund_no,
    orderNo: r.order_no,
    skuId: r.sku_id,
    title: r.title,
    skuName: r.sku_name,
    image: r.image,
    price: r.price,
    quantity: r.quantity,
    type: r.type,
    typeText: REFUND_TYPE_TEXT[r.type],
    status: r.status,
    statusText: REFUND_STATUS_TEXT[r.status as RefundStatus] ?? r.status,
    amount: r.amount,
    createdAt: r.created_at.toISOString(),
  };
}

export function toRefundDetail(
  r: RefundRow,
  events: { status: string; note: string; created_at: Date }[],
): RefundDetail {
  return {
    ...toRefundSummary(r),
    reason: r.reason,
    description: r.description,
    images: r.images,
    rejectReason: r.reject_reason,
    returnCarrier: r.return_carrier,
    returnTrackingNo: r.return_tracking_no,
    refundTo: r.refund_to,
    refundToText: refundToText(r.refund_to),
    canCancel: r.status === 'pending' || r.status === 'approved',
    canReturn: r.status === 'approved',
    timeline: events.map((e) => ({
      status: e.status,
      text: e.note || (REFUND_STATUS_TEXT[e.status as RefundStatus] ?? e.status),
      time: e.created_at.toISOString(),
    })),
  };
}

/** A request in the console: the line, the buyer's reasons and photos, what may be done now. */
export function toAdminRefundRow(r: AdminRefundSource): AdminRefundRow {
  return {
    ...toRefundSummary(r),
    storeId: r.store_id,
    storeName: r.store_name ?? '',
    buyerId: r.user_id,
    buyerNickname: r.buyer_nickname ?? '',
    buyerPhone: r.buyer_phone ? maskPhone(r.buyer_phone) : '',
    reason: r.reason,
    description: r.description,
    images: r.images,
    rejectReason: r.reject_reason,
    returnCarrier: r.return_carrier,
    returnTrackingNo: r.return_tracking_no,
    refundTo: r.refund_to,
    refundToText: refundToText(r.refund_to),
    refundedAt: r.refunded_at ? r.refunded_at.toISOString() : null,
    updatedAt: r.updated_at.toISOString(),
    canApprove: r.status === 'pending',
    canReject: r.status === 'pending' || r.status === 'returning',
    canReceive: r.status === 'returning',
  };
}

export function toAdminRefundDetail(
  r: AdminRefundSource,
  events: { status: string; note: string; created_at: Date }[],
): AdminRefundDetail {
  return { ...toAdminRefundRow(r), timeline: toRefundDetail(r, events).timeline };
}
