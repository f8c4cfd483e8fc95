import type { LiveRoomCard } from '@chaopin/contracts';
import { formatCount } from '@chaopin/core/format';
import { Image, ScrollView, Text, View } from '@tarojs/components';
import Taro, { usePullDownRefresh } from '@tarojs/taro';
import { useCallback, useEffect, useState } from 'react';
import { api, toastError } from '../../platform/api';
import { PAGES } from '../../ui/paths';
import { usePagedList } from '../../ui/usePagedList';
import '../../ui/ui.css';
import './live.css';
import { useTabBadge } from '../../ui/useTabBadge';

type LiveIndex = Awaited<ReturnType<typeof loadIndex>>;
const loadIndex = () => api.get('live/querIndex');

const openRoom = (room: LiveRoomCard) =>
  void Taro.navigateTo({ url: `${PAGES.livePlay}?roomId=${room.id}` });

function RoomCard({ room }: { room: LiveRoomCard }) {
  return (
    <View className="live-card" onClick={() => openRoom(room)}>
      <Image className="live-card__cover" src={room.cover} mode="aspectFill" lazyLoad />
      <Text className="live-card__state">
        {room.stateLabel}
        {room.online > 0 ? ` · ${formatCount(room.online)}观看` : ''}
      </Text>
      <View className="live-card__body">
        <Text className="live-card__title">{room.title}</Text>
        <View className="live-card__host">
          <Image className="live-card__avatar" src={room.host.avatar} />
          <Text>{room.host.nickname}</Text>
        </View>
      </View>
    </View>
  );
}

/** 直播 tab: search, categories, recommended rooms, then every room (paged). */
export default function LivePage() {
  useTabBadge();
  const [index, setIndex] = useState<LiveIndex | null>(null);
  const [sortId, setSortId] = useState(0);
  const rooms = usePagedList(
    (pageNum) => api.get('live/list', { sortId: sortId || undefined, pageNum, pageSize: 10 }),
    '暂无直播',
    sortId,
  );
  const load = useCallback(() => loadIndex().then(setIndex).catch(toastError), []);
  useEffect(() => {
    void load();
  }, [load]);
  usePullDownRefresh(() => {
    void load();
  });
  const sorts = index?.sorts ?? [];
  const recommend = index?.recommend ?? [];

  return (
    <View className="live">
      <View
        className="search-entry live__search"
        onClick={() => void Taro.navigateTo({ url: PAGES.liveSearch })}
      >
        <Text>搜索主播、直播间</Text>
      </View>
      {sorts.length > 0 && (
        <ScrollView className="live__sorts" scrollX>
          {[{ id: 0, name: '全部' }, ...sorts].map((sort) => (
            <Text
              key={sort.id}
              className={sort.id === sortId ? 'live__sort is-active' : 'live__sort'}
              onClick={() => setSortId(sort.id)}
            >
              {sort.name}
            </Text>
          ))}
        </ScrollView>
      )}
      {sortId === 0 && recommend.length > 0 && (
        <View>
          <View className="section-title">为你推荐</View>
          <View className="live__grid">
            {recommend.map((room) => (
              <RoomCard key={room.id} room={room} />
            ))}
          </View>
        </View>
      )}
      <View className="section-title">{sortId === 0 ? '全部直播' : '直播'}</View>
      <View className="live__grid">
        {rooms.items.map((room) => (
          <RoomCard key={room.id} room={room} />
        ))}
      </View>
      {rooms.done && rooms.items.length === 0 ? (
        <View className="empty">主播们正在准备中，晚点再来看看吧</View>
      ) : (
        <View className="list-footer">{rooms.footer}</View>
      )}
    </View>
  );
}
