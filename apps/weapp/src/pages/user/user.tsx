import type { UserInfo } from '@chaopin/contracts';
import { Button, Image, Text, View } from '@tarojs/components';
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro';
import { useState } from 'react';
import { api, toastError } from '../../platform/api';
import { isLoggedIn } from '../../platform/session';
import { PAGES } from '../../ui/paths';
import { ASSETS, ORDER_SHORTCUTS, SERVICES, SETTINGS } from './entries';
import './user.css';
import { useTabBadge } from '../../ui/useTabBadge';

const open = (url: string) => void Taro.navigateTo({ url });

/** A card of entries (the web app's EntryList, as a grid). */
function Grid({ entries }: { entries: readonly { title: string; path: string }[] }) {
  return (
    <View className="my-card">
      <View className="my-grid">
        {entries.map((entry) => (
          <View key={entry.path} className="my-grid__item" onClick={() => open(entry.path)}>
            {entry.title}
          </View>
        ))}
      </View>
    </View>
  );
}

/** 我的: who is signed in, the order shortcuts, assets, services and settings. */
export default function MyPage() {
  useTabBadge();
  const [user, setUser] = useState<UserInfo | null>(null);
  const load = async () => {
    if (!isLoggedIn()) {
      setUser(null);
      return;
    }
    await api.get('user/queryUser').then(setUser).catch(toastError);
  };
  useDidShow(() => {
    void load();
  });
  usePullDownRefresh(() => {
    void load().finally(() => Taro.stopPullDownRefresh());
  });

  return (
    <View className="my">
      <View className="my-header">
        {user ? (
          <View className="my-header__profile" onClick={() => open('/pages/user/userInfo')}>
            <Image className="my-header__avatar" src={user.avatar} />
            <View>
              <View className="my-header__nickname">{user.nickname}</View>
              <View className="my-header__phone">{user.phone}</View>
            </View>
          </View>
        ) : (
          <View className="my-header__profile">
            <Button className="my-header__login" onClick={() => open(PAGES.login)}>
              登录/注册
            </Button>
            <Text className="my-header__hint">登录后享受更多专属权益</Text>
          </View>
        )}
      </View>
      <View className="my-card">
        <View className="my-card__title my-orders__head" onClick={() => open(PAGES.orders)}>
          <Text>我的订单</Text>
          <Text className="my-orders__all">全部订单 ›</Text>
        </View>
        <View className="my-grid">
          {ORDER_SHORTCUTS.map((entry) => (
            <View
              key={entry.status}
              className="my-grid__item"
              onClick={() => open(`${PAGES.orders}?status=${entry.status}`)}
            >
              {entry.title}
            </View>
          ))}
        </View>
      </View>
      <Grid entries={ASSETS} />
      <Grid entries={SERVICES} />
      <Grid entries={SETTINGS} />
    </View>
  );
}
