import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { withClock } from '../../ui/countdown/clock.ts';
import { refetchWhilePast, seckillKeys } from '../../ui/seckill/bannerQuery.ts';
import { seckillApi } from '../../ui/seckill/seckillApi.ts';

export { refetchWhilePast, seckillBannerQuery, seckillKeys } from '../../ui/seckill/bannerQuery.ts';
export { refreshSeckill, seckillApi } from '../../ui/seckill/seckillApi.ts';

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
