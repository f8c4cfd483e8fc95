import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState.tsx';

/** What ListStates reads of a (useQuery or useInfiniteQuery) result. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface Props {
  query: ListQuery;
  /** Nothing to list; the caller counts (rows, days…). */
  isEmpty: boolean;
  /** Stands in for an empty list: an EmptyState with its icon, words and a way onwards. */
  empty: ReactNode;
  /** The failed state's icon, where the page shows one. */
  errorIcon?: ReactNode;
  /** Stands in for the spinner until the first page (a skeleton, a whole-page loader). */
  loading?: ReactNode;
  /**
   * The list itself; a function when it reads data that exists only once the list is not empty.
   * Left out where the page renders its list itself once the data is there.
   */
  children?: ReactNode | (() => ReactNode);
}

/**
 * The states a list page goes through: a spinner until the first page, 加载失败 (tap to retry)
 * when it failed with nothing to show, `empty` when there is nothing, else the list. A later
 * page's failure keeps the rows (the InfiniteFooter offers the retry).
 */
export function ListStates({ query, isEmpty, empty, errorIcon, loading, children }: Props) {
  if (query.isPending) {
    if (loading !== undefined) return loading;
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (isEmpty && query.isError) {
    return (
      <EmptyState
        icon={errorIcon}
        title="加载失败"
        description="点击重试"
        onClick={() => query.refetch()}
      />
    );
  }
  if (isEmpty) return empty;
  return typeof children === 'function' ? children() : children;
}
