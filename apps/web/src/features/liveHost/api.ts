import type { LiveHostApplyBody, LiveShelfStatus, LiveUpInfoBody } from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post, postJson } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';

interface Paging {
  pageNum: number;
  pageSize?: number;
}

/** The host's side of live selling: 入驻, the live centre, the shelf, the push address. */
export const liveHostApi = {
  status: () => get('live/host/status'),
  apply: (body: LiveHostApplyBody) => post('live/host/apply', { ...body }),
  centre: () => get('live/centre'),
  /** Create a room (no roomId) or edit one; a noticeAt makes it a 预告, null clears it. */
  upInfo: (body: LiveUpInfoBody) => postJson('live/upInfo', body),
  shelf: (roomId: number) => get('live/host/shelf', { roomId }),
  /** The whole shelf in order. */
  upShop: (roomId: number, items: { productId: number; status: LiveShelfStatus }[]) =>
    postJson('live/upShop', { roomId, items }),
  shelfStatus: (roomId: number, productId: number, status: LiveShelfStatus) =>
    post('live/shelf/status', { roomId, productId, status }),
  /** 讲解中: one product, or null for none. */
  pin: (roomId: number, productId: number | null) => postJson('live/pin', { roomId, productId }),
  push: (roomId: number) => get('live/livePlay', { roomId }),
  end: (roomId: number) => post('live/end', { roomId }),
  history: ({ pageNum, pageSize = 10 }: Paging) => get('live/history', { pageNum, pageSize }),
  stats: (roomId: number) => get('live/stats', { roomId }),
};

/**
 * Every host query sits under 'liveHost'. The viewer calls these pages use (sorts, 预告s and
 * their 预约, followed hosts) are features/live's: liveApi, liveKeys and its queries.
 */
export const liveHostKeys = {
  picker: (keyword: string) => ['liveHost', 'picker', keyword] as const,
  all: ['liveHost'] as const,
  status: ['liveHost', 'status'] as const,
  centre: ['liveHost', 'centre'] as const,
  shelf: (roomId: number) => ['liveHost', 'shelf', roomId] as const,
  push: (roomId: number) => ['liveHost', 'push', roomId] as const,
  stats: (roomId: number) => ['liveHost', 'stats', roomId] as const,
  history: ['liveHost', 'history'] as const,
};

export const hostStatusQuery = () =>
  queryOptions({ queryKey: liveHostKeys.status, queryFn: liveHostApi.status, staleTime: 0 });

export const centreQuery = () =>
  queryOptions({ queryKey: liveHostKeys.centre, queryFn: liveHostApi.centre, staleTime: 0 });

export const shelfQuery = (roomId: number) =>
  queryOptions({
    queryKey: liveHostKeys.shelf(roomId),
    queryFn: () => liveHostApi.shelf(roomId),
    staleTime: 0,
  });

export const pushQuery = (roomId: number) =>
  queryOptions({
    queryKey: liveHostKeys.push(roomId),
    queryFn: () => liveHostApi.push(roomId),
    // The signed address lasts LIVE_PUSH_TTL_MINUTES; ask again well before that.
    staleTime: 30 * 60_000,
    // The card says why (e.g. push not enabled on this server) instead of a toast.
    meta: { toast: false },
  });

/** While live: the figures every 5 s. */
export const STATS_POLL_MS = 5_000;
export const statsQuery = (roomId: number) =>
  queryOptions({
    queryKey: liveHostKeys.stats(roomId),
    queryFn: () => liveHostApi.stats(roomId),
    refetchInterval: STATS_POLL_MS,
    staleTime: 0,
    meta: { toast: false },
  });

export const historyQuery = () =>
  infiniteQueryOptions({
    queryKey: liveHostKeys.history,
    queryFn: ({ pageParam }) => liveHostApi.history({ pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/** After the room, its shelf or the host's state changed. */
export function refreshHost(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: liveHostKeys.all });
}
