import type {
  Banner,
  BarrageItem,
  CategoryNode,
  HomeActivity,
  HomePopup,
  MenuEntry,
  PageOf,
  ProductCard,
  ProductSort,
  UnreadAndCartCount,
} from '@chaopin/contracts';
import { get } from './client.ts';

export interface ProductListParams {
  pageNum: number;
  pageSize?: number;
  categoryId?: number;
  sort?: ProductSort;
}

export const homeApi = {
  banners: () => get<Banner[]>('home/banner'),
  menu: () => get<MenuEntry[]>('home/menu'),
  activity: () => get<HomeActivity[]>('home/activity'),
  popup: () => get<HomePopup | null>('home/popup'),
  classification: () => get<CategoryNode[]>('home/classification'),
  barrage: () => get<BarrageItem[]>('home/barrage'),
  unreadAndCartCount: () => get<UnreadAndCartCount>('home/unreadAndCartCount'),
};

export const goodsApi = {
  list: ({ pageNum, pageSize = 10, categoryId, sort = 'default' }: ProductListParams) =>
    get<PageOf<ProductCard>>('goods/list', { pageNum, pageSize, categoryId, sort }),
};
