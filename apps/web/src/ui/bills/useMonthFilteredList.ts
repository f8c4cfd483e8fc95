import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { type URLSearchParamsInit, useSearchParams } from 'react-router';

/**
 * A paged list filtered by a month and whatever else, the filter kept in the address (so the
 * back button and a shared link keep it). Used by 明细, 积分明细 and 收益明细.
 */
export function useMonthFilteredList<
  TFilter extends { month: string },
  TPage extends { list: readonly unknown[] },
  TKey extends QueryKey,
>(
  fromParams: (params: URLSearchParams) => TFilter,
  toParams: (filter: TFilter) => URLSearchParamsInit,
  options: (
    filter: TFilter,
  ) => UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage, unknown>, TKey, number>,
) {
  const [params, setParams] = useSearchParams();
  const filter = fromParams(params);
  const change = (patch: Partial<TFilter>) =>
    setParams(toParams({ ...filter, ...patch }), { replace: true });

  const query = useInfiniteQuery(options(filter));
  const rows = (query.data?.pages.flatMap((p) => p.list) ?? []) as TPage['list'][number][];
  // The totals cover every filtered row, so any page's are the same: the first is there first.
  const first = query.data?.pages[0];
  return { filter, change, query, rows, first };
}
