import type { LiveRoomCard } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { useLoginGate, useViewerId } from '../../../ui/live/hooks.ts';
import {
  liveApi,
  liveIsNoticeQuery,
  liveKeys,
  liveNoticesQuery,
} from '../../../ui/live/liveApi.ts';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { noticeText } from '../shelf.ts';
import '../../../ui/live/liveHost.css';

const { reachBottomDistance } = pageConfigFor(PATHS.liveNotice);

/** liveNotice: upcoming broadcasts (预告), each with 预约 / 已预约. */
export default function LiveNoticePage() {
  const query = useInfiniteQuery(liveNoticesQuery());
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <ListStates
      query={query}
      isEmpty={rows.length === 0}
      empty={
        <EmptyState
          icon={<CalendarOutline />}
          title="暂无直播预告"
          description="主播们正在筹备中，晚点再来看看吧"
        />
      }
    >
      <div className="lh-notices">
        {rows.map((room) => (
          <NoticeCard key={room.id} room={room} />
        ))}
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </div>
    </ListStates>
  );
}

function NoticeCard({ room }: { room: LiveRoomCard }) {
  const who = useViewerId();
  const gate = useLoginGate();
  const queryClient = useQueryClient();
  // A failed check leaves the button at 预约 (and the tap waits for it): no toast for it here.
  const subscribed = useQuery({ ...liveIsNoticeQuery(room.id, who), meta: { toast: false } });
  const on = subscribed.data === true;
  const due = !room.noticeAt || new Date(room.noticeAt).getTime() <= Date.now();
  const toggle = useMutation({
    mutationFn: (next: boolean) => liveApi.notice(room.id, next),
    meta: { toast: false },
    onSuccess: (_d, next) => {
      queryClient.setQueryData(liveKeys.isNotice(room.id, who), next);
      showToast(next ? '预约成功，开播前提醒您' : '已取消预约');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });
  const onToggle = async () => {
    if (!gate() || toggle.isPending) return;
    // A tap before the check has answered waits for it (sharing the request in flight), so the
    // tap is never lost and never toggles the wrong way.
    const current = subscribed.isPending
      ? await queryClient
          .ensureQueryData(liveIsNoticeQuery(room.id, who))
          .then((v) => v === true)
          .catch(() => false)
      : on;
    toggle.mutate(!current);
  };
  const playPath = `${PATHS.livePlay}?id=${room.id}`;
  return (
    <article className="lh-notice card" data-testid="notice-card">
      <Link to={playPath} className="lh-notice__cover-wrap">
        <Img className="lh-notice__cover" src={room.cover} alt={room.title} />
        <span className="lh-notice__time">预告</span>
      </Link>
      <div className="lh-notice__body">
        <Link to={playPath} className="lh-notice__title text-clamp-2">
          {room.title}
        </Link>
        <div className="lh-notice__host">
          <Img
            className="lh-notice__avatar"
            src={room.host.avatar}
            fallback={DEFAULT_AVATAR}
            alt=""
          />
          <span className="lh-notice__nick">{room.host.nickname}</span>
        </div>
        <div className="lh-notice__when">
          <CalendarOutline />
          {due ? '主播即将开播' : `${noticeText(room.noticeAt)} 开播`}
        </div>
        <div className="lh-notice__foot">
          <span className="lh-muted">{formatCount(room.host.followers)}粉丝</span>
          <button
            type="button"
            className={`lh-notice__btn${on ? ' is-on' : ''}`}
            data-testid="notice-toggle"
            disabled={toggle.isPending}
            onClick={() => void onToggle()}
          >
            {on ? '已预约' : '预约'}
          </button>
        </div>
      </div>
    </article>
  );
}
