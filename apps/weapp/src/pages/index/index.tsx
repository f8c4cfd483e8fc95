import type { Banner, MenuEntry } from '@chaopin/contracts';
import { Image, Swiper, SwiperItem, Text, View } from '@tarojs/components';
import Taro, { usePullDownRefresh } from '@tarojs/taro';
import { useCallback, useEffect, useState } from 'react';
import { api, toastError } from '../../platform/api';
import { ProductGrid } from '../../ui/ProductCard';
import { openLink, PAGES } from '../../ui/paths';
import { usePagedList } from '../../ui/usePagedList';
import '../../ui/ui.css';
import './index.css';
import { useTabBadge } from '../../ui/useTabBadge';

const PAGE_SIZE = 10;

/** 首页: search, banners, the channel menu and the 为你推荐 feed. */
export default function HomePage() {
  useTabBadge();
  const [banners, setBanners] = useState<Banner[]>([]);
  const [menu, setMenu] = useState<MenuEntry[]>([]);
  const feed = usePagedList(
    (pageNum) => api.get('goods/list', { pageNum, pageSize: PAGE_SIZE, sort: 'default' }),
    '暂无商品',
  );

  const loadTop = useCallback(
    () =>
      Promise.all([api.get('home/banner'), api.get('home/menu')])
        .then(([b, m]) => {
          setBanners(b);
          setMenu(m);
        })
        .catch(toastError),
    [],
  );

  useEffect(() => {
    void loadTop();
  }, [loadTop]);
  usePullDownRefresh(() => {
    void loadTop();
  });

  return (
    <View className="home">
      <View className="search-entry" onClick={() => void Taro.navigateTo({ url: PAGES.search })}>
        <Text className="home__search-text">搜索你想要的好物</Text>
      </View>
      {banners.length > 0 && (
        <Swiper className="home__banners" autoplay circular indicatorDots>
          {banners.map((banner) => (
            <SwiperItem key={banner.id} onClick={() => banner.link && openLink(banner.link)}>
              <Image className="home__banner" src={banner.image} mode="aspectFill" />
            </SwiperItem>
          ))}
        </Swiper>
      )}
      {menu.length > 0 && (
        <View className="home__menu">
          {menu.map((entry) => (
            <View key={entry.id} className="home__menu-item" onClick={() => openLink(entry.link)}>
              <Image className="home__menu-icon" src={entry.icon} />
              <Text className="home__menu-name">{entry.name}</Text>
            </View>
          ))}
        </View>
      )}
      <View className="section-title">为你推荐</View>
      <ProductGrid products={feed.items} footer={feed.footer} />
    </View>
  );
}
