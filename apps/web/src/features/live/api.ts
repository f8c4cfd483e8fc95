import type { LiveRankPeriod } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { nextPage } from '../../core/queries.ts';
import { LIVE_PAGE_SIZE, type LiveListState, liveApi, liveKeys } from '../../ui/live/liveApi.ts';

export {
  followedHostsQuery,
  LIVE_PAGE_SIZE,
  type LiveListState,
  liveApi,
  liveIsNoticeQuery,
  liveKeys,
  liveNoticesQuery,
  liveReservationsQuery,
  liveSortsQuery,
} from '../../ui/live/liveApi.ts';

export const liveIndexQuery = () =>
  queryOptions({ queryKey: liveKeys.index, queryFn: liveApi.index, staleTime: 30_000 });

export const liveListQuery = (sortId: number, state?: LiveListState) =>
  infiniteQueryOptions({
    queryKey: liveKeys.list(sortId, state),
    queryFn: ({ pageParam }) =>
      liveApi.list({ sortId, state, pageNum: pageParam, pageSize: LIVE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 15_000,
  });

export const liveSearchQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: liveKeys.search(keyword),
    queryFn: ({ pageParam }) => liveApi.search(keyword, pageParam, LIVE_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: keyword.length > 0,
  });

export const liveRoomQuery = (roomId: number, who: number | null) =>
  queryOptions({
    queryKey: liveKeys.room(roomId, who),
    queryFn: () => liveApi.roomInfo(roomId),
    staleTime: 0,
  });

export const liveShelfQuery = (roomId: number) =>
  queryOptions({ queryKey: liveKeys.shelf(roomId), queryFn: () => liveApi.shelf(roomId) });

export const liveGiftsQuery = () =>
  queryOptions({ queryKey: liveKeys.gifts, queryFn: liveApi.gifts, staleTime: 5 * 60_000 });

export const liveRankingQuery = (roomId: number, period: LiveRankPeriod) =>
  queryOptions({
    queryKey: liveKeys.ranking(roomId, period),
    queryFn: () => liveApi.ranking(roomId, period),
    staleTime: 10_000,
  });

export const liveOverQuery = (roomId: number, who: number | null) =>
  queryOptions({ queryKey: liveKeys.over(roomId, who), queryFn: () => liveApi.over(roomId) });

export const liveReplayQuery = (roomId: number) =>
  queryOptions({
    queryKey: liveKeys.replay(roomId),
    queryFn: () => liveApi.replay(roomId),
    meta: { toast: false },
    retry: false,
  });
