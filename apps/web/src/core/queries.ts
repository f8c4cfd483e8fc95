import type { ProductSort } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { accountApi } from './api/account.ts';
import { goodsApi, homeApi } from './api/home.ts';
import { userApi } from './api/user.ts';

/** Query keys in one place so invalidation after a mutation names exactly what it changes. */
export const queryKeys = {
  banners: ['home', 'banner'] as const,
  menu: ['home', 'menu'] as const,
  categories: ['home', 'classification'] as const,
  goods: (categoryId: number | undefined, sort: ProductSort) =>
    ['goods', 'list', { categoryId: categoryId ?? null, sort }] as const,
  realName: ['user', 'realName'] as const,
  payPassword: ['account', 'isPayPassword'] as const,
};

const FIVE_MINUTES = 5 * 60_000;
export const GOODS_PAGE_SIZE = 10;

export const bannersQuery = () =>
  queryOptions({ queryKey: queryKeys.banners, queryFn: homeApi.banners, staleTime: FIVE_MINUTES });

export const menuQuery = () =>
  queryOptions({ queryKey: queryKeys.menu, queryFn: homeApi.menu, staleTime: FIVE_MINUTES });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: homeApi.classification,
    staleTime: FIVE_MINUTES,
  });

export const goodsQuery = (categoryId: number | undefined, sort: ProductSort = 'default') =>
  infiniteQueryOptions({
    queryKey: queryKeys.goods(categoryId, sort),
    queryFn: ({ pageParam }) =>
      goodsApi.list({ pageNum: pageParam, pageSize: GOODS_PAGE_SIZE, categoryId, sort }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });

export const realNameQuery = () =>
  queryOptions({ queryKey: queryKeys.realName, queryFn: userApi.realName });

export const payPasswordQuery = () =>
  queryOptions({ queryKey: queryKeys.payPassword, queryFn: accountApi.isPayPassword });
