import type { LiveGiftBody, LiveRankPeriod } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';

// The viewer's and the host's sides of live selling share this API and its one key factory, and
// 我的 (followed hosts) and 我的提醒 (reservations) show live rooms. live/api.ts re-exports it and
// adds the viewer pages' own queries.

export type LiveListState = 'live' | 'notice' | 'replay';

/** The viewer side of live selling (SPEC §7 the Live family). */
export const liveApi = {
  index: () => get('live/querIndex'),
  ads: () => get('live/ads'),
  sorts: () => get('live/getLiveSort'),
  recommend: () => get('live/roomRecommend'),
  list: (q: { sortId?: number; state?: LiveListState; pageNum: number; pageSize?: number }) =>
    get('live/list', {
      sortId: q.sortId || undefined,
      state: q.state,
      pageNum: q.pageNum,
      pageSize: q.pageSize ?? 10,
    }),
  search: (keyword: string, pageNum: number, pageSize = 10) =>
    get('live/search', { keyword, pageNum, pageSize }),
  roomInfo: (roomId: number) => get('live/getRoomInfo', { roomId }),
  playUrls: (roomId: number) => get('live/getPlayVideo', { roomId }),
  replay: (roomId: number) => get('live/getRecordInfo', { roomId }),
  shelf: (roomId: number) => get('live/shelf', { roomId }),
  like: (roomId: number, count: number) => post('live/like', { roomId, count }),
  gifts: () => get('live/gifts'),
  gift: (body: LiveGiftBody) => post('live/gift', { ...body }),
  ranking: (roomId: number, period: LiveRankPeriod) =>
    get('live/rewardRanking', { roomId, period }),
  /** 直播预告: upcoming rooms. */
  notices: (pageNum: number, pageSize = 10) => get('live/notice/list', { pageNum, pageSize }),
  /** 预约 (on) or 取消预约 of a 预告 room. */
  notice: (roomId: number, on: boolean) =>
    post(on ? 'live/userNotice/insertUser' : 'live/userNotice/delete', { roomId }),
  /** 我的提醒: the upcoming (or live) rooms I 预约'd, soonest first. */
  reservations: (pageNum: number, pageSize = 10) =>
    get('live/userNotice/list', { pageNum, pageSize }),
  isNotice: (roomId: number) => get('live/userNotice/isNotice', { roomId }),
  follow: (hostId: number, follow: boolean) => post('live/userFollow', { hostId, follow }),
  isFollow: (hostId: number) => get('live/isFollow', { hostId }),
  /** 我的关注 › 主播. */
  followed: (pageNum: number, pageSize = 10) => get('live/follow/list', { pageNum, pageSize }),
  over: (roomId: number) => get('live/liveOver', { roomId }),
};

export const LIVE_PAGE_SIZE = 10;

/** Query keys of the viewer pages; `who` is the signed-in user's id (answers differ per user). */
export const liveKeys = {
  overs: ['live', 'over'] as const,
  rooms: (roomId: number) => ['live', 'room', roomId] as const,
  rankings: (roomId: number) => ['live', 'ranking', roomId] as const,
  all: ['live'] as const,
  index: ['live', 'index'] as const,
  sorts: ['live', 'sorts'] as const,
  list: (sortId: number, state: LiveListState | undefined) =>
    ['live', 'list', sortId, state ?? 'all'] as const,
  search: (keyword: string) => ['live', 'search', keyword] as const,
  room: (roomId: number, who: number | null) => ['live', 'room', roomId, who] as const,
  shelf: (roomId: number) => ['live', 'shelf', roomId] as const,
  gifts: ['live', 'gifts'] as const,
  ranking: (roomId: number, period: LiveRankPeriod) => ['live', 'ranking', roomId, period] as const,
  notices: ['live', 'notices'] as const,
  reservations: ['live', 'reservations'] as const,
  isNotice: (roomId: number, who: number | null) => ['live', 'isNotice', roomId, who] as const,
  followedHosts: ['live', 'followedHosts'] as const,
  over: (roomId: number, who: number | null) => ['live', 'over', roomId, who] as const,
  replay: (roomId: number) => ['live', 'replay', roomId] as const,
};

export const liveSortsQuery = () =>
  queryOptions({ queryKey: liveKeys.sorts, queryFn: liveApi.sorts, staleTime: 300_000 });

export const liveNoticesQuery = () =>
  infiniteQueryOptions({
    queryKey: liveKeys.notices,
    queryFn: ({ pageParam }) => liveApi.notices(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/** 我的提醒's live part. */
export const liveReservationsQuery = () =>
  infiniteQueryOptions({
    queryKey: liveKeys.reservations,
    queryFn: ({ pageParam }) => liveApi.reservations(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const liveIsNoticeQuery = (roomId: number, who: number | null) =>
  queryOptions({
    queryKey: liveKeys.isNotice(roomId, who),
    queryFn: () => liveApi.isNotice(roomId),
    enabled: who !== null,
    staleTime: 60_000,
  });

export const followedHostsQuery = () =>
  infiniteQueryOptions({
    queryKey: liveKeys.followedHosts,
    queryFn: ({ pageParam }) => liveApi.followed(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
