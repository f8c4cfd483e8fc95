import type { LiveRoomCard, PageOf } from '@chaopin/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { Link } from 'react-router';
import { Img } from '../Img.tsx';
import { roomPath, useNoticeToggle } from './hooks.ts';
import { liveReservationsQuery } from './liveApi.ts';
import { formatReserveTime } from './reserveTime.ts';
import './reservations.css';

export type LiveReservationsQuery = UseInfiniteQueryResult<InfiniteData<PageOf<LiveRoomCard>>>;

/** The live 预约s of 我的提醒 (the page also lists its flash-sale reminders). */
export function useLiveReservations(): LiveReservationsQuery {
  return useInfiniteQuery(liveReservationsQuery());
}

/** 直播预约: each reserved room with its title, host and start (China time), and 取消提醒. */
export function LiveReservations({ query }: { query: LiveReservationsQuery }) {
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];
  const { toggle, pending } = useNoticeToggle();
  if (rows.length === 0) return null;
  const cancel = async (room: LiveRoomCard) => {
    const ok = await Dialog.confirm({
      content: '确定取消该直播的开播提醒吗？',
      confirmText: '取消提醒',
      cancelText: '再想想',
    });
    if (ok) toggle(room.id, false);
  };
  return (
    <section className="lv-res" data-testid="live-reservations">
      <h3 className="lv-res__title">直播预约</h3>
      {rows.map((room) => (
        <article key={room.id} className="lv-res__row card" data-testid="live-reservation">
          <Link className="lv-res__link" to={roomPath(room)}>
            <Img className="lv-res__cover" src={room.cover} alt={room.title} />
            <span className="lv-res__body">
              <span className="lv-res__name text-clamp-2">{room.title}</span>
              <span className="lv-res__host">主播 {room.host.nickname}</span>
              <span className="lv-res__when" data-testid="live-reservation-time">
                {room.state === 'live' ? (
                  <em className="lv-res__live">直播中</em>
                ) : (
                  `${formatReserveTime(room.noticeAt)} 开播`
                )}
              </span>
            </span>
          </Link>
          <button
            type="button"
            className="lv-res__cancel"
            disabled={pending}
            onClick={() => void cancel(room)}
          >
            取消提醒
          </button>
        </article>
      ))}
      {query.hasNextPage && (
        <button
          type="button"
          className="lv-res__more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          查看更多直播预约
        </button>
      )}
    </section>
  );
}
