import { InfiniteScroll } from 'antd-mobile';
import { LoadingDots } from './Skeleton.tsx';

interface Props {
  hasMore: boolean;
  loadMore: () => Promise<unknown>;
  threshold?: number;
}

/** InfiniteScroll with the SPEC footer states: loading, load failed (tap to retry), no more. */
export function InfiniteFooter({ hasMore, loadMore, threshold = 250 }: Props) {
  return (
    <InfiniteScroll
      loadMore={async () => {
        await loadMore();
      }}
      hasMore={hasMore}
      threshold={threshold}
    >
      {(more, failed, retry) => (
        <div className="feed-footer">
          {failed ? (
            <button type="button" className="feed-footer__retry" onClick={retry}>
              加载失败，点击重试
            </button>
          ) : more ? (
            <>
              <span>加载中</span>
              <LoadingDots />
            </>
          ) : (
            <span>— 没有更多了 —</span>
          )}
        </div>
      )}
    </InfiniteScroll>
  );
}

/** fetchNextPage resolves even when it fails; InfiniteScroll needs a rejection to show retry. */
export async function nextPageOrThrow(
  fetchNextPage: () => Promise<{ isError: boolean; error: unknown }>,
): Promise<void> {
  const result = await fetchNextPage();
  if (result.isError) throw result.error;
}
