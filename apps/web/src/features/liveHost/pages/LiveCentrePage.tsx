import type { LiveCentreData, LiveRoomCard } from '@chaopin/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading } from 'antd-mobile';
import {
  AddOutline,
  EditSOutline,
  PlayOutline,
  ShopbagOutline,
  StopOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount, formatPrice } from '../../../core/format.ts';
import { useNow } from '../../../ui/hooks/useNow.ts';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess, showToast } from '../../../ui/toast.ts';
import { centreQuery, liveHostApi, refreshHost, statsQuery } from '../api.ts';
import { HistoryList } from '../components/HistoryList.tsx';
import { LiveStatsGrid } from '../components/LiveStatsGrid.tsx';
import { PushAddressCard } from '../components/PushAddressCard.tsx';
import { RoomFormSheet } from '../components/RoomFormSheet.tsx';
import { ShelfEditor } from '../components/ShelfEditor.tsx';
import { giftSplitText } from '../earnings.ts';
import { noticeText } from '../shelf.ts';
import { useRoomChannel } from '../useRoomChannel.ts';
import '../../../ui/live/liveHost.css';
import { ListStates } from '../../../ui/ListStates.tsx';

type Sheet = 'create' | 'edit' | 'shelf' | null;

/** liveUser: the host's live centre — the current room, its shelf and push address, the records. */
export default function LiveCentrePage() {
  const navigate = useNavigate();
  const centre = useQuery({ ...centreQuery(), meta: { toast: false } });

  if (centre.isPending) {
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  const notHost =
    (centre.isError && isApiError(centre.error) && centre.error.errorId === 'LIVE_NOT_HOST') ||
    (centre.data && centre.data.status.status !== 'approved');
  if (notHost) {
    return (
      <div className="lh-page">
        <section className="card lh-card lh-state" data-testid="centre-not-host">
          <UserAddOutline className="lh-state__icon lh-state__icon--wait" />
          <h3>您还不是主播</h3>
          <p>申请入驻成为主播后，即可在直播中心开播带货</p>
          <Button color="primary" shape="rounded" block onClick={() => navigate(PATHS.starUp)}>
            去申请入驻
          </Button>
        </section>
      </div>
    );
  }
  if (centre.isError || !centre.data) {
    return <ListStates query={centre} isEmpty empty={null} />;
  }
  return <Centre data={centre.data} />;
}

function Centre({ data }: { data: LiveCentreData }) {
  const [sheet, setSheet] = useState<Sheet>(null);
  const room = data.current;
  const { online } = useRoomChannel(room ? data.chatRoomId : null);
  return (
    <div className="lh-page lh-centre">
      <header className="lh-host">
        <Img
          className="lh-host__avatar"
          src={data.host.avatar}
          fallback={DEFAULT_AVATAR}
          alt="头像"
        />
        <div className="lh-host__info">
          <strong className="lh-host__name" data-testid="centre-nick">
            {data.host.nickname}
          </strong>
          <span className="lh-host__badge">认证主播</span>
        </div>
        <div className="lh-host__figures">
          <div>
            <b>{formatCount(data.host.followers)}</b>
            <span>粉丝</span>
          </div>
          <div>
            <b data-testid="centre-earnings">{formatPrice(data.earnings)}</b>
            <span>礼物收益</span>
          </div>
        </div>
        <p className="lh-host__split" data-testid="centre-gift-split">
          {giftSplitText(data)}
        </p>
      </header>
      {room ? (
        <CurrentRoom room={room} online={online} onSheet={setSheet} />
      ) : (
        <section className="card lh-card lh-create" data-testid="centre-no-room">
          <div className="lh-create__art">
            <PlayOutline />
          </div>
          <h3>开启一场直播</h3>
          <p>创建直播间或发布预告，添加商品后用OBS或推流App开播</p>
          <Button
            color="primary"
            shape="rounded"
            block
            data-testid="centre-create"
            onClick={() => setSheet('create')}
          >
            <AddOutline /> 创建直播
          </Button>
        </section>
      )}
      {room?.state === 'live' && <LiveFigures room={room} online={online} />}
      {room && <PushAddressCard roomId={room.id} />}
      <HistoryList />
      <RoomFormSheet
        room={sheet === 'edit' ? room : null}
        defaultSortId={data.status.sortId}
        visible={sheet === 'create' || sheet === 'edit'}
        onClose={() => setSheet(null)}
      />
      {room && (
        <ShelfEditor roomId={room.id} visible={sheet === 'shelf'} onClose={() => setSheet(null)} />
      )}
    </div>
  );
}

function CurrentRoom({
  room,
  online,
  onSheet,
}: {
  room: LiveRoomCard;
  /** The channel's count, once joined; the centre's answer until then. */
  online: number | null;
  onSheet: (s: Sheet) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const live = room.state === 'live';
  const end = useMutation({
    mutationFn: () => liveHostApi.end(room.id),
    meta: { toast: false },
    onSuccess: () => {
      showSuccess('直播已结束');
      // Leave first: refreshed while still mounted, the ended room's push address would be asked for.
      navigate(`${PATHS.liveOver}?id=${room.id}`);
      void refreshHost(queryClient);
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });
  const confirmEnd = async () => {
    const ok = await Dialog.confirm({
      title: '结束直播',
      content: '结束后观众将无法继续观看，确定结束本场直播吗？',
      confirmText: '结束直播',
      cancelText: '再播一会',
    });
    if (ok) end.mutate();
  };
  const when = live
    ? `${formatCount(online ?? room.online)}人在线`
    : room.noticeAt
      ? `${noticeText(room.noticeAt)} 开播`
      : '待开播 · 推流后自动开播';
  return (
    <section className="card lh-card lh-room" data-testid="centre-room">
      <div className="lh-room__main">
        <div className="lh-room__cover-wrap">
          <Img className="lh-room__cover" src={room.cover} alt={room.title} />
          <span className={`lh-room__state lh-room__state--${room.state}`}>
            {live && <i className="lh-dot" />}
            {room.stateLabel}
          </span>
        </div>
        <div className="lh-room__body">
          <strong className="lh-room__title" data-testid="centre-room-title">
            {room.title}
          </strong>
          <span className="lh-room__when">{when}</span>
          <span className="lh-room__figures">
            观看 {formatCount(room.viewers)} · 点赞 {formatCount(room.likes)}
          </span>
        </div>
      </div>
      <div className="lh-room__actions">
        <button type="button" data-testid="centre-edit" onClick={() => onSheet('edit')}>
          <EditSOutline />
          编辑信息
        </button>
        <button type="button" data-testid="centre-shelf" onClick={() => onSheet('shelf')}>
          <ShopbagOutline />
          商品管理
        </button>
        <button type="button" onClick={() => navigate(`${PATHS.livePlay}?id=${room.id}`)}>
          <PlayOutline />
          {live ? '进入直播间' : '预览直播间'}
        </button>
        {live && (
          <button
            type="button"
            className="lh-room__end"
            data-testid="centre-end"
            disabled={end.isPending}
            onClick={() => void confirmEnd()}
          >
            <StopOutline />
            结束直播
          </button>
        )}
      </div>
    </section>
  );
}

/** While live: the room's figures, asked for every 5 s; the clock and online count run live. */
function LiveFigures({ room, online }: { room: LiveRoomCard; online: number | null }) {
  const stats = useQuery(statsQuery(room.id));
  const now = useNow();
  const started = room.startedAt ? Date.parse(room.startedAt) : Number.NaN;
  return (
    <section className="card lh-card">
      <h3 className="lh-card__title">
        实时数据<span className="lh-card__aside">每5秒更新</span>
      </h3>
      {stats.data ? (
        <LiveStatsGrid
          stats={{
            ...stats.data,
            online: online ?? stats.data.online,
            durationMs: Number.isNaN(started) ? stats.data.durationMs : now - started,
          }}
          live
        />
      ) : (
        <DotLoading color="primary" />
      )}
    </section>
  );
}
