import type { PageOf } from '@chaopin/contracts';
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastError } from '../platform/api';

export interface PagedList<T> {
  items: T[];
  loading: boolean;
  done: boolean;
  /** The line under the list: 加载中… / 没有更多了 / 暂无… */
  footer: string;
  refresh(): Promise<void>;
}

/**
 * A paged list for a page: page 1 on show and on pull-down-refresh, the next page when the page
 * reaches its bottom (the distance is the page config's onReachBottomDistance).
 */
export function usePagedList<T>(
  load: (pageNum: number) => Promise<PageOf<T>>,
  empty: string,
  /** The list's identity (a category, a sort): a new key reloads page 1. */
  key: string | number = '',
): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const next = useRef(1);
  const busy = useRef(false);
  // The latest `load` (a new closure each render); `key` says when the list itself changes.
  const loadRef = useRef(load);
  loadRef.current = load;

  const fetchPage = useCallback(async (reset: boolean) => {
    if (busy.current || (!reset && next.current === 0)) return;
    busy.current = true;
    setLoading(true);
    try {
      const page = await loadRef.current(reset ? 1 : next.current);
      setItems((old) => (reset ? page.list : [...old, ...page.list]));
      const more = page.pageNum * page.pageSize < page.total;
      next.current = more ? page.pageNum + 1 : 0;
      setDone(!more);
    } catch (error) {
      toastError(error);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what reloads the list
  useEffect(() => {
    next.current = 1;
    void fetchPage(true);
  }, [fetchPage, key]);

  usePullDownRefresh(() => {
    void fetchPage(true).finally(() => Taro.stopPullDownRefresh());
  });
  useReachBottom(() => {
    void fetchPage(false);
  });

  const footer = loading ? '加载中…' : done ? (items.length ? '没有更多了' : empty) : '';
  return { items, loading, done, footer, refresh: () => fetchPage(true) };
}
