import type { LiveRoomInfo, LiveShelfItem } from '@chaopin/contracts';
import { ApiCallError } from '@chaopin/core/api';
import { formatCount, formatDateMinute } from '@chaopin/core/format';
import { LikeBatcher } from '@chaopin/core/likeBatcher';
import { Button, Image, LivePlayer, ScrollView, Text, View } from '@tarojs/components';
import Taro, { useRouter } from '@tarojs/taro';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, toastError } from '../../platform/api';
import { API_ORIGIN } from '../../platform/config';
import { isLoggedIn } from '../../platform/session';
import { Price } from '../../ui/Price';
import { PAGES, productUrl } from '../../ui/paths';
import { livePlayerUrl, shelfAction } from './room';
import './play.css';

/**
 * The live room (SPEC §2 livePlay/play), native: the host's picture in <live-player> over
 * HTTP-FLV with a small cache (0.1-0.5 s, the web player's live edge), the host and the audience
 * figure, the 讲解中 item, the room's shelf, and likes sent in batches. A 预告 room shows its start
 * time and looks again every 5 s; an ended room goes to its summary. The room chat is the web
 * room's for now (it needs the IM SDK over the mini-program's socket).
 */
export default function LivePlayPage() {
  const roomId = Number(useRouter().params.id ?? 0);
  const [info, setInfo] = useState<LiveRoomInfo | null>(null);
  const [missing, setMissing] = useState(false);
  const [shelf, setShelf] = useState<LiveShelfItem[] | null>(null);
  const [likes, setLikes] = useState(0);

  const load = useCallback(() => {
    api
      .get('live/getRoomInfo', { roomId })
      .then((data) => {
        if (data.room.state === 'ended') {
          void Taro.redirectTo({ url: `/rootPages/liveOver/liveOver?id=${roomId}` });
          return;
        }
        setInfo(data);
        setLikes(data.room.likes);
      })
      .catch(() => setMissing(true));
  }, [roomId]);
  useEffect(load, [load]);

  // 预告 past its start: look again every 5 s until the host is on air.
  const waiting = info?.room.state === 'notice';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [waiting, load]);

  // Likes go in batches (the web room's batcher): a burst of taps is one call a second, and a
  // call the server finds too soon goes again with the next.
  const batcher = useMemo(
    () =>
      new LikeBatcher({
        send: (count) => api.post('live/like', { roomId, count }),
        requeue: (error) => error instanceof ApiCallError && error.errorId === 'LIVE_LIKE_TOO_FAST',
      }),
    [roomId],
  );
  useEffect(() => () => batcher.dispose(), [batcher]);

  const like = () => {
    if (!isLoggedIn()) return void Taro.navigateTo({ url: PAGES.login });
    batcher.tap();
    setLikes((n) => n + 1);
  };

  const openShelf = () => {
    api
      .get('live/shelf', { roomId })
      .then((items) => setShelf(items.filter((item) => item.status !== 'hidden')))
      .catch(toastError);
  };

  if (missing || info?.room.state === 'banned') {
    return (
      <View className="lp-gone">
        <View>直播间不存在</View>
        <View className="lp-gone__sub">去看看其他直播吧</View>
        <Button className="button-primary" onClick={() => void Taro.navigateBack()}>
          返回
        </Button>
      </View>
    );
  }
  if (!info) return <View className="lp-loading">正在进入直播间…</View>;

  const { room, pinned } = info;
  const src = room.state === 'live' ? livePlayerUrl(info.play, API_ORIGIN) : null;
  return (
    <View className="lp">
      {src ? (
        <LivePlayer
          className="lp-video"
          src={src}
          mode="live"
          autoplay
          minCache={0.1}
          maxCache={0.5}
          objectFit="fillCrop"
        />
      ) : (
        <Image className="lp-video" src={room.cover} mode="aspectFill" />
      )}
      <View className="lp-top">
        <Image className="lp-top__avatar" src={room.host.avatar} />
        <View className="lp-top__text">
          <Text className="lp-top__name">{room.host.nickname}</Text>
          <Text className="lp-top__count">{formatCount(room.online)}人在看</Text>
        </View>
      </View>
      {room.state === 'notice' && (
        <View className="lp-notice">
          <Text>直播预告</Text>
          {room.noticeAt && <Text>{formatDateMinute(room.noticeAt)} 开播</Text>}
        </View>
      )}
      {room.state === 'live' && !src && <View className="lp-notice">直播画面准备中…</View>}
      {pinned && (
        <View
          className="lp-pinned"
          onClick={() => void Taro.navigateTo({ url: productUrl(pinned.productId) })}
        >
          <Image className="lp-pinned__image" src={pinned.image} mode="aspectFill" />
          <View className="lp-pinned__text">
            <Text className="lp-pinned__tag">讲解中</Text>
            <Text className="lp-pinned__title">{pinned.title}</Text>
            <Price fen={pinned.price} />
          </View>
        </View>
      )}
      <View className="lp-bar">
        <Button className="lp-bar__shelf" onClick={openShelf}>
          直播商品 {info.shelfCount}
        </Button>
        <View className="lp-bar__spacer" />
        <Button className="lp-bar__like" onClick={like}>
          点赞 {formatCount(likes)}
        </Button>
      </View>
      {shelf && (
        <View className="lp-sheet-mask" onClick={() => setShelf(null)}>
          <View className="lp-sheet" onClick={(e) => e.stopPropagation()}>
            <View className="lp-sheet__title">直播商品 {shelf.length}</View>
            {shelf.length === 0 ? (
              <View className="lp-sheet__empty">主播还没有上架商品</View>
            ) : (
              <ScrollView scrollY className="lp-sheet__list">
                {shelf.map((item) => {
                  const action = shelfAction(item);
                  return (
                    <View key={item.productId} className="lp-item">
                      <Image className="lp-item__image" src={item.image} mode="aspectFill" />
                      <View className="lp-item__text">
                        {item.pinned && <Text className="lp-pinned__tag">讲解中</Text>}
                        <Text className="lp-item__title">{item.title}</Text>
                        <Text className="lp-item__sales">已售 {formatCount(item.sales)}</Text>
                        <Price fen={item.price} />
                      </View>
                      <Button
                        className={
                          action.buyable ? 'lp-item__buy' : 'lp-item__buy lp-item__buy--off'
                        }
                        disabled={!action.buyable}
                        onClick={() => void Taro.navigateTo({ url: productUrl(item.productId) })}
                      >
                        {action.label}
                      </Button>
                    </View>
                  );
                })}
              </ScrollView>
            )}
          </View>
        </View>
      )}
    </View>
  );
}
