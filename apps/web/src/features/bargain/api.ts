import type {
  BargainClaimBody,
  BargainEditionId,
  BargainPostBody,
  BargainStatus,
} from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post, postJson } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';
import { withClock } from '../../ui/countdown/clock.ts';

interface Paging {
  pageNum: number;
  pageSize?: number;
}

/** The zero-yuan bargain (砍价免费拿): items, bargains, helps, the free-order claim and 晒单. */
export const bargainApi = {
  editions: () => get('bargain/editions'),
  /** An edition's items with my latest bargain on each, and my running ones. */
  items: (edition: BargainEditionId) => get('bargain/items', { edition }),
  item: (id: number) => get('bargain/item', { id }),
  posts: (itemId: number, { pageNum, pageSize = 10 }: Paging) =>
    get('bargain/posts', { itemId, pageNum, pageSize }),
  /** Starts a bargain; the starter's first cut (砍一刀) is in the answer's helpers. */
  start: (itemId: number) => post('bargain/start', { itemId }),
  detail: (id: number) => get('bargain/detail', { id }),
  poster: (id: number) => get('bargain/poster', { id }),
  /** One cut by a friend; `ticket`: the solved captcha of action `bargain:<bargainId>`. */
  help: (bargainId: number, ticket: string) => post('bargain/help', { bargainId }, { ticket }),
  mine: (
    edition: BargainEditionId,
    status: BargainStatus | 'all',
    { pageNum, pageSize = 10 }: Paging,
  ) => get('bargain/mine', { edition, status, pageNum, pageSize }),
  myHelps: (edition: BargainEditionId, { pageNum, pageSize = 10 }: Paging) =>
    get('bargain/myHelps', { edition, pageNum, pageSize }),
  thanks: (
    edition: BargainEditionId,
    bargainId: number | null,
    { pageNum, pageSize = 20 }: Paging,
  ) =>
    get('bargain/thanks', {
      edition,
      ...(bargainId ? { bargainId } : {}),
      pageNum,
      pageSize,
    }),
  /** 立即领取: an order at the target price, or a claim held for review (order null). */
  claim: (body: BargainClaimBody) => post('bargain/claim', { ...body }),
  claimDetail: (id: number) => get('bargain/claim', { id }),
  /** 晒单: the photos are an array, so the body is JSON. */
  post: (body: BargainPostBody) => postJson('bargain/post', body),
};

/** The captcha action a help's ticket must be for. */
export const helpAction = (bargainId: number) => `bargain:${bargainId}`;

/** Everything under ['bargain']: one invalidation after a cut or a claim refreshes every page. */
export const bargainKeys = {
  poster: (bargainId: number) => ['bargain', 'poster', bargainId] as const,
  all: ['bargain'] as const,
  editions: ['bargain', 'editions'] as const,
  items: (edition: BargainEditionId) => ['bargain', 'items', edition] as const,
  item: (id: number) => ['bargain', 'item', id] as const,
  posts: (itemId: number) => ['bargain', 'posts', itemId] as const,
  detail: (id: number) => ['bargain', 'detail', id] as const,
  mine: (edition: BargainEditionId, status: BargainStatus | 'all') =>
    ['bargain', 'mine', edition, status] as const,
  myHelps: (edition: BargainEditionId) => ['bargain', 'myHelps', edition] as const,
  thanks: (edition: BargainEditionId, bargainId: number | null) =>
    ['bargain', 'thanks', edition, bargainId] as const,
  claim: (id: number) => ['bargain', 'claim', id] as const,
};

export const editionsQuery = () =>
  queryOptions({
    queryKey: bargainKeys.editions,
    queryFn: bargainApi.editions,
    staleTime: 5 * 60_000,
  });

// Answers that carry the server's `now` keep its offset: countdowns run on the server's clock.
export const itemsQuery = (edition: BargainEditionId) =>
  queryOptions({
    queryKey: bargainKeys.items(edition),
    queryFn: async () => withClock(await bargainApi.items(edition)),
    staleTime: 0,
  });

export const itemQuery = (id: number) =>
  queryOptions({
    queryKey: bargainKeys.item(id),
    queryFn: async () => withClock(await bargainApi.item(id)),
    staleTime: 0,
  });

export const detailQuery = (id: number) =>
  queryOptions({
    queryKey: bargainKeys.detail(id),
    queryFn: async () => withClock(await bargainApi.detail(id)),
    staleTime: 0,
  });

export const claimQuery = (id: number) =>
  queryOptions({
    queryKey: bargainKeys.claim(id),
    queryFn: () => bargainApi.claimDetail(id),
    staleTime: 0,
  });

export const postsQuery = (itemId: number) =>
  infiniteQueryOptions({
    queryKey: bargainKeys.posts(itemId),
    queryFn: ({ pageParam }) => bargainApi.posts(itemId, { pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const mineQuery = (edition: BargainEditionId, status: BargainStatus | 'all') =>
  infiniteQueryOptions({
    queryKey: bargainKeys.mine(edition, status),
    queryFn: ({ pageParam }) => bargainApi.mine(edition, status, { pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const myHelpsQuery = (edition: BargainEditionId) =>
  infiniteQueryOptions({
    queryKey: bargainKeys.myHelps(edition),
    queryFn: ({ pageParam }) => bargainApi.myHelps(edition, { pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export const thanksQuery = (edition: BargainEditionId, bargainId: number | null) =>
  infiniteQueryOptions({
    queryKey: bargainKeys.thanks(edition, bargainId),
    queryFn: ({ pageParam }) => bargainApi.thanks(edition, bargainId, { pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export function refreshBargain(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: bargainKeys.all });
}
