import { useQuery } from '@tanstack/react-query';
import { Button, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { useSession } from '../../../core/session.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { useViewerId } from '../../../ui/live/hooks.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { liveRoomQuery } from '../api.ts';
import { LiveRoomView } from '../components/LiveRoomView.tsx';
import '../play.css';

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
  return <LiveRoomView key={roomId} info={info.data} refetch={() => info.refetch()} />;
}
