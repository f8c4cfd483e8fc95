import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { lazy, Suspense, useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { useSession } from '../../../core/session.ts';
import { useAfterPaint } from '../../../ui/hooks/useAfterPaint.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { Img } from '../../../ui/Img.tsx';
import { useViewerId } from '../../../ui/live/hooks.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { liveRoomQuery } from '../api.ts';
import { ROOM_NOTICE } from '../components/ChatPanel.tsx';
import '../play.css';

// The room itself (chat, player, sheets: ~45 files) loads once the room is known; until then the
// room's cover shows, from this page's own small chunk (issue 31: a cold room waited on all of it
// before anything but a spinner showed).
const LiveRoomView = lazy(() =>
  import('../components/LiveRoomView.tsx').then((m) => ({ default: m.LiveRoomView })),
);

/**
 * The room's blurred cover, "正在进入直播间…" and the chat's notice where the room shows it, while
 * the room's own code loads (the notice is the largest text of a room's first screen).
 */
function RoomCover({ cover }: { cover: string }) {
  return (
    <div className="lp" data-testid="live-play-loading">
      <div className="lp-stage">
        <Img
          className="lp-stage__backdrop"
          src={cover}
          alt=""
          loading="eager"
          fetchPriority="high"
        />
      </div>
      <div className="lp-tip">
        <span className="lp-spinner lp-spinner--small" />
        正在进入直播间…
      </div>
      <div className="lp-bottom">
        {/* ChatPanel's notice line as it will show (not ChatPanel: tests find the chat by its id) */}
        <div className="chat-panel">
          <p className="chat-line chat-line--notice">{ROOM_NOTICE}</p>
        </div>
      </div>
    </div>
  );
}

/** rootPages/livePlay/play?id=: the live room (or its 预告); ended rooms go to the summary. */
export default function LivePlayPage() {
  const [params] = useSearchParams();
  const roomId = Number(params.get('id'));
  const valid = Number.isInteger(roomId) && roomId > 0;
  const who = useViewerId();
  const checking = useSession((s) => s.status === 'checking');
  const navigate = useNavigate();
  const goBack = useGoBack();
  const info = useQuery({
    ...liveRoomQuery(roomId, who),
    enabled: valid && !checking,
    meta: { toast: false },
  });
  const state = info.data?.room.state;
  // The cover shows (painted) before the room's ~45 files are asked for.
  const coverShown = useAfterPaint(Boolean(info.data));

  useEffect(() => {
    if (state === 'ended' || state === 'banned')
      navigate(`${PATHS.liveOver}?id=${roomId}`, { replace: true });
  }, [state, roomId, navigate]);

  if (!valid || info.isError) {
    return (
      <div className="lp lp--blank">
        <ErrorBlock
          status="empty"
          title={isApiError(info.error) ? info.error.msg : '直播间不存在'}
          description="去看看其他直播吧"
        >
          <Button color="primary" shape="rounded" onClick={() => goBack(PATHS.live)}>
            返回
          </Button>
        </ErrorBlock>
      </div>
    );
  }
  if (!info.data || state === 'ended' || state === 'banned') {
    return (
      <div className="lp lp--blank" data-testid="live-play-loading">
        <div className="lp-spinner" />
      </div>
    );
  }
  if (!coverShown) return <RoomCover cover={info.data.room.cover} />;
  return (
    <Suspense fallback={<RoomCover cover={info.data.room.cover} />}>
      <LiveRoomView key={roomId} info={info.data} refetch={() => info.refetch()} />
    </Suspense>
  );
}
