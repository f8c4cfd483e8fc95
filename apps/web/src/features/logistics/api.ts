import { get } from '../../core/api/client.ts';

export const logisticsApi = {
  /** The order's tracking: carrier, number and scans, newest first. */
  query: (orderNo: string) => get('order/expressQuery', { orderNo }),
};
