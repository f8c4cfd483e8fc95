import type { LiveEvent, LiveRoomInfo, LiveShelfItem } from '@chaopin/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GiftOutline, HeartFill, ShopbagOutline, SoundMuteOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatCount } from '../../../core/format.ts';
import { useSession } from '../../../core/session.ts';
import { useGoBack } from '../../../ui/hooks/useGoBack.ts';
import { Img } from '../../../ui/Img.tsx';
import { chatTextError } from '../../../ui/live/chatBody.ts';
import { useLoginGate, useViewerId } from '../../../ui/live/hooks.ts';
import { useLiveChat } from '../../../ui/live/useLiveChat.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import { liveApi, liveKeys, liveRoomQuery, liveShelfQuery } from '../api.ts';
import { LikeBatcher } from '../lib/likeBatcher.ts';
import { liveSources } from '../lib/playUrl.ts';
import { useFollowToggle } from '../useFollowToggle.ts';
import { BuySheet } from './BuySheet.tsx';
import { ChatPanel, ROOM_NOTICE, Ticker } from './ChatPanel.tsx';
import { GiftBanner, type GiftShow } from './GiftBanner.tsx';
import { GiftSheet } from './GiftSheet.tsx';
import { Hearts, type HeartsHandle } from './Hearts.tsx';
import { NoticePanel } from './NoticePanel.tsx';
import { PinnedCard } from './PinnedCard.tsx';
import { RankingSheet } from './RankingSheet.tsx';
import { RoomTopBar } from './RoomTopBar.tsx';
import { ShelfSheet } from './ShelfSheet.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';

const RECONNECT_MS = 2000;
const hasMse = () =>
  typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

type Sheet = 'shelf' | 'gift' | 'rank' | null;

/** The live room over its video: top bar, chat, pinned product, likes, gifts, the shelf, buying. */
export function LiveRoomView({
  info,
  refetch,
}: {
  info: LiveRoomInfo;
  refetch: () => Promise<unknown>;
}) {
  const room = info.room;
  const roomId = room.id;
  const navigate = useNavigate();
  const goBack = useGoBack();
  const queryClient = useQueryClient();
  const who = useViewerId();
  const user = useSession((s) => (s.status === 'in' ? s.user : null));
  const gate = useLoginGate();
  const notice = room.state === 'notice';

  const [pinned, setPinned] = useState<LiveShelfItem | null>(info.pinned);
  const [pinHidden, setPinHidden] = useState(false);
  const [shelfCount, setShelfCount] = useState(info.shelfCount);
  const [likes, setLikes] = useState(room.likes);
  const [isFollow, setFollow] = useState(info.isFollow);
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [reconnecting, setReconnecting] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [sheet, setSheet] = useState<Sheet>(null);
  const [buying, setBuying] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [giftShow, setGiftShow] = useState<GiftShow | null>(null);
  const hearts = useRef<HeartsHandle>(null);
  const shelf = useQuery({ ...liveShelfQuery(roomId), enabled: sheet === 'shelf' });

  const goOver = useCallback(
    () => navigate(`${PATHS.liveOver}?id=${roomId}`, { replace: true }),
    [navigate, roomId],
  );

  const onEvent = useCallback(
    (event: LiveEvent) => {
      switch (event.type) {
        case 'shelf':
          queryClient.setQueryData(liveKeys.shelf(roomId), event.shelf);
          setShelfCount(event.shelf.filter((i) => i.status !== 'hidden').length);
          setPinned((old) => {
            if (old?.productId !== event.pinned?.productId) setPinHidden(false);
            return event.pinned;
          });
          break;
        case 'like':
          setLikes((n) => Math.max(n, event.likes));
          if (event.userId !== who) hearts.current?.burst(Math.min(3, Math.ceil(event.count / 5)));
          break;
        case 'gift':
          setGiftShow({
            key: Date.now(),
            nickname: event.nickname,
            avatar: event.avatar,
            gift: event.gift,
            count: event.count,
          });
          break;
        case 'state':
          if (event.state === 'ended' || event.state === 'banned') goOver();
          else if (event.state === 'live') void refetch();
          break;
        default:
          break;
      }
    },
    [queryClient, roomId, who, goOver, refetch],
  );

  const me = useMemo(() => (user ? { nick: user.nickname, avatar: user.avatar } : null), [user]);
  const chat = useLiveChat({
    chatRoomId: info.chatRoomId || null,
    signedIn: who !== null,
    me,
    onEvent,
  });

  // A gift banner shows for 3 s.
  useEffect(() => {
    if (!giftShow) return;
    const timer = setTimeout(() => setGiftShow(null), 3000);
    return () => clearTimeout(timer);
  }, [giftShow]);

  // A 预告 past its start: look again every 5 s until the host is on air.
  useEffect(() => {
    if (!notice) return;
    const at = room.noticeAt ? Date.parse(room.noticeAt) : 0;
    const timer = setInterval(() => {
      if (Date.now() >= at) void refetch();
    }, 5000);
    return () => clearInterval(timer);
  }, [notice, room.noticeAt, refetch]);

  // Likes: every tap shows a heart at once; the taps go to the server in one call a second.
  const batcher = useRef<LikeBatcher | null>(null);
  useEffect(() => {
    const b = new LikeBatcher({
      send: (count) =>
        liveApi.like(roomId, count).then((r) => setLikes((n) => Math.max(n, r.likes))),
      requeue: (error) => isApiError(error) && error.errorId === 'LIVE_LIKE_TOO_FAST',
    });
    batcher.current = b;
    return () => b.dispose();
  }, [roomId]);
  const like = () => {
    if (!gate()) return;
    hearts.current?.burst();
    setLikes((n) => n + 1);
    batcher.current?.tap();
  };

  const sources = useMemo(
    () => (room.state === 'live' ? liveSources(info.play, location, { mse: hasMse() }) : []),
    [room.state, info.play],
  );
  const onStop = useCallback(async () => {
    setPlaying(false);
    setReconnecting(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...liveRoomQuery(roomId, who), staleTime: 0 });
      if (fresh.room.state === 'ended' || fresh.room.state === 'banned') return goOver();
    } catch {
      /* offline for a moment: try the stream again anyway */
    }
    setTimeout(() => setReloadKey((k) => k + 1), RECONNECT_MS);
  }, [queryClient, roomId, who, goOver]);

  const follow = useFollowToggle((on) => setFollow(on));

  const send = async () => {
    if (!gate()) return;
    const error = chatTextError(text);
    if (error) return showToast(error);
    try {
      await chat.send(text.trim());
      setText('');
    } catch (e) {
      showToast(isApiError(e) || e instanceof Error ? e.message : '发送失败，请稍后重试');
    }
  };

  const buy = (item: LiveShelfItem) => {
    if (!gate()) return;
    setSheet(null);
    setBuying(item.productId);
  };

  // The socket's count lags a few seconds behind a join: this viewer is in the room at least.
  const online = Math.max(chat.online ?? room.online, chat.connected ? 1 : 0);

  return (
    <div className="lp" data-testid="live-play" data-state={room.state}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: a touch gesture surface (tap: sound, double tap: like); the unmute and like buttons do the same for keyboards. */}
      <div
        className="lp-stage"
        onClick={() => muted && playing && setMuted(false)}
        onDoubleClick={() => !notice && like()}
      >
        <Img className="lp-stage__backdrop" src={room.cover} alt="" loading="eager" />
        {room.state === 'live' && (
          <VideoPlayer
            className={playing ? 'lp-video is-playing' : 'lp-video'}
            sources={sources}
            reloadKey={reloadKey}
            muted={muted}
            onPlaying={() => {
              setPlaying(true);
              setReconnecting(false);
            }}
            onStop={() => void onStop()}
          />
        )}
      </div>
      <div className="lp-shade lp-shade--top" />
      <div className="lp-shade lp-shade--bottom" />

      <RoomTopBar
        host={room.host}
        likes={likes}
        online={online}
        showFollow={!info.isHost && !isFollow}
        followPending={follow.pending}
        onFollow={() => follow.toggle(room.host.id, true)}
        onRanking={() => setSheet('rank')}
        onClose={() => goBack(PATHS.live)}
      />

      {room.state === 'live' && !playing && sources.length > 0 && (
        <div className="lp-tip" data-testid="live-connecting">
          <span className="lp-spinner lp-spinner--small" />
          {reconnecting ? '主播暂时离开，正在重连…' : '正在进入直播间…'}
        </div>
      )}
      {room.state === 'live' && sources.length === 0 && (
        <div className="lp-tip" data-testid="live-unsupported">
          {info.play ? '当前浏览器不支持播放直播，请升级浏览器后再试' : '直播画面准备中…'}
        </div>
      )}
      {playing && muted && (
        <button
          type="button"
          className="lp-unmute"
          data-testid="live-unmute"
          onClick={() => setMuted(false)}
        >
          <SoundMuteOutline /> 点击开启声音
        </button>
      )}
      {notice && <NoticePanel room={room} isNotice={info.isNotice} />}

      <GiftBanner show={giftShow} />

      <div className="lp-bottom">
        <Ticker line={chat.ticker} />
        {pinned && !pinHidden && (
          <PinnedCard item={pinned} onBuy={buy} onClose={() => setPinHidden(true)} />
        )}
        <ChatPanel lines={chat.lines} notice={ROOM_NOTICE} />
        <div className="lp-actions">
          <button
            type="button"
            className="lp-act lp-act--shelf"
            data-testid="live-shelf-button"
            aria-label="直播商品"
            onClick={() => setSheet('shelf')}
          >
            <ShopbagOutline />
            {shelfCount > 0 && <em data-testid="live-shelf-count">{shelfCount}</em>}
          </button>
          <form
            className="lp-input"
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <input
              data-testid="live-chat-input"
              placeholder={who === null ? '登录后参与互动' : '说点什么…'}
              value={text}
              maxLength={100}
              enterKeyHint="send"
              onFocus={(e) => {
                if (who === null) {
                  e.currentTarget.blur();
                  gate();
                }
              }}
              onChange={(e) => setText(e.target.value)}
            />
            {text.trim() && (
              <button type="submit" className="lp-input__send" data-testid="live-chat-send">
                发送
              </button>
            )}
          </form>
          {!notice && (
            <>
              <button
                type="button"
                className="lp-act"
                data-testid="live-gift-button"
                aria-label="送礼物"
                onClick={() => gate() && setSheet('gift')}
              >
                <GiftOutline />
              </button>
              <button
                type="button"
                className="lp-act lp-act--like"
                data-testid="live-like"
                aria-label="点赞"
                onClick={like}
              >
                <HeartFill />
                {likes > 0 && <em>{formatCount(likes)}</em>}
              </button>
            </>
          )}
        </div>
      </div>
      <Hearts ref={hearts} />

      <ShelfSheet
        visible={sheet === 'shelf'}
        items={shelf.data ?? []}
        loading={shelf.isPending}
        onClose={() => setSheet(null)}
        onBuy={buy}
      />
      <GiftSheet roomId={roomId} visible={sheet === 'gift'} onClose={() => setSheet(null)} />
      <RankingSheet roomId={roomId} visible={sheet === 'rank'} onClose={() => setSheet(null)} />
      <BuySheet roomId={roomId} productId={buying} onClose={() => setBuying(null)} />
    </div>
  );
}
