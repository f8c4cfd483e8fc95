import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';

// Beside ItemAfterSale, which the order detail shows: aftersale/api.ts keeps aftersaleKeys (the
// domain's one key factory, re-exported) and aftersaleApi.ofOrder on these.

/** After-sales query keys; a change invalidates ['aftersale'] and the orders (['order']). */
export const aftersaleKeys = {
  all: ['aftersale'] as const,
  quote: (orderNo: string, skuId: number) => ['aftersale', 'quote', orderNo, skuId] as const,
  detail: (refundNo: string) => ['aftersale', 'detail', refundNo] as const,
  ofOrder: (orderNo: string) => ['aftersale', 'order', orderNo] as const,
};

export const fetchOrderRefunds = (orderNo: string) =>
  get('order/refundList', { orderNo, pageSize: 100 });

export const orderRefundsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: aftersaleKeys.ofOrder(orderNo),
    queryFn: () => fetchOrderRefunds(orderNo),
  });
