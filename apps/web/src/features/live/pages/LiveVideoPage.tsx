import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount, formatDate } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { useViewerId } from '../../../ui/live/hooks.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { liveOverQuery, liveReplayQuery } from '../api.ts';
import { VideoPlayer } from '../components/VideoPlayer.tsx';
import { replaySource } from '../lib/playUrl.ts';
import { formatDuration } from '../lib/time.ts';
import { useFollowToggle } from '../useFollowToggle.ts';
import '../over.css';

/** rootPages/video/video?id=: a broadcast's replay (mp4 natively, flv through mpegts.js). */
export default function LiveVideoPage() {
  const [params] = useSearchParams();
  const roomId = Number(params.get('id'));
  const valid = Number.isInteger(roomId) && roomId > 0;
  const who = useViewerId();
  const checking = useSession((s) => s.status === 'checking');
  const goBack = useGoBack();
  const replay = useQuery({ ...liveReplayQuery(roomId), enabled: valid });
  // The follow state of the viewer (liveOver carries it).
  const over = useQuery({
    ...liveOverQuery(roomId, who),
    enabled: valid && !checking && who !== null,
    meta: { toast: false },
  });
  const [followed, setFollowed] = useState<boolean | null>(null);
  const follow = useFollowToggle(setFollowed);
  const [failed, setFailed] = useState(false);
  const source = useMemo(
    () => (replay.data ? [replaySource(replay.data, location)] : []),
    [replay.data],
  );

  const bar = (
    <div className="lv-bar">
      <button type="button" aria-label="返回" onClick={() => goBack(PATHS.live)}>
        <LeftOutline />
      </button>
      <span>直播回放</span>
    </div>
  );

  if (!valid || replay.isError) {
    return (
      <div className="lv" data-testid="live-video-page">
        {bar}
        <ErrorBlock
          className="lv-error"
          status="empty"
          title={isApiError(replay.error) ? replay.error.msg : '该场直播暂无回放'}
          description="回放可能还在生成中，请稍后再来"
        >
          <Button color="primary" shape="rounded" onClick={() => void replay.refetch()}>
            重新加载
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  const data = replay.data;
  const isFollow = followed ?? over.data?.isFollow ?? false;
  const isHost = over.data?.isHost ?? false;

  return (
    <div className="lv" data-testid="live-video-page">
      {bar}
      <div className="lv-stage">
        {data && !failed && (
          <VideoPlayer
            className="lv-video"
            sources={source}
            controls
            muted={false}
            poster={data.cover}
            onStop={() => setFailed(true)}
          />
        )}
        {failed && <p className="lv-failed">回放加载失败，请稍后重试</p>}
      </div>
      {data && (
        <div className="lv-info">
          <h1 className="lv-info__title">{data.title}</h1>
          <p className="lv-info__meta">
            时长 {formatDuration(data.durationMs)}
            {data.startedAt && ` · ${formatDate(data.startedAt)} 直播`}
          </p>
          <div className="lv-host">
            <Img
              className="lv-host__avatar"
              src={data.host.avatar}
              fallback={DEFAULT_AVATAR}
              alt=""
            />
            <div className="lv-host__text">
              <span>{data.host.nickname}</span>
              <em>{formatCount(data.host.followers)} 粉丝</em>
            </div>
            {!isHost && (
              <button
                type="button"
                className={isFollow ? 'lv-follow is-on' : 'lv-follow'}
                data-testid="video-follow"
                disabled={follow.pending}
                onClick={() => follow.toggle(data.host.id, !isFollow)}
              >
                {isFollow ? '已关注' : '关注'}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
