import type { ApiData, ApiQuery } from '@chaopin/core/api';
import { api, typed } from '../../providers/http.ts';

/** A row of `admin/refund/list` (the list itself comes through the data provider). */
export type RefundRow = ApiData<'admin/refund/list'>['list'][number];
export type RefundStatus = NonNullable<ApiQuery<'admin/refund/list'>['status']>;

/** 同意: a refund-only request refunds at once; a return waits for the buyer's parcel. */
export const approveRefund = (refundNo: string) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/refund/approve', { body: { refundNo } }));

/** 驳回 with the reason the buyer sees (1-60 characters). */
export const rejectRefund = (refundNo: string, reason: string) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/refund/reject', { body: { refundNo, reason } }));

/** 确认收货: the returned parcel arrived; the money goes back. */
export const receiveReturn = (refundNo: string) =>
  typed(api.POST('/chaopin-boot/api/v1/admin/refund/receive', { body: { refundNo } }));

/** One request with its timeline (`admin/refund/detail`). */
export const loadRefund = (refundNo: string) =>
  typed(api.GET('/chaopin-boot/api/v1/admin/refund/detail', { params: { query: { refundNo } } }));
