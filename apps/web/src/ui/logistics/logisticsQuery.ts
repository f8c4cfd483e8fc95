import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';

export const logisticsApi = {
  /** The order's tracking: carrier, number and scans, newest first. */
  query: (orderNo: string) => get('order/expressQuery', { orderNo }),
};

/** Under the order keys, so refreshing orders (e.g. after confirming receipt) refreshes it too. */
export const logisticsKey = (orderNo: string) => ['order', 'logistics', orderNo] as const;

export const logisticsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: logisticsKey(orderNo),
    queryFn: () => logisticsApi.query(orderNo),
    staleTime: 60_000,
  });
