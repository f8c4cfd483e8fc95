import type { ProductSort } from '@chaopin/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';
import { GOODS_PAGE_SIZE, nextPage } from '../../core/queries.ts';

// The product feed's query lives beside ProductFeed (the home page, a category, 推广中心 show it);
// the typed client directly, so ui/ imports no feature. home/api.ts re-exports it under homeKeys.
// goodsApi too: the live host's product picker lists goods as the home page does.

export const goodsListKey = (categoryId: number | undefined, sort: ProductSort) =>
  ['goods', 'list', { categoryId: categoryId ?? null, sort }] as const;

export const goodsQuery = (categoryId: number | undefined, sort: ProductSort = 'default') =>
  infiniteQueryOptions({
    queryKey: goodsListKey(categoryId, sort),
    queryFn: ({ pageParam }) =>
      get('goods/list', { pageNum: pageParam, pageSize: GOODS_PAGE_SIZE, categoryId, sort }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export interface ProductListParams {
  pageNum: number;
  pageSize?: number;
  categoryId?: number;
  sort?: ProductSort;
}

export const goodsApi = {
  list: ({ pageNum, pageSize = 10, categoryId, sort = 'default' }: ProductListParams) =>
    get('goods/list', { pageNum, pageSize, categoryId, sort }),
};
