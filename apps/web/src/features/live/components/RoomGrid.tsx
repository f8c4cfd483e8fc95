import type { LiveRoomCard, PageOf } from '@chaopin/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { DotLoading, ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { RoomCard } from './RoomCard.tsx';

type Query = UseInfiniteQueryResult<InfiniteData<PageOf<LiveRoomCard>>>;

/** Two columns of room cards with infinite scroll and honest empty / error states. */
export function RoomGrid({
  query,
  empty,
  threshold,
}: {
  query: Query;
  empty: ReactNode;
  threshold?: number;
}) {
  const rooms = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (query.isPending) {
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (rooms.length === 0) {
    if (query.isError) {
      return (
        <ErrorBlock status="default" title="加载失败" description="下拉或点击重试">
          <button type="button" className="lr-retry" onClick={() => void query.refetch()}>
            重新加载
          </button>
        </ErrorBlock>
      );
    }
    return <>{empty}</>;
  }
  return (
    <>
      <div className="lr-grid" data-testid="live-list">
        {rooms.map((room) => (
          <RoomCard key={room.id} room={room} />
        ))}
      </div>
      <InfiniteFooter
        hasMore={Boolean(query.hasNextPage)}
        loadMore={() => nextPageOrThrow(query.fetchNextPage)}
        threshold={threshold}
      />
    </>
  );
}
