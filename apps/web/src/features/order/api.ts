import type { OrderTab } from '@chaopin/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { nextPage } from '../../core/queries.ts';
import { orderApi, orderKeys } from '../../ui/order/orderApi.ts';

export {
  balanceQuery,
  type NewOrderInput,
  orderApi,
  orderCountsQuery,
  orderFeatureApi,
  orderKeys,
  orderQuery,
  type PreviewChoice,
  type PreviewOptions,
  payApi,
  payTypesQuery,
} from '../../ui/order/orderApi.ts';

export const ordersQuery = (tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: orderKeys.orders(tab),
    queryFn: ({ pageParam }) => orderApi.list({ status: tab, pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
