import type { LiveOverData } from '@chaopin/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount, formatPrice } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { useViewerId } from '../../../ui/live/hooks.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { liveIndexQuery, liveKeys, liveOverQuery } from '../api.ts';
import { RecommendCard } from '../components/RoomCard.tsx';
import { formatDuration } from '../lib/time.ts';
import { useFollowToggle } from '../useFollowToggle.ts';
import '../live.css';
import '../over.css';

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="lo-stat" data-testid={testId}>
      <b>{value}</b>
      <span>{label}</span>
    </div>
  );
}

/** rootPages/liveOver/liveOver?id=: the end of a broadcast, for its viewers and for its host. */
export default function LiveOverPage() {
  const [params] = useSearchParams();
  const roomId = Number(params.get('id'));
  const valid = Number.isInteger(roomId) && roomId > 0;
  const who = useViewerId();
  const checking = useSession((s) => s.status === 'checking');
  const query = useQuery({
    ...liveOverQuery(roomId, who),
    enabled: valid && !checking,
    meta: { toast: false },
  });
  const goBack = useGoBack();

  if (!valid || query.isError) {
    return (
      <div className="lo lo--blank">
        <ErrorBlock
          status="empty"
          title={isApiError(query.error) ? query.error.msg : '直播间不存在'}
        >
          <Button color="primary" shape="rounded" onClick={() => goBack(PATHS.live)}>
            返回
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="lo lo--blank">
        <DotLoading color="white" />
      </div>
    );
  }
  return <Summary data={query.data} who={who} />;
}

function Summary({ data, who }: { data: LiveOverData; who: number | null }) {
  const { room, stats } = data;
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const follow = useFollowToggle((on) =>
    queryClient.setQueryData<LiveOverData>(liveKeys.over(room.id, who), (old) =>
      old ? { ...old, isFollow: on } : old,
    ),
  );
  const more = useQuery({ ...liveIndexQuery(), enabled: !data.isHost });
  const others = (more.data?.recommend ?? []).filter((r) => r.id !== room.id).slice(0, 6);
  const live = room.state === 'live' || room.state === 'notice';

  return (
    <div className="lo" data-testid="live-over">
      <Img className="lo__backdrop" src={room.cover} alt="" loading="eager" />
      <button
        type="button"
        className="lo__close"
        aria-label="关闭"
        onClick={() => goBack(PATHS.live)}
      >
        <CloseOutline />
      </button>
      <div className="lo__body">
        <h1 className="lo__title">
          {room.state === 'banned' ? '直播间已被封禁' : live ? room.stateLabel : '直播已结束'}
        </h1>
        <p className="lo__sub">{room.title}</p>
        <div className="lo-host">
          <Img
            className="lo-host__avatar"
            src={room.host.avatar}
            fallback={DEFAULT_AVATAR}
            alt=""
          />
          <div className="lo-host__nick">{room.host.nickname}</div>
          <div className="lo-host__fans">{formatCount(room.host.followers)} 粉丝</div>
          {!data.isHost && (
            <Button
              className={data.isFollow ? 'lo-follow is-on' : 'lo-follow'}
              shape="rounded"
              size="small"
              data-testid="over-follow"
              loading={follow.pending}
              onClick={() => follow.toggle(room.host.id, !data.isFollow)}
            >
              {data.isFollow ? '已关注' : '+ 关注'}
            </Button>
          )}
        </div>

        {data.isHost ? (
          <div className="lo-grid lo-grid--host" data-testid="over-host-stats">
            <Stat label="直播时长" value={formatDuration(stats.durationMs)} />
            <Stat label="观看人数" value={formatCount(stats.viewers)} testId="over-viewers" />
            <Stat label="最高在线" value={formatCount(stats.peakOnline)} />
            <Stat label="点赞" value={formatCount(stats.likes)} testId="over-likes" />
            <Stat label="新增粉丝" value={formatCount(stats.newFollowers)} />
            <Stat label="成交订单" value={formatCount(stats.orders)} testId="over-orders" />
            <Stat label="成交金额" value={formatPrice(stats.gmv)} testId="over-gmv" />
            <Stat label="收到礼物" value={`${stats.gifts}个`} />
            <Stat label="礼物价值" value={formatPrice(stats.giftAmount)} />
          </div>
        ) : (
          <div className="lo-grid" data-testid="over-stats">
            <Stat label="直播时长" value={formatDuration(stats.durationMs)} />
            <Stat label="观看人数" value={formatCount(stats.viewers)} testId="over-viewers" />
            <Stat label="点赞" value={formatCount(stats.likes)} testId="over-likes" />
          </div>
        )}

        <div className="lo-actions">
          {room.hasReplay && (
            <Button
              block
              color="primary"
              shape="rounded"
              data-testid="over-replay"
              onClick={() => navigate(`${PATHS.liveVideo}?id=${room.id}`)}
            >
              看回放
            </Button>
          )}
          {live && (
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={() => navigate(`${PATHS.livePlay}?id=${room.id}`, { replace: true })}
            >
              进入直播间
            </Button>
          )}
          <Button
            block
            shape="rounded"
            className="lo-more-btn"
            data-testid="over-more"
            onClick={() => navigate(PATHS.live)}
          >
            更多直播
          </Button>
        </div>

        {others.length > 0 && (
          <section className="lo-more">
            <h2>{others.some((r) => r.state === 'live') ? '正在直播' : '为你推荐'}</h2>
            <div className="live-rec__row">
              {others.map((r) => (
                <RecommendCard key={r.id} room={r} />
              ))}
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
