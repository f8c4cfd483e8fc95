import type { PointsBillQuery } from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';
import { walletKeys } from '../wallet/api.ts';

/** Points (积分): the daily sign-in and the points bill. */
export const pointsApi = {
  /** 积分签到: the balance, the streak, this month's sign-ins (China time) and the configured rules. */
  home: () => get('points/home'),
  /** Once per calendar day: a second tap answers fresh:false with the first sign-in's figures. */
  signIn: () => post('points/signIn'),
  /** 积分明细, newest first; earned and spent total the month (or every month), not just this page. */
  bill: (query: PointsBillQuery) => get('points/bill', query),
  /** The share task: points once a day (fresh:false after the first share of the day). */
  share: () => post('points/share'),
};

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
