import { useInfiniteQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { Link } from 'react-router';
import { formatCount, formatDateTime, formatPrice } from '../../../core/format.ts';
import { Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { historyQuery } from '../api.ts';
import { formatDuration } from '../shelf.ts';

/** 直播记录: every ended session with its figures; a tap opens that session's liveOver page. */
export function HistoryList() {
  const query = useInfiniteQuery(historyQuery());
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <section className="card lh-card lh-history" data-testid="live-history">
      <h3 className="lh-card__title">
        直播记录
        {query.data && (
          <span className="lh-card__aside">共{query.data.pages[0]?.total ?? 0}场</span>
        )}
      </h3>
      {query.isPending ? (
        <DotLoading color="primary" />
      ) : rows.length === 0 ? (
        <p className="lh-muted">还没有直播记录，开启你的第一场直播吧</p>
      ) : (
        <>
          {rows.map(({ room, stats }) => (
            <Link
              key={room.id}
              to={`${PATHS.liveOver}?id=${room.id}`}
              className="lh-history__row"
              data-testid="history-row"
            >
              <Img className="lh-history__cover" src={room.cover} alt={room.title} />
              <span className="lh-history__body">
                <span className="lh-history__title">
                  {room.title}
                  <em className={`lh-tag lh-tag--${room.state}`}>{room.stateLabel}</em>
                </span>
                <span className="lh-history__time">
                  {room.startedAt ? formatDateTime(room.startedAt) : '未开播'} · 时长
                  {formatDuration(stats.durationMs)}
                </span>
                <span className="lh-history__figures">
                  <span>
                    观看<b>{formatCount(stats.viewers)}</b>
                  </span>
                  <span>
                    点赞<b>{formatCount(stats.likes)}</b>
                  </span>
                  <span>
                    订单<b>{formatCount(stats.orders)}</b>
                  </span>
                  <span className="lh-history__gmv">
                    GMV<b>{formatPrice(stats.gmv)}</b>
                  </span>
                </span>
              </span>
            </Link>
          ))}
          <InfiniteFooter
            hasMore={query.hasNextPage}
            loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          />
        </>
      )}
    </section>
  );
}
