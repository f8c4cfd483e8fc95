import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { nextPage } from '../../core/queries.ts';
import { walletKeys } from '../wallet/queries.ts';
import { pointsApi } from './api.ts';

export const POINTS_BILL_PAGE_SIZE = 20;

/** Everything under ['points'], so one invalidation refreshes the balance, calendar and bill. */
export const pointsKeys = {
  all: ['points'] as const,
  home: ['points', 'home'] as const,
  bill: (month: string) => ['points', 'bill', month] as const,
};

// A paid order earns the day's first-order points from another page, and the day turns at
// midnight China time: the figures are asked again on every visit.
export const pointsHomeQuery = () =>
  queryOptions({ queryKey: pointsKeys.home, queryFn: pointsApi.home, staleTime: 0 });

export const pointsBillQuery = (month: string) =>
  infiniteQueryOptions({
    queryKey: pointsKeys.bill(month),
    queryFn: ({ pageParam }) =>
      pointsApi.bill({
        month: month || undefined,
        pageNum: pageParam,
        pageSize: POINTS_BILL_PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** After points moved (a sign-in): every points figure, and 我的资产's points tile. */
export async function refreshPoints(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.assets }),
  ]);
}
