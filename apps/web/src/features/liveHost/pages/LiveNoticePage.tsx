import type { LiveRoomCard } from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { CalendarOutline } from 'antd-mobile-icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { loginPath, PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { liveViewerApi } from '../api.ts';
import { livePlayPath } from '../paths.ts';
import { isNoticeQuery, liveHostKeys, noticesQuery } from '../queries.ts';
import { noticeText } from '../shelf.ts';
import '../liveHost.css';

const { reachBottomDistance } = pageConfigFor(PATHS.liveNotice);

/** liveNotice: upcoming broadcasts (预告), each with 预约 / 已预约. */
export default function LiveNoticePage() {
  const query = useInfiniteQuery(noticesQuery());
  const rows = query.data?.pages.flatMap((p) => p.list) ?? [];

  if (query.isPending) {
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (rows.length === 0) {
    return query.isError ? (
      <EmptyState title="加载失败" description="点击重试" onClick={() => query.refetch()} />
    ) : (
      <EmptyState
        icon={<CalendarOutline />}
        title="暂无直播预告"
        description="主播们正在筹备中，晚点再来看看吧"
      />
    );
  }
  return (
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
  );
}

function NoticeCard({ room }: { room: LiveRoomCard }) {
  const signedIn = useSession((s) => s.status === 'in');
  const signedOut = useSession((s) => s.status === 'out');
  const who = useSession((s) => s.user?.id ?? null);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const subscribed = useQuery({ ...isNoticeQuery(room.id, who), enabled: signedIn });
  const on = subscribed.data === true;
  const due = !room.noticeAt || new Date(room.noticeAt).getTime() <= Date.now();
  const toggle = useMutation({
    mutationFn: (next: boolean) =>
      next ? liveViewerApi.subscribe(room.id) : liveViewerApi.unsubscribe(room.id),
    meta: { toast: false },
    onSuccess: (_d, next) => {
      queryClient.setQueryData(liveHostKeys.isNotice(room.id, who), next);
      showToast(next ? '预约成功，开播前提醒您' : '已取消预约');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });
  const onToggle = () => {
    if (signedOut) {
      showToast('请先登录');
      navigate(loginPath(location.pathname + location.search));
      return;
    }
    if (!toggle.isPending && !subscribed.isPending) toggle.mutate(!on);
  };
  return (
    <article className="lh-notice card" data-testid="notice-card">
      <Link to={livePlayPath(room.id)} className="lh-notice__cover-wrap">
        <Img className="lh-notice__cover" src={room.cover} alt={room.title} />
        <span className="lh-notice__time">预告</span>
      </Link>
      <div className="lh-notice__body">
        <Link to={livePlayPath(room.id)} className="lh-notice__title text-clamp-2">
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
            onClick={onToggle}
          >
            {on ? '已预约' : '预约'}
          </button>
        </div>
      </div>
    </article>
  );
}
