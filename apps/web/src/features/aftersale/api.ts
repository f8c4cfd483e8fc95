import type { RefundType } from '@chaopin/contracts';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { aftersaleKeys, fetchOrderRefunds } from '../../ui/aftersale/orderRefundsQuery.ts';

export { aftersaleKeys, orderRefundsQuery } from '../../ui/aftersale/orderRefundsQuery.ts';

export interface RefundApplyInput {
  orderNo: string;
  skuId: number;
  type: RefundType;
  reason: string;
  amount: number;
  description?: string;
  images: string[];
}

/** After-sales: the images field travels as JSON text in a form body (what the contract accepts). */
export const aftersaleApi = {
  quote: (orderNo: string, skuId: number) => get('order/queryRefundMoney', { orderNo, skuId }),
  apply: ({ images, ...rest }: RefundApplyInput) =>
    post('order/refundApply', { ...rest, images: JSON.stringify(images) }),
  detail: (refundNo: string) => get('order/refundDetails', { refundNo }),
  ofOrder: fetchOrderRefunds,
  sendBack: (refundNo: string, carrier: string, trackingNo: string) =>
    post('order/returnOrder', { refundNo, carrier, trackingNo }),
  cancel: (refundNo: string) => post('order/cancelReturnOrder', { refundNo }),
};

/**
 * After a request changed: quotes are dropped (never refetched, since a refetch on the page that
 * just applied would answer "already in progress"), lists, details and the orders reload.
 */
export function afterRefundChange(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['aftersale', 'quote'] });
  void queryClient.invalidateQueries({ queryKey: ['aftersale', 'order'] });
  void queryClient.invalidateQueries({ queryKey: ['aftersale', 'detail'] });
  void queryClient.invalidateQueries({ queryKey: ['order'] });
}

export const refundQuoteQuery = (orderNo: string, skuId: number) =>
  queryOptions({
    queryKey: aftersaleKeys.quote(orderNo, skuId),
    queryFn: () => aftersaleApi.quote(orderNo, skuId),
    // The apply page shows why it cannot apply in place of the form.
    meta: { toast: false },
    retry: false,
    gcTime: 0,
  });

export const refundDetailQuery = (refundNo: string) =>
  queryOptions({
    queryKey: aftersaleKeys.detail(refundNo),
    queryFn: () => aftersaleApi.detail(refundNo),
  });

/** '12.5' → 1250 fen without floats; null when it is not a money amount. */
export function yuanToFen(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
