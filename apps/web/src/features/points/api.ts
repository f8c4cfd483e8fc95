import type { PointsBillQuery } from '@chaopin/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';
import { fetchPointsHome, pointsKeys } from '../../ui/points/pointsQuery.ts';

export { pointsHomeQuery, pointsKeys, refreshPoints } from '../../ui/points/pointsQuery.ts';

/** Points (积分): the daily sign-in and the points bill. */
export const pointsApi = {
  /** 积分签到: the balance, the streak, this month's sign-ins (China time) and the configured rules. */
  home: fetchPointsHome,
  /** Once per calendar day: a second tap answers fresh:false with the first sign-in's figures. */
  signIn: () => post('points/signIn'),
  /** 积分明细, newest first; earned and spent total the month (or every month), not just this page. */
  bill: (query: PointsBillQuery) => get('points/bill', query),
  /** The share task: points once a day (fresh:false after the first share of the day). */
  share: () => post('points/share'),
};

export const POINTS_BILL_PAGE_SIZE = 20;

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
