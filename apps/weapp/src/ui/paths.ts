import Taro from '@tarojs/taro';

/** Page paths the native pages open (app.json's, with the leading slash navigateTo wants). */
export const PAGES = {
  home: '/pages/index/index',
  category: '/pages/homeClassify/homeClassify',
  cart: '/pages/shopCar/shopCar',
  product: '/pages/shopDetails/shopDetails',
  search: '/pages/homeSearch/homeSearch',
  login: '/pages/login/login',
  livePlay: '/rootPages/livePlay/play',
  liveSearch: '/pages/live/search',
  writeOrder: '/pages/writeOrder/writeOrder',
  orders: '/pages/userMyOrder/allOrder',
  setting: '/pages/userSetting/setting',
} as const;

export const TAB_PAGES: readonly string[] = [
  PAGES.home,
  PAGES.category,
  '/pages/live/live',
  PAGES.cart,
  '/pages/user/user',
];

/** Opens an in-app link (a banner's, a menu entry's): a tab by switchTab, any other page by navigateTo. */
export function openLink(link: string): void {
  const path = link.split('?')[0] ?? link;
  if (TAB_PAGES.includes(path)) void Taro.switchTab({ url: path });
  else void Taro.navigateTo({ url: link });
}

export const productUrl = (id: number) => `${PAGES.product}?id=${id}`;
