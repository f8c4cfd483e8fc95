import type { ProductSort } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { FIVE_MINUTES, GOODS_PAGE_SIZE, nextPage } from '../../core/queries.ts';
import { searchApi } from '../../ui/search/searchApi.ts';

export { searchApi } from '../../ui/search/searchApi.ts';

export const searchKeys = {
  searchHistory: ['search', 'history'] as const,
  searchHot: ['search', 'hot'] as const,
  suggest: (keyword: string) => ['search', 'suggest', keyword] as const,
  search: (keyword: string, sort: ProductSort) => ['search', 'goods', keyword, sort] as const,
};

export const searchHistoryQuery = () =>
  queryOptions({ queryKey: searchKeys.searchHistory, queryFn: searchApi.history });

export const searchHotQuery = () =>
  queryOptions({ queryKey: searchKeys.searchHot, queryFn: searchApi.hot, staleTime: FIVE_MINUTES });

export const suggestQuery = (keyword: string) =>
  queryOptions({
    queryKey: searchKeys.suggest(keyword),
    queryFn: () => searchApi.suggest(keyword),
    staleTime: FIVE_MINUTES,
  });

export const searchQuery = (keyword: string, sort: ProductSort) =>
  infiniteQueryOptions({
    queryKey: searchKeys.search(keyword, sort),
    queryFn: ({ pageParam }) =>
      searchApi.goods({ keyword, sort, pageNum: pageParam, pageSize: GOODS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
