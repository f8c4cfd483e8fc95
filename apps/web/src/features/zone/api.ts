import type { ZonePageQuery } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';

export const ZONE_PAGE_SIZE = 10;

/** Zones (专区) and the new-user full refund. */
export const zoneApi = {
  list: () => get('zone/list'),
  page: (q: ZonePageQuery) => get('zone/page', q),
  categories: (key: string) => get('zone/categories', { key }),
  /** Works logged out too (loggedIn:false, state eligible). */
  newUserRefund: () => get('zone/newUserRefund'),
};

export const zoneKeys = {
  all: ['zone'] as const,
  page: (key: string, categoryId?: number) => ['zone', 'page', key, categoryId ?? 0] as const,
  categories: (key: string) => ['zone', 'categories', key] as const,
  newUserRefund: (userId: number | null) => ['zone', 'newUserRefund', userId] as const,
};

export const zonePageQuery = (key: string, categoryId?: number) =>
  infiniteQueryOptions({
    queryKey: zoneKeys.page(key, categoryId),
    queryFn: ({ pageParam }) =>
      zoneApi.page({ key, categoryId, pageNum: pageParam, pageSize: ZONE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 30_000,
  });

export const zoneCategoriesQuery = (key: string) =>
  queryOptions({
    queryKey: zoneKeys.categories(key),
    queryFn: () => zoneApi.categories(key),
    staleTime: 60_000,
  });

// The state moves with orders placed and received elsewhere: asked again on every visit.
export const newUserRefundQuery = (userId: number | null) =>
  queryOptions({
    queryKey: zoneKeys.newUserRefund(userId),
    queryFn: zoneApi.newUserRefund,
    staleTime: 0,
  });
