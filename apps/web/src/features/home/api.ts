import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';
import { FIVE_MINUTES } from '../../core/queries.ts';
import { categoriesKey, fetchCategories } from '../../ui/category/categoriesQuery.ts';
import { goodsListKey } from '../../ui/product/goodsQuery.ts';

export const homeApi = {
  /** Rooms live now, for the home page's 直播 strip. */
  liveRecommend: () => get('live/roomRecommend'),
  banners: () => get('home/banner'),
  menu: () => get('home/menu'),
  activity: () => get('home/activity'),
  popup: () => get('home/popup'),
  classification: fetchCategories,
  barrage: () => get('home/barrage'),
  unreadAndCartCount: () => get('home/unreadAndCartCount'),
};

export const homeKeys = {
  /** The 直播 strip: live's key space, asked from the home page. */
  liveStrip: ['live', 'roomRecommend'] as const,
  banners: ['home', 'banner'] as const,
  menu: ['home', 'menu'] as const,
  activity: ['home', 'activity'] as const,
  popup: ['home', 'popup'] as const,
  barrage: ['home', 'barrage'] as const,
  categories: categoriesKey,
  goods: goodsListKey,
};

export const bannersQuery = () =>
  queryOptions({ queryKey: homeKeys.banners, queryFn: homeApi.banners, staleTime: FIVE_MINUTES });

export const menuQuery = () =>
  queryOptions({ queryKey: homeKeys.menu, queryFn: homeApi.menu, staleTime: FIVE_MINUTES });

export const activityQuery = () =>
  queryOptions({
    queryKey: homeKeys.activity,
    queryFn: homeApi.activity,
    staleTime: FIVE_MINUTES,
  });

/** The popup depends on who asks (新人专享 is not for returning buyers): keyed by the user. */
export const popupQuery = (userId: number | null = null) =>
  queryOptions({
    queryKey: [...homeKeys.popup, userId] as const,
    queryFn: homeApi.popup,
    staleTime: FIVE_MINUTES,
  });

/** Recent purchases for the home ticker; refreshed every minute while the home page shows. */
export const barrageQuery = () =>
  queryOptions({
    queryKey: homeKeys.barrage,
    queryFn: homeApi.barrage,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export { categoriesQuery } from '../../ui/category/categoriesQuery.ts';
export { goodsApi, goodsQuery, type ProductListParams } from '../../ui/product/goodsQuery.ts';
