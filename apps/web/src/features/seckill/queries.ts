import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { seckillApi } from './api.ts';
import { refetchWhilePast, seckillKeys } from './bannerQuery.ts';
import { withClock } from './clock.ts';

export { refetchWhilePast, seckillBannerQuery, seckillKeys } from './bannerQuery.ts';

export const SUBSCRIBE_PAGE_SIZE = 10;

export const seckillSessionsQuery = () =>
  queryOptions({
    queryKey: seckillKeys.sessions,
    queryFn: async () => withClock(await seckillApi.sessions()),
  });

export const seckillItemsQuery = (sessionId: number, userId: number | null) =>
  queryOptions({
    queryKey: seckillKeys.items(sessionId, userId),
    queryFn: async () => withClock(await seckillApi.items(sessionId)),
    staleTime: 5_000,
    refetchInterval: (query) => refetchWhilePast(query.state.data),
  });

export const seckillItemQuery = (id: number) =>
  queryOptions({
    queryKey: seckillKeys.item(id),
    queryFn: async () => withClock(await seckillApi.item(id)),
    staleTime: 0,
    refetchInterval: (query) => refetchWhilePast(query.state.data),
  });

export const mySubscribeQuery = () =>
  infiniteQueryOptions({
    queryKey: seckillKeys.mySubscribe,
    queryFn: ({ pageParam }) =>
      seckillApi.mySubscribe({ pageNum: pageParam, pageSize: SUBSCRIBE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });

/** After a reminder or a purchase changed: lists, the banner and 我的提醒. */
export function refreshSeckill(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: seckillKeys.all });
}
